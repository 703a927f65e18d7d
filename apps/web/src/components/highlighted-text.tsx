import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { cn } from '../lib/cn';
import { markStartingSpan, spanAtRun, spanExtents, textRuns, type HighlightSpan, type TextRun } from '../lib/highlight';
import { revealAndFocus } from '../lib/scroll';

/** A request to reveal and focus where a span starts. */
export interface SpanFocus {
  id: string;
  /** Changes on every request, so asking for the same span twice reveals it again. */
  nonce: number;
}

/** One highlighted run as the caller styles it: the spans over it, the labels that end on it, whether it holds the selected span. */
export interface HighlightedRun<S> {
  covering: S[];
  labels: string[];
  selected: boolean;
}

/**
 * A document's text as plain text (never markup) in a scrolling, focusable region, every span a
 * <mark>: clicking one (or Enter or Space on it) selects its span, cycling through overlaps; each
 * span's labels go after its last run (as CSS content, so they are not part of the text), and a focus
 * request reveals and focuses the run where the span starts. How a mark looks is the caller's.
 */
export function HighlightedText<S extends HighlightSpan>({ text, spans, selectedId, focus, onSelect, label, emptyText, className, textRef, labelOf, markClassName, markData }: {
  text: string;
  spans: S[];
  selectedId: string | null;
  focus: SpanFocus | null;
  onSelect: (id: string) => void;
  /** The region's accessible name. */
  label: string;
  /** Shown when there is no text. */
  emptyText: string;
  /** The region's height ("max-h-[70vh]"). */
  className?: string;
  /** The element holding the text, for a caller that reads offsets of a selection in it. */
  textRef?: RefObject<HTMLDivElement | null>;
  /** The label written after a span, or null for none. */
  labelOf: (span: S) => string | null;
  markClassName: (run: HighlightedRun<S>) => string;
  /** Further data-* attributes of a mark. */
  markData?: (run: TextRun) => Record<`data-${string}`, string | boolean | undefined>;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const ownTextRef = useRef<HTMLDivElement>(null);
  const bodyRef = textRef ?? ownTextRef;
  const byId = useMemo(() => new Map(spans.map((span) => [span.id, span])), [spans]);
  const runs = useMemo(() => textRuns(text, spans), [text, spans]);
  const { first, last } = useMemo(() => spanExtents(runs), [runs]);

  useEffect(() => {
    if (!focus) return;
    const mark = markStartingSpan(bodyRef.current, focus.id);
    if (mark) revealAndFocus(frameRef.current, mark);
  }, [focus, bodyRef]);

  const choose = (run: TextRun) => {
    const next = spanAtRun(run, selectedId);
    if (next) onSelect(next);
  };

  return (
    <div
      ref={frameRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-y-auto rounded-md border border-slate-300 bg-white p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600', className)}
    >
      {text ? (
        <div ref={bodyRef} className="whitespace-pre-wrap break-words font-serif text-[0.95rem] leading-7 text-slate-900">
          {runs.map((run, index) => {
            if (run.spanIds.length === 0) return <span key={run.start}>{run.text}</span>;
            const covering = run.spanIds.map((id) => byId.get(id)!).filter(Boolean);
            const labels = covering.filter((span) => last.get(span.id) === index).map(labelOf).filter((label): label is string => Boolean(label));
            const firstOf = covering.filter((span) => first.get(span.id) === index).map((span) => span.id);
            const selected = selectedId !== null && run.spanIds.includes(selectedId);
            return (
              <mark
                key={run.start}
                tabIndex={-1}
                data-first-of={firstOf.length ? firstOf.join(' ') : undefined}
                data-label={labels.length ? labels.join(', ') : undefined}
                {...markData?.(run)}
                onClick={() => choose(run)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  choose(run);
                }}
                className={markClassName({ covering, labels, selected })}
              >
                {run.text}
              </mark>
            );
          })}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{emptyText}</p>
      )}
    </div>
  );
}
