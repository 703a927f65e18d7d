import { createContext, useContext } from 'react';

/** A section to show in the viewer; `quote` is the passage to highlight when a citation opened it. */
export interface SectionToOpen {
  sectionId: string;
  quote?: string;
}

/**
 * Citation cards sit deep inside the conversation; the viewer lives once on the page. Without a
 * provider (a card rendered on its own) there is nothing to open, so the button is not shown.
 */
export const SectionViewerContext = createContext<((section: SectionToOpen) => void) | null>(null);

export const useOpenSection = () => useContext(SectionViewerContext);
