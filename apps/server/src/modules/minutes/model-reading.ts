import type { MinutesResult, Span } from '@civicdesk/contract';
import { locateQuote, type RecordReading } from '../../platform/ai';
import { repointAmendments } from './reader';
import { outcomeIn, statedTally } from './reader/votes';

/**
 * A model's reading of the minutes joined to the built-in one, under the same rule as everything else:
 * each claim must carry words that stand in the record. The model's sentences become the gist (each
 * with the span it rests on); a motion or action it adds must lie outside what the reader already
 * found. A claim whose words are not in the record is dropped and counted.
 */
export function mergeReading(text: string, result: MinutesResult, reading: RecordReading): MinutesResult {
  let dropped = 0;
  const spanOf = (quote: string): Span | null => {
    const at = locateQuote(text, quote);
    if (!at) {
      dropped++;
      return null;
    }
    return { start: at.start, end: at.end, quote: text.slice(at.start, at.end) };
  };
  const inside = (span: Span, spans: Span[]) => spans.some((s) => span.start < s.end && span.end > s.start);

  const narrative = reading.summary.flatMap((s) => {
    const span = spanOf(s.quote);
    return span ? [{ sentence: s.sentence.trim().slice(0, 600), span }] : [];
  });
  const motions = [...result.motions];
  for (const m of reading.motions) {
    const span = spanOf(m.quote);
    if (!span || inside(span, motions.map((x) => x.span))) continue;
    const tally = m.tally ? statedTally(m.tally) : null;
    motions.push({
      text: span.quote.slice(0, 400),
      mover: m.mover,
      seconder: m.seconder,
      item: null,
      link: null,
      amends: null,
      outcome: (m.outcome && outcomeIn(m.outcome)) || (['carried', 'failed', 'withdrawn', 'tabled', 'continued'].includes(m.outcome ?? '') ? (m.outcome as MinutesResult['motions'][number]['outcome']) : 'unknown'),
      vote_kind: 'unknown',
      tally,
      votes: [],
      span,
    });
  }
  const actions = [...result.actions];
  for (const a of reading.actions) {
    const span = spanOf(a.quote);
    if (!span || inside(span, actions.map((x) => x.span))) continue;
    actions.push({ text: span.quote, owner: a.owner, due: a.due, span });
  }
  const order = <T extends { span: Span }>(items: T[]) => [...items].sort((a, b) => a.span.start - b.span.start);
  return {
    ...result,
    motions: repointAmendments(result.motions, order(motions)),
    actions: order(actions),
    narrative: narrative.length ? narrative : result.narrative,
    dropped_spans: result.dropped_spans + dropped,
  };
}

/** The built-in reading in short lines, for the model to keep or add to. */
export function foundLines(result: MinutesResult): string[] {
  return [
    ...result.motions.map((m) => `Motion: ${m.text.slice(0, 160)} — ${m.outcome}${m.tally ? ` ${m.tally.aye}-${m.tally.nay}` : ''}`),
    ...result.actions.map((a) => `Action: ${a.text.slice(0, 160)}`),
  ];
}
