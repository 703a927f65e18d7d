import type { MinutesResult, Motion, Span } from '@civicdesk/contract';
import { sentenceSpans } from '../../../platform/ai';
import { gistOf } from './gist';
import { actionsOf, continuedOf, nextMeetingOf, publicCommentOf } from './items';
import { meetingOf } from './meeting';
import { motionsOf, type Unit } from './motions';
import { Roster } from './names';
import { withoutPersonalData } from './personal-data';

export { answerFromReading, decisionOf } from './answers';
export { narrowedSpan, personalDataIn, withheldText, withoutPersonalData } from './personal-data';

/**
 * The built-in reader of minutes and transcripts (issue 12, decision 027): the meeting, its motions
 * and votes, actions and directions, public comment, items continued, the next meeting and an
 * extractive gist, every element with the span of the record it was read from.
 */
// A transcript's speaker is a person ("CHAIRMAN HOLLOWAY:", "THE SECRETARY:", "MR. HASKELL:"), never a label ("MOTION:", "VOTE:").
const SPEAKER = /^((?:Speaker|SPEAKER) \d{1,3}|(?:THE |MADAM |MR\. |MS\. |MRS\. |DR\. |VICE )?(?:CHAIR(?:MAN|WOMAN|PERSON)?|COUNCIL ?(?:MEMBER|MAN|WOMAN)|COMMISSIONER|BOARD MEMBER|MEMBER|TRUSTEE|SUPERVISOR|ALDER(?:MAN|WOMAN|PERSON)|MAYOR|PRESIDENT|SECRETARY|CLERK|DIRECTOR|COUNSEL|SPEAKER|(?<=(?:MR|MS|MRS|DR)\. )[A-Z'’-]+)(?: [A-Z][A-Z.'’-]+){0,3}):\s/;

/** The record's sentences, each with the transcript speaker whose turn it is in. */
export function unitsOf(text: string): Unit[] {
  const lineStarts: number[] = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  // In a transcript a speaker's turn runs on over paragraphs until the next speaker's label.
  const transcript = (text.match(new RegExp(SPEAKER.source, 'gm')) ?? []).length >= 3;
  let line = -1;
  let speaker: string | null = null;
  let turnStart = 0;
  return sentenceSpans(text).map(({ sentence, start }) => {
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= start) {
      line++;
      const label = SPEAKER.exec(text.slice(lineStarts[line], lineStarts[line] + 80));
      if (label) [speaker, turnStart] = [label[1], lineStarts[line] + label[0].length];
      else if (transcript && speaker && text[lineStarts[line]]?.trim()) turnStart = lineStarts[line];
      if (label) continue;
      else if (!transcript || /^\s*(?:[-=*_]{3,}|\(|[IVX]+\.|\d+\.)/.test(text.slice(lineStarts[line], lineStarts[line] + 10))) speaker = null;
    }
    const own = start === lineStarts[line] && speaker && turnStart === start + (SPEAKER.exec(sentence)?.[0].length ?? -1) ? turnStart - start : 0;
    return { start: start + own, end: start + sentence.length, sentence: sentence.slice(own), speaker, turnStart };
  });
}

/** `council`: the members of the city's council (its settings), for names the record gives by surname only. */
export function parseMinutes(text: string, council: string[] = []): MinutesResult {
  const units = unitsOf(text);
  const meeting = meetingOf(text);
  const roster = new Roster(meeting.present, meeting.absent, meeting.presiding, council);
  const publicComment = publicCommentOf(text, units);
  const motions = motionsOf(text, units, roster);
  return withoutPersonalData(text, {
    meeting,
    motions,
    actions: actionsOf(text, units, roster, publicComment),
    public_comment: publicComment,
    continued: continuedOf(text, units, motions),
    next_meeting: nextMeetingOf(text, units),
    narrative: gistOf(units).map((u) => ({ sentence: u.sentence, span: { start: u.start, end: u.end, quote: text.slice(u.start, u.end) } })),
    dropped_spans: 0,
    notice: null,
  });
}

/** The worker thread's entry: one input, the record and the city's council. */
export function parseMinutesTask(input: { text: string; council: string[] }): MinutesResult {
  return parseMinutes(input.text, input.council);
}

/**
 * An amendment names the motion it amends by its index in `motions`: after motions are dropped or
 * reordered (`now`, the same objects as in `before`), each index follows its motion, or is null when
 * that motion is gone.
 */
export function repointAmendments(before: Motion[], now: Motion[]): Motion[] {
  return now.map((m) => {
    if (m.amends === null) return m;
    const at = now.indexOf(before[m.amends]);
    return { ...m, amends: at >= 0 ? at : null };
  });
}

/** The server's check of every element's span (a model's claims are never trusted): a span must hold its words. */
export function verifySpans(text: string, result: MinutesResult): MinutesResult {
  let dropped = 0;
  const holds = (span: Span) => span.start >= 0 && span.end <= text.length && span.end > span.start && text.slice(span.start, span.end) === span.quote;
  const keep = <T extends { span: Span }>(items: T[]) =>
    items.filter((x) => {
      if (holds(x.span)) return true;
      dropped++;
      return false;
    });
  const next = result.next_meeting && holds(result.next_meeting.span) ? result.next_meeting : null;
  if (result.next_meeting && !next) dropped++;
  const motions = keep(result.motions);
  return {
    ...result,
    motions: repointAmendments(result.motions, motions),
    actions: keep(result.actions),
    public_comment: keep(result.public_comment),
    continued: keep(result.continued),
    narrative: keep(result.narrative),
    next_meeting: next,
    dropped_spans: result.dropped_spans + dropped,
  };
}
