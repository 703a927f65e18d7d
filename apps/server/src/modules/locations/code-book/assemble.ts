/**
 * Section candidates -> section records: table-of-contents entries dropped, history notes set
 * apart, the status read, duplicates reported, and ids made unique within the book.
 */

import { numberSlug, sameWords, slug, titleCase } from './names';
import { isReservedWording } from '../../../platform/retrieval/status';
import { isHistoryLine, isNotInForceTitle } from './numbering';
import { headingMatchKey, sectionKey, type Candidate, type Division, type FileOutline } from './outline';
import type { CodeBookProblem, CodeBookSection } from './types';

interface Prepared {
  c: Candidate;
  outline: FileOutline;
  key: string;
  text: string;
  history: string | null;
  /** No text and no history: a heading alone. */
  empty: boolean;
  /** A line or two, short, no history, no sentence: a TOC entry with a group heading under it. */
  slight: boolean;
  gone: boolean;
}

function prepare(c: Candidate, outline: FileOutline): Prepared {
  // Most lines have no run of spaces to fold: not rebuilding them spares a 4 MB line a million pieces.
  const items = c.body.map((raw) => (/[\t\u00a0]| {2}/.test(raw) ? raw.replace(/[\t \u00a0]+/g, ' ') : raw).trim()).filter(Boolean);
  const isNote = items.map((t) => isHistoryLine(t));
  const lastNote = isNote.lastIndexOf(true);
  let end = items.length;
  // Lines after the last history note that read as a heading are the next group's title
  // ("Department of Legislative Reference" between two sections of Baltimore's Charter).
  if (lastNote >= 0) while (end > lastNote + 1 && groupHeadingLike(items[end - 1])) end--;
  const text = items.slice(0, end).filter((_, k) => !isNote[k]);
  const notes = items.filter((_, k) => isNote[k]);
  const joined = text.join('\n');
  const history = notes.length ? notes.join(' ') : null;
  // A number that keeps only its history ("Sec. 1220." + "(Added ...; redesignated as Sec. 22A.2 ...)")
  // has no text in force: it was repealed, renumbered or moved.
  const gone =
    isNotInForceTitle(c.heading) ||
    (!joined && history !== null) ||
    (text.length === 1 && joined.length < 120 && isNotInForceTitle(joined));
  return {
    c,
    outline,
    key: sectionKey(c.title, c.chapter, c.num),
    text: joined,
    history,
    empty: !joined && !history,
    slight: !history && text.length <= 2 && joined.length < 120 && !text.some((t) => /[.;:!?]["”’)]?$/.test(t)),
    gone,
  };
}

function groupHeadingLike(line: string): boolean {
  return line.length <= 80 && !/[.:;,)"”’]$/.test(line) && /^\p{Lu}/u.test(line);
}

type Verdict = 'section' | 'toc' | 'empty';

/**
 * A heading with no body is a TOC entry, unless it is the body's own heading of a repealed or
 * reserved section (seen before in the TOC, or standing alone between sections with bodies).
 */
function verdicts(list: Prepared[]): Verdict[] {
  const lastWithBody = new Map<string, number>();
  list.forEach((p, i) => {
    if (!p.empty) lastWithBody.set(p.key, i);
  });
  const full = (p: Prepared | undefined) => p === undefined || (!p.empty && !p.slight);
  const bareGone = (p: Prepared) => p.empty && p.gone;
  // The nearest neighbour on each side that is not a bare "Reserved" heading, found in one pass each
  // way: a run of thousands of them must not be walked again for each one.
  const before = new Int32Array(list.length);
  for (let i = 0, last = -1; i < list.length; i++) {
    before[i] = last;
    if (!bareGone(list[i])) last = i;
  }
  const after = new Int32Array(list.length);
  for (let i = list.length - 1, last = list.length; i >= 0; i--) {
    after[i] = last;
    if (!bareGone(list[i])) last = i;
  }
  /** Among sections with bodies: the nearest neighbours that are not bare "Reserved" headings have bodies. */
  const amongBodies = (i: number) => full(list[before[i]]) && full(list[after[i]]) && (before[i] >= 0 || after[i] < list.length);
  const repeated = (i: number) => i >= 0 && i < list.length && (lastWithBody.get(list[i].key) ?? -1) > i;
  return list.map((p, i) => {
    // The same number again further on, with a body: this one is its TOC entry when it has no
    // body of its own, follows a bare TOC entry (the last entry of a TOC can carry the front
    // matter after it, "{Page Intentionally Left Blank}" ...), or is short among entries that
    // all come again (a TOC whose titles wrap onto a second line).
    const tocRun = !p.history && p.text.length < 200 && (repeated(i - 1) || repeated(i + 1));
    if (repeated(i) && (p.empty || p.slight || list[i - 1]?.empty || tocRun)) return 'toc';
    if (p.empty) {
      const seenBefore = (p.outline.seen.get(p.key) ?? p.c.order) < p.c.order;
      if (!seenBefore && !amongBodies(i)) return 'toc';
      return p.gone ? 'section' : 'empty';
    }
    if (p.slight && (list[i - 1]?.empty || list[i + 1]?.empty)) return 'toc';
    return 'section';
  });
}

function headingTitle(p: Prepared): string {
  const heading = p.c.heading.replace(/\s+/g, ' ').trim();
  if (/\p{Ll}/u.test(heading)) return heading;
  const toc = p.outline.tocTitles.get(p.key);
  return toc && sameWords(toc, heading) ? toc : titleCase(heading);
}

const divisionLabel = (d: Division) => `${d.kind} ${d.num}`;
const divisionPath = (d: Division) => (d.name ? `${divisionLabel(d)}. ${d.name}` : divisionLabel(d));

export interface Assembled {
  sections: CodeBookSection[];
  problems: CodeBookProblem[];
  headingsSeen: number;
}

export function assemble(outlines: FileOutline[], city: string): Assembled {
  const problems: CodeBookProblem[] = [];
  const kept: Prepared[] = [];
  /** Section key -> its place in `kept`. */
  const byKey = new Map<string, number>();
  const seen = new Set<string>();

  for (const outline of outlines) {
    for (const key of outline.seen.keys()) seen.add(key);
    const list = outline.candidates.map((c) => prepare(c, outline));
    const verdict = verdicts(list);
    list.forEach((p, i) => {
      if (verdict[i] === 'toc') return;
      if (verdict[i] === 'empty') {
        problems.push({ file: outline.file, where: p.c.where, message: `${displayNumber(p.c)} has a heading and no text` });
        return;
      }
      const at = byKey.get(p.key);
      const first = at === undefined ? undefined : kept[at];
      if (first) {
        if (first.text === p.text && first.history === p.history) return;
        if (first.slight || (first.empty && !p.empty)) {
          kept[at!] = p;
          return;
        }
        problems.push({
          file: outline.file,
          where: p.c.where,
          message: `${displayNumber(p.c)} appears again with a different text (first at ${first.outline.file}, ${first.c.where}); both are kept`,
        });
      } else byKey.set(p.key, kept.length);
      kept.push(p);
    });
  }

  const ids = assignIds(kept, city);
  const sections = kept.map((p, i): CodeBookSection => {
    const { c } = p;
    return {
      id: ids[i],
      number: displayNumber(c).slice(0, 100),
      title: headingTitle(p),
      title_number: c.title.number.slice(0, 20),
      title_name: c.title.name,
      chapter: c.chapter ? divisionLabel(c.chapter) : null,
      chapter_title: c.chapter?.name || null,
      subchapter: c.subchapter ? divisionLabel(c.subchapter) : null,
      subchapter_title: c.subchapter?.name || null,
      path: [c.title.name, c.chapter && divisionPath(c.chapter), c.subchapter && divisionPath(c.subchapter)].filter(Boolean).join(' > '),
      status: !p.gone ? 'in_force' : isReservedWording(c.heading) || (!isNotInForceTitle(c.heading) && isReservedWording(p.text)) ? 'reserved' : 'repealed',
      text: p.text,
      history: p.history,
      source_url: p.outline.baseUrl ? `${p.outline.baseUrl}${c.anchor ? `#${encodeURIComponent(c.anchor)}` : ''}` : null,
    };
  });
  return { sections, problems, headingsSeen: seen.size };
}

function displayNumber(c: Candidate): string {
  return c.prefix ? `${c.prefix} ${c.num}` : c.num;
}

/**
 * "<city>-<title>-<number>". Where a book restarts its numbering in each chapter (Baltimore's
 * Charter: § 1 in every Article), every id of that title names its chapter; otherwise only a
 * later duplicate is qualified, so the first keeps the id it would have on its own.
 */
function assignIds(kept: Prepared[], city: string): string[] {
  const chaptersOf = new Map<string, Map<string, Set<string>>>();
  for (const p of kept) {
    const byNumber = chaptersOf.get(p.c.title.number) ?? new Map<string, Set<string>>();
    chaptersOf.set(p.c.title.number, byNumber);
    const set = byNumber.get(headingMatchKey(p.c.num)) ?? new Set<string>();
    byNumber.set(headingMatchKey(p.c.num), set);
    set.add(p.c.chapter ? divisionLabel(p.c.chapter) : '');
  }
  const restarts = new Set<string>();
  for (const [title, byNumber] of chaptersOf) {
    let shared = 0;
    for (const set of byNumber.values()) if (set.size > 1) shared++;
    if (shared >= 2 && shared > byNumber.size * 0.05) restarts.add(title);
  }
  const used = new Set<string>();
  /** The next number to try after a qualified id (a thousand sections of one number count on, not up from 2 each time). */
  const nextSuffix = new Map<string, number>();
  return kept.map((p) => {
    const titleSlug = slug(p.c.title.number) || 'code';
    const chapterSlug = p.c.chapter ? slug(`${p.c.chapter.kind}${p.c.chapter.num}`) : '';
    const num = numberSlug(p.c.num);
    const plain = `${city}-${titleSlug}-${num}`;
    const qualified = chapterSlug ? `${city}-${titleSlug}-${chapterSlug}-${num}` : plain;
    let id = (restarts.has(p.c.title.number) ? qualified : plain).slice(0, 100);
    if (used.has(id)) id = qualified.slice(0, 100);
    let n = nextSuffix.get(qualified) ?? 2;
    for (; used.has(id); n++) id = `${qualified.slice(0, 95)}-${n}`;
    nextSuffix.set(qualified, n);
    used.add(id);
    return id;
  });
}
