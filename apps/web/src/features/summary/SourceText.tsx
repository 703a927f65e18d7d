import { useEffect, useMemo, useRef } from 'react';
import { cn } from '../../lib/cn';
import { markStartingSpan, spanAtRun, spanExtents, textRuns, type TextRun } from '../../lib/highlight';
import { useI18n } from '../../lib/i18n';
import { revealAndFocus } from '../../lib/scroll';
import type { ElementKind, ElementSpan } from './summary-elements';

export interface SourceFocus {
  id: string;
  /** Changes on every request, so asking for the same element twice reveals it again. */
  nonce: number;
}

/** Gist sentences and quotes of answers are underlined only; the summary's own elements are shaded and labelled; the chosen one is blue and outlined. */
const QUIET_KINDS: ElementKind[] = ['gist', 'citation'];

/**
 * The minutes as plain text (never markup), every element's span a highlight: clicking one (or
 * Enter on it) selects its element, and an element selected in the result is revealed and focused here.
 */
export function SourceText({ text, spans, activeId, focus, onSelect, labelOf }: {
  text: string;
  spans: ElementSpan[];
  activeId: string | null;
  focus: SourceFocus | null;
  onSelect: (id: string) => void;
  /** The label written after an element's span ("Motion 1"), or null for none. */
  labelOf: (span: ElementSpan) => string | null;
}) {
  const { t } = useI18n();
  const frameRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(spans.map((span) => [span.id, span])), [spans]);
  const runs = useMemo(() => textRuns(text, spans), [text, spans]);
  const { first, last } = useMemo(() => spanExtents(runs), [runs]);

  useEffect(() => {
    if (!focus) return;
    const mark = markStartingSpan(textRef.current, focus.id);
    if (mark) revealAndFocus(frameRef.current, mark);
  }, [focus]);

  const choose = (run: TextRun) => {
    const next = spanAtRun(run, activeId);
    if (next) onSelect(next);
  };

  return (
    <div
      ref={frameRef}
      role="region"
      aria-label={t('minutesSourceText')}
      tabIndex={0}
      className="max-h-[75vh] overflow-y-auto rounded-md border border-slate-300 bg-white p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {text ? (
        <div ref={textRef} className="whitespace-pre-wrap break-words font-serif text-[0.95rem] leading-7 text-slate-900">
          {runs.map((run, index) => {
            if (run.spanIds.length === 0) return <span key={run.start}>{run.text}</span>;
            const covering = run.spanIds.map((id) => byId.get(id)!).filter(Boolean);
            const quiet = covering.every((span) => QUIET_KINDS.includes(span.kind));
            const labels = covering.filter((span) => last.get(span.id) === index).map(labelOf).filter(Boolean);
            const firstOf = covering.filter((span) => first.get(span.id) === index).map((span) => span.id);
            const active = activeId !== null && run.spanIds.includes(activeId);
            return (
              <mark
                key={run.start}
                tabIndex={-1}
                data-first-of={firstOf.length ? firstOf.join(' ') : undefined}
                data-elements={run.spanIds.join(' ')}
                data-label={labels.length ? labels.join(', ') : undefined}
                data-active={active || undefined}
                onClick={() => choose(run)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  choose(run);
                }}
                className={cn(
                  'cursor-pointer rounded-sm text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700',
                  // The app's stylesheet shades every <mark> (unlayered, so it outranks plain utilities): quiet and active ones override it.
                  quiet && 'bg-transparent! underline decoration-slate-500 decoration-dotted decoration-2 underline-offset-4',
                  active && 'bg-blue-100! outline-2 outline-blue-700 decoration-transparent',
                  labels.length > 0 &&
                    "after:ml-1 after:inline-block after:whitespace-nowrap after:rounded after:border after:border-slate-500 after:bg-white after:px-1 after:font-sans after:text-[0.7rem] after:font-semibold after:text-slate-900 after:content-[attr(data-label)] after:select-none",
                )}
              >
                {run.text}
              </mark>
            );
          })}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('minutesNoText')}</p>
      )}
    </div>
  );
}
