/**
 * A document's text cut into runs for display: plain runs, and runs covered by one or more
 * highlighted spans (a compliance finding, an element of a summary). Offsets are UTF-16 code units (JavaScript string indices), as the contract says, so
 * `text.slice` is exact; a boundary that would split a surrogate pair (an emoji) is widened to keep
 * the character whole rather than render half of it.
 */
export interface HighlightSpan {
  id: string;
  start: number | null;
  end: number | null;
}

export interface TextRun {
  start: number;
  end: number;
  text: string;
  /** The spans covering this run, in the order they were given; empty for plain text. */
  spanIds: string[];
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Moves a boundary that falls between the two halves of a surrogate pair: back for a start, on for an end. */
function wholeCharacterBoundary(text: string, index: number, direction: -1 | 1): number {
  if (index <= 0 || index >= text.length) return index;
  const splitsPair = isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index));
  return splitsPair ? index + (direction === 1 ? 1 : -1) : index;
}

/** The spans that can be shown: whole numbers inside the text, clamped, non-empty. */
function usableSpans(text: string, spans: HighlightSpan[]) {
  const usable: { id: string; start: number; end: number }[] = [];
  for (const span of spans) {
    if (span.start === null || span.end === null || !Number.isInteger(span.start) || !Number.isInteger(span.end)) continue;
    const start = wholeCharacterBoundary(text, Math.max(0, span.start), -1);
    const end = wholeCharacterBoundary(text, Math.min(text.length, span.end), 1);
    if (start < end) usable.push({ id: span.id, start, end });
  }
  return usable;
}

/**
 * Runs covering the whole text in order. Overlapping spans split into runs at every boundary, each
 * run listing all the spans over it; adjacent spans stay separate runs.
 */
export function textRuns(text: string, spans: HighlightSpan[]): TextRun[] {
  const usable = usableSpans(text, spans);
  const cuts = new Set<number>([0, text.length]);
  for (const span of usable) {
    cuts.add(span.start);
    cuts.add(span.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const runs: TextRun[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i];
    const end = points[i + 1];
    const spanIds = usable.filter((span) => span.start <= start && span.end >= end).map((span) => span.id);
    const previous = runs.at(-1);
    // Plain text between cuts that only other spans made is merged back into one run.
    if (previous && spanIds.length === 0 && previous.spanIds.length === 0) {
      previous.end = end;
      previous.text += text.slice(start, end);
    } else {
      runs.push({ start, end, text: text.slice(start, end), spanIds });
    }
  }
  return runs;
}

/** The span a click on a run selects: the next one after the selected span, so repeated clicks cycle through overlaps. */
export function spanAtRun(run: TextRun, selectedId: string | null): string | null {
  if (run.spanIds.length === 0) return null;
  const index = selectedId ? run.spanIds.indexOf(selectedId) : -1;
  return run.spanIds[(index + 1) % run.spanIds.length];
}

/** For each span, the index of the first run it covers (where focus goes) and of the last (where its label goes). */
export function spanExtents(runs: TextRun[]): { first: Map<string, number>; last: Map<string, number> } {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  runs.forEach((run, index) => {
    for (const id of run.spanIds) {
      if (!first.has(id)) first.set(id, index);
      last.set(id, index);
    }
  });
  return { first, last };
}

/** The rendered mark where a span starts: marks carry the ids of the spans they start in `data-first-of` ("id1 id2"). */
export function markStartingSpan(root: HTMLElement | null, spanId: string): HTMLElement | null {
  const marks = root?.querySelectorAll<HTMLElement>('[data-first-of]') ?? [];
  return [...marks].find((element) => element.dataset.firstOf!.split(' ').includes(spanId)) ?? null;
}
