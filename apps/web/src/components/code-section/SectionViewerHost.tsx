import { useCallback, useRef, useState, type ReactNode } from 'react';
import { SectionViewerContext, type SectionToOpen } from './section-viewer-context';
import { SectionViewer } from './SectionViewer';

/** One section viewer per page, opened from any citation card or searched-section link inside it. */
export function SectionViewerHost({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<SectionToOpen | null>(null);
  // The viewer has many openers and no Radix trigger, so it gives focus back to whichever opened it.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((section: SectionToOpen) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setTarget(section);
  }, []);
  return (
    <SectionViewerContext.Provider value={open}>
      {children}
      <SectionViewer
        target={target}
        onNavigate={setTarget}
        onClose={() => setTarget(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus({ preventScroll: true });
        }}
      />
    </SectionViewerContext.Provider>
  );
}
