import { isCalendarDay, SECTION_STATUSES } from '@civicdesk/contract';
import { z } from 'zod';

/**
 * The JSONL shapes of data/demo/ (see its README), checked line by line: a line that does not fit
 * is counted and reported, never half-imported.
 */
const optionalText = z.string().nullish().transform((v) => (v && v.trim()) || null);
/** An ISO day; "2016/11/29" is read as 2016-11-29; anything else that is not a real date becomes null. */
const isoDay = z
  .string()
  .nullish()
  .transform((v) => normaliseDay(v));

export function normaliseDay(value: string | null | undefined): string | null {
  const match = value?.trim().match(/^(\d{4})[-/](\d{2})[-/](\d{2})$/);
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  // The contract's one test of a real calendar day.
  return isCalendarDay(day) ? day : null;
}

export const legislationRecord = z.object({
  id: z.string().min(1).max(100),
  kind: z.string().min(1).max(20),
  council_period: z.number().int().nullish(),
  law_number: optionalText,
  act_number: optionalText,
  bill_number: optionalText,
  /** The file number clerks cite ("18-1646"); when absent, the District's "B{bill_number}". */
  file_number: optionalText.optional(),
  title: z.string().nullish().transform((v) => v?.trim() ?? ''),
  long_title: z.string().nullish().transform((v) => v?.trim() ?? ''),
  introduced: isoDay,
  enacted: isoDay,
  effective: isoDay,
  committee: optionalText,
  summary: z.string().nullish().transform((v) => v?.trim() ?? ''),
  votes: z
    .array(z.object({ date: z.string(), reading: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
  history_url: optionalText,
  text: z.string().nullish().transform((v) => withText(v ?? '')),
  document_type: z.enum(['ORDINANCE', 'RESOLUTION', 'PROCLAMATION']).optional(),
});
export type LegislationRecord = z.infer<typeof legislationRecord>;

/** A line that is only a section's number or label ("2", "4a", "(b)", "IV."): a heading whose words were not extracted. */
const BARE_LABEL = /^\s*(?:(?:sec(?:tion)?\.?\s*)?\d{1,4}[a-z]?|\(?[a-z]{1,3}\)|[ivxlc]{1,6})\.?\s*$/i;
/**
 * A measure's text, or '' when the source holds only its sections' numbers: 441 of the D.C. laws in the
 * shipped file read "2", "2\n3\n4" …, which a reader would be shown as the law's text and its search snippet.
 */
export function withText(text: string): string {
  return text.split('\n').every((line) => !line.trim() || BARE_LABEL.test(line)) ? '' : text;
}

export const meetingRecord = z.object({
  id: z.string().min(1).max(100),
  date: z.string().transform((v, ctx) => normaliseDay(v) ?? (ctx.addIssue({ code: 'custom', message: 'not a date' }), z.NEVER)),
  meeting_type: z.string().min(1).max(100),
  title: z.string().min(1).max(500),
  body: optionalText,
  derived_from: optionalText,
});
export type MeetingRecord = z.infer<typeof meetingRecord>;

export const agendaItemRecord = z.object({
  id: z.string().min(1).max(100),
  agenda_id: z.string().min(1).max(100),
  date: isoDay,
  section_name: optionalText,
  title: z.string().min(1),
  description: z.string().nullish().transform((v) => v?.trim() ?? ''),
  document_type: z.enum(['AGENDA_ITEM', 'RESOLUTION', 'PROCLAMATION', 'ORDINANCE']).default('AGENDA_ITEM'),
  file_number: optionalText,
  committee: optionalText,
  legislation_id: optionalText,
  status: optionalText,
});
export type AgendaItemRecord = z.infer<typeof agendaItemRecord>;

export const codeSectionRecord = z.object({
  id: z.string().min(1).max(100),
  number: z.string().min(1).max(100),
  title: z.string().nullish().transform((v) => v?.trim() ?? ''),
  title_number: z.string().min(1).max(20),
  title_name: z.string().nullish().transform((v) => v?.trim() ?? ''),
  chapter: optionalText,
  chapter_title: optionalText,
  subchapter: optionalText,
  subchapter_title: optionalText,
  path: z.string().nullish().transform((v) => v ?? ''),
  status: z.enum(SECTION_STATUSES),
  text: z.string().nullish().transform((v) => v ?? ''),
  source_url: optionalText,
  /** The book's history note of the section ("(Ord. 56-421; Ord. 66-743)"), when the city's book has one. */
  history: optionalText,
});
export type CodeSectionRecord = z.infer<typeof codeSectionRecord>;

/** A measure's number as a key: "Ord. No. 20-7", "ORDINANCE NO. 20-7" and "20-7" are one (agendas print it every way). */
export function measureNumberKey(n: string): string {
  return n
    .toLowerCase()
    .replace(/^\s*(?:(?:council\s+)?bill|ord(?:inance)?|res(?:olution)?|proclamation|file|doc(?:ument)?)?\s*\.?\s*(?:no\.?|number|#)?\s*:?\s*/, '')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** How far a measure went, from its dates and votes. */
export function legislationStatus(r: LegislationRecord): string {
  if (r.effective) return 'Effective';
  if (r.enacted) return 'Enacted';
  if (r.votes.length) return 'Passed';
  return 'Introduced';
}

/** A title for the screen even when the source has none (some old laws). */
export function legislationTitle(r: LegislationRecord): string {
  if (r.title) return r.title;
  if (r.long_title) return r.long_title.slice(0, 300);
  return r.kind === 'act' ? `D.C. Act ${r.act_number ?? r.id}` : `D.C. Law ${r.law_number ?? r.id}`;
}
