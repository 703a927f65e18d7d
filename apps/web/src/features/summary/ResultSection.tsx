import { useId, type ReactNode } from 'react';

/** A titled part of a summary (h3), named by its heading for landmarks navigation. */
export function ResultSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
