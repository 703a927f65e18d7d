import { contentWords, looksLikeInjection, sentencesOf } from './text';
import type { NewSection, Source } from './types';
import { escapeRegExp } from '../regex';

/**
 * The edits the built-in engine can make honestly, by rule (issue 10): replace words, change a
 * number, amount or date, add or remove a standard clause (severability, effective date), add a
 * WHEREAS recital quoting a section the request names, add a finding the request states, add a section
 * stating a rule the drafter wrote from the request's words, the long title following (issue 32),
 * renumber sections, make a defined term consistent, change or shorten the short title. A request of several parts ("add a severability clause and
 * change the short title to ...") is done part by part, in order (issue 19); a part no rule can
 * do is named in the summary beside the parts done, never guessed at.
 */
export const SUPPORTED_EDITS = [
  'Replace words: replace "Director" with "Administrator"',
  'Change a number, amount or period: change 15 days to 10 days; change the fee from $25 to $50',
  'Set a date or amount left as a placeholder: set the effective date to January 1, 2027; set the amount to $75,000',
  'Add or remove a standard clause: add a severability clause; add an effective date; remove the severability clause',
  'Add a WHEREAS recital quoting a section: add a WHEREAS citing section 2-532',
  'Add a finding in your words: add a finding that transportation is a major source of emissions',
  'Add a section that states a rule: add a section requiring beekeepers to register each hive with the Department of Health',
  'Shorten the short title: shorten the title',
  'Renumber the sections',
  'Make a defined term consistent: fix defined terms',
  'Change the short title: change the short title to "Records Response Time Amendment Act of 2027"',
  'Several of these at once, joined by "and", "then" or ";": add a severability clause and change the short title to "..."',
];

export interface RuleEdit {
  text: string;
  applied: boolean;
  summary: string;
  /** Nothing to do because the text already is as asked (a model's edit is checked this way). */
  already?: boolean;
}

const QUOTED = String.raw`["“'‘]?(.+?)["”'’]?`;
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DATE = new RegExp(String.raw`\b(?:${MONTHS})\s+\d{1,2},\s+\d{4}\b`);
const AMOUNT = /\$\s?\d[\d,]*(?:\.\d{2})?/;
const UNIT = String.raw`(?:working\s+days?|business\s+days?|calendar\s+days?|days?|hours?|minutes?|weeks?|months?|years?|percent|%|dollars?)`;
const FROM_TO = new RegExp(String.raw`\b(?:change|replace|reduce|increase|raise|lower|shorten|extend|make)?\s*(?:.*?\s)?from\s+(\$?\s?\d[\d,.]*)(?:\s+(${UNIT}))?\s+to\s+(\$?\s?\d[\d,.]*)(?:\s+(${UNIT}))?`, 'i');
const SECTION_LINE = /^(\s*(?:\*\*)?)(Sec\.|Section)\s+(\d+)([a-z]?)\.(\s*)/;

const count = (text: string, phrase: string) => (phrase ? text.split(phrase).length - 1 : 0);
const done = (text: string, summary: string): RuleEdit => ({ text, applied: true, summary });
const refused = (text: string, summary: string): RuleEdit => ({ text, applied: false, summary });
const already = (text: string, summary: string): RuleEdit => ({ text, applied: false, summary, already: true });

function replaceAll(text: string, from: string, to: string): RuleEdit {
  const n = count(text, from);
  // "crossing guards" -> "school crossing guards": the old words left inside the new ones are done.
  const left = to.includes(from) ? n - count(text, to) * count(to, from) : n;
  if (left <= 0 && count(text, to)) return already(text, `The text already reads "${to}".`);
  if (!n) {
    const loose = new RegExp(escapeRegExp(from), 'gi');
    const m = text.match(loose)?.length ?? 0;
    if (!m) return refused(text, `The text does not contain "${from}".`);
    return done(text.replace(loose, to), `Replaced "${from}" with "${to}" (${m} place${m === 1 ? '' : 's'}).`);
  }
  return done(text.split(from).join(to), `Replaced "${from}" with "${to}" (${n} place${n === 1 ? '' : 's'}).`);
}

/** "from 15 to 10 working days": the old quantity as the text writes it, with the unit carried over. */
function changeQuantity(text: string, m: RegExpExecArray): RuleEdit {
  const unit = (m[4] ?? m[2] ?? '').trim();
  const from = m[1].replace(/\s+/g, '');
  const to = m[3].replace(/\s+/g, '');
  const withUnit = (q: string) => (unit && !/%$/.test(q) ? `${q} ${unit}` : q);
  if (unit && count(text, withUnit(from))) return replaceAll(text, withUnit(from), withUnit(to));
  if (unit && count(text, withUnit(to))) return already(text, `The text already says ${withUnit(to)}.`);
  const noun = unit.split(/\s+/).pop()?.replace(/s$/, '');
  if (noun) {
    const re = new RegExp(`(?<![\\d$.,])${escapeRegExp(from)}((?:[\\s-]+(?:working|business|calendar))?[\\s-]+${escapeRegExp(noun)}s?)\\b`, 'g');
    const hits = text.match(re)?.length ?? 0;
    if (hits) return done(text.replace(re, (_all, tail: string) => `${to}${tail}`), `Changed ${withUnit(from)} to ${withUnit(to)} (${hits} place${hits === 1 ? '' : 's'}).`);
  }
  return replaceAll(text, from, to);
}

/** "set the effective date to January 1, 2027": a placeholder of that kind, or the one date there is. */
function setValue(text: string, what: 'date' | 'amount', value: string, label: string): RuleEdit {
  const placeholders = [...text.matchAll(/\[[^\]\n]{1,60}\]/g)].map((m) => m[0]);
  const wanted = placeholders.find((ph) => (label ? ph.toLowerCase().includes(label.toLowerCase()) : false)) ?? placeholders.find((ph) => ph.toLowerCase().includes(what === 'date' ? 'date' : 'amount'));
  if (wanted) return done(text.split(wanted).join(value), `Set ${wanted} to ${value}.`);
  if (text.includes(value)) return already(text, `The text already says ${value}.`);
  const pattern = what === 'date' ? new RegExp(DATE.source, 'g') : new RegExp(AMOUNT.source, 'g');
  const found = [...new Set(text.match(pattern) ?? [])];
  if (found.length === 1) return done(text.split(found[0]).join(value), `Changed ${found[0]} to ${value}.`);
  return refused(text, found.length ? `The text has ${found.length} different ${what}s (${found.join(', ')}): say which one, e.g. "change ${found[0]} to ${value}".` : `The text has no ${what} or [${what}] placeholder to set.`);
}

/** Renumbers "Sec. N." / "Section N." headings in order (2, 3, 4...), keeping the first number. */
export function renumberSections(text: string): RuleEdit {
  const lines = text.split('\n');
  let next: number | null = null;
  let changed = 0;
  const out = lines.map((line) => {
    const m = SECTION_LINE.exec(line);
    if (!m) return line;
    next = next === null ? Number(m[3]) : next + 1;
    if (Number(m[3]) === next && !m[4]) return line;
    changed++;
    return line.replace(SECTION_LINE, `${m[1]}${m[2]} ${next}.${m[5]}`);
  });
  return changed ? done(out.join('\n'), `Renumbered ${changed} section${changed === 1 ? '' : 's'}.`) : already(text, 'The sections are already numbered in order.');
}

/**
 * Lines of a new section put in at `at`, its number carrying on from the numbered section before it (else
 * the one after it, else 1), the sections after it renumbered. Its heading line is written without a number.
 */
function insertSection(lines: string[], at: number, word: string, added: string[]): { text: string; number: number } {
  const before = lines.slice(0, at).reduce<RegExpExecArray | null>((found, l) => SECTION_LINE.exec(l) ?? found, null);
  const after = before ? null : lines.slice(at).map((l) => SECTION_LINE.exec(l)).find(Boolean);
  const number = before ? Number(before[3]) + 1 : after ? Number(after[3]) : 1;
  const out = [...lines];
  out.splice(at, 0, `${word} ${number}. ${added[0]}`, ...added.slice(1));
  return { text: renumberSections(out.join('\n')).text, number };
}

/**
 * The subsections a sentence refers to, by their labels: `{rule}` (what a fine punishes: "subsection (a)
 * or (b) of this section") and `{rules}` (what a scope limits: "subsections (a) and (b) of this section").
 * `whole`: the rules are the whole section (a new section), so `{rules}` is "this section". `{first}` is the first rule alone.
 */
export function referringTo(sentence: string, labels: string[], whole: boolean): string {
  const of = (joiner: 'or' | 'and') =>
    !labels.length
      ? 'this section'
      : labels.length === 1
        ? `subsection ${labels[0]} of this section`
        : labels.length === 2
          ? `${joiner === 'and' ? 'subsections' : 'subsection'} ${labels[0]} ${joiner} ${labels[1]} of this section`
          : `subsections ${labels[0]} through ${labels.at(-1)} of this section`;
  // `{first}`: the rule the request asked first alone (what the city may do when that one is not followed).
  const said = sentence
    .replace('{rule}', of('or'))
    .replace('{rules}', whole ? 'this section' : of('and'))
    .replace('{first}', labels.length ? `subsection ${labels[0]} of this section` : 'this section');
  return said[0].toUpperCase() + said.slice(1);
}

/** A rule's sentences as a section's text: lettered subsections when there are several; a fine's `{rule}` names the first `rules` of them. */
export function letteredSentences(sentences: string[], rules = 1): { labels: string[]; texts: string[] } {
  const labels = sentences.length > 1 ? sentences.map((_, i) => `(${String.fromCharCode(97 + i)}) `) : [''];
  const ruleLabels = sentences.length > 1 ? labels.slice(0, Math.max(1, rules)).map((l) => l.trim()) : [];
  return { labels, texts: sentences.map((s) => referringTo(s, ruleLabels, true)) };
}

function sectionWord(text: string) {
  return /^\s*Sec\.\s+\d/m.test(text) ? 'Sec.' : 'Section';
}

const SEVERABILITY = 'If any provision of this act or its application to any person or circumstance is held invalid, the invalidity shall not affect other provisions or applications of the act which can be given effect without the invalid provision or application, and to this end the provisions of this act are severable.';
/** The D.C. Council's standard clauses (its enacted acts, data/demo): the drafter's form and the edit rules share them. */
export const DC_FISCAL =
  'The Council adopts the fiscal impact statement in the committee report as the fiscal impact statement required by section 4a of the General Legislative Procedures Act of 1975, approved October 16, 2006 (120 Stat. 2038; D.C. Official Code § 1-301.47a).';
export const DC_EFFECTIVE =
  'This act shall take effect following approval by the Mayor (or in the event of veto by the Mayor, action by the Council to override the veto), a 30-day period of congressional review as provided in section 602(c)(1) of the District of Columbia Home Rule Act, approved December 24, 1973 (87 Stat. 813; D.C. Official Code § 1-206.02(c)(1)), and publication in the District of Columbia Register.';

/**
 * The clause of an act codified in Title 22, 23 or 24 (criminal law): the Home Rule Act's section
 * 602(c)(2) gives Congress 60 days, not 30 (44 of the enacted acts in data/demo say it this way).
 */
export const DC_EFFECTIVE_CRIMINAL =
  'This act shall take effect following approval by the Mayor (or in the event of veto by the Mayor, action by the Council to override the veto), a 60-day period of congressional review as provided in section 602(c)(2) of the District of Columbia Home Rule Act, approved December 24, 1973 (87 Stat. 813; D.C. Official Code § 1-206.02(c)(2)), and publication in the District of Columbia Register.';

/** Adds a "Sec. N. <Name>." clause before the effective-date clause (or at the end), then renumbers. */
function addClause(text: string, name: string, body: string): RuleEdit {
  if (new RegExp(`^\\s*(?:Sec\\.|Section)\\s+\\d+[a-z]?\\.\\s+${escapeRegExp(name)}\\.`, 'mi').test(text)) return already(text, `The text already has a ${name.toLowerCase()} clause.`);
  const lines = text.split('\n');
  const effective = lines.findIndex((l) => /^\s*(?:Sec\.|Section)\s+\d+[a-z]?\.\s+Effective date\./i.test(l));
  const lastSection = lines.reduce((at, l, i) => (SECTION_LINE.test(l) ? i : at), -1);
  const at = effective >= 0 && name !== 'Effective date' ? effective : lastSection >= 0 ? lastSection + 1 : lines.length;
  return done(insertSection(lines, at, sectionWord(text), [`${name}. ${body}`]).text, `Added a ${name.toLowerCase()} clause.`);
}

function removeClause(text: string, name: string): RuleEdit {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^\\s*(?:Sec\\.|Section)\\s+\\d+[a-z]?\\.\\s+${escapeRegExp(name)}`, 'i').test(l));
  if (at < 0) return already(text, `The text has no ${name.toLowerCase()} clause.`);
  lines.splice(at, 1);
  return done(renumberSections(lines.join('\n')).text, `Removed the ${name.toLowerCase()} clause and renumbered the sections.`);
}

/** A WHEREAS recital quoting the named section's sentence that best matches the request. */
function addRecital(text: string, instruction: string, sources: Source[]): RuleEdit {
  const source = sources[0];
  if (!source) return refused(text, 'Name the section the recital should quote, e.g. "add a WHEREAS citing section 2-532".');
  const words = new Set(contentWords(instruction));
  const sentence =
    sentencesOf(source.text)
      .filter((s) => s.length >= 40 && s.length <= 600 && !looksLikeInjection(s))
      .map((s) => ({ s, score: contentWords(s).filter((w) => words.has(w)).length }))
      .sort((a, b) => b.score - a.score)[0]?.s ?? null;
  if (!sentence) return refused(text, `${source.label} has no sentence to quote.`);
  const recital = `WHEREAS, section ${source.label.replace(/^§+\s*/, '')} of the ${/District of Columbia/.test(text) ? 'District of Columbia Official Code' : 'Code'} provides: "${sentence}";`;
  const lines = text.split('\n');
  const last = lines.reduce((at, l, i) => (/^\s*WHEREAS,/.test(l) ? i : at), -1);
  lines.splice(last >= 0 ? last + 1 : 0, 0, recital);
  return done(lines.join('\n'), `Added a WHEREAS recital quoting ${source.label}.`);
}

/**
 * A finding the request states ("add a finding that transportation is a major source of emissions"),
 * in the requester's words, where the form puts findings: a WHEREAS after the last recital, or, in a
 * bill without recitals, a "Findings." section after the enacting clause, the sections after it
 * renumbered. Nothing is added that the request does not say.
 */
function addFinding(text: string, finding: string): RuleEdit {
  const said = finding.trim().replace(/^["“']|["”']$/g, '').replace(/[.;,\s]+$/, '');
  if (!said) return refused(text, 'Say the finding, e.g. add a finding that "the Council has received 200 complaints".');
  if (text.includes(said)) return already(text, `The text already finds that ${said}.`);
  const lines = text.split('\n');
  const last = lines.reduce((at, l, i) => (/^\s*WHEREAS,/.test(l) ? i : at), -1);
  if (last >= 0) {
    lines.splice(last + 1, 0, `WHEREAS, ${said};`);
    return done(lines.join('\n'), 'Added a WHEREAS recital with the finding, after the last recital.');
  }
  const first = lines.findIndex((l) => SECTION_LINE.test(l));
  if (first < 0) return refused(text, 'The text has no recitals and no numbered sections to put a finding among.');
  const m = SECTION_LINE.exec(lines[first])!;
  lines.splice(first, 0, `${m[2]} ${m[3]}. Findings. The Council finds that ${said}.`);
  return done(renumberSections(lines.join('\n')).text, `Added a findings section (${m[2]} ${m[3]}) and renumbered the sections after it.`);
}

/** "add a section requiring …", "insert a new section that prohibits …": not "add section 2-532" (a section named). */
export const ADD_SECTION = /^(?:add|insert|include)\s+(?:a\s+)?(?:new\s+)?section\b(?!\s*(?:§\s*)?\d)\s*(.*)$/i;
/** The clauses that close a bill: a new section goes before the first of them. */
const CLOSING_CLAUSE = /^\s*(?:\*\*)?(?:Sec\.|Section)\s+\d+[a-z]?\.\s+(?:Applicability|Fiscal impact statement|Severability|Effective date|Repealer)\b/i;

/** The long title with one more purpose: "To amend X to require A." -> "To amend X to require A, and to require B.". */
function longTitleWith(text: string, purpose: string): { text: string; changed: boolean } {
  const lines = text.split('\n');
  const enacted = lines.findIndex((l) => /\bBE IT (?:ENACTED|RESOLVED|ORDAINED)\b/i.test(l));
  const before = enacted >= 0 ? enacted : lines.length;
  const at = lines.findIndex((l, i) => i < before && (/^\s*To\s+\w.*\.\s*$/.test(l) || /^\s*(?:AN ORDINANCE|A RESOLUTION)\b/.test(l)));
  if (at < 0) return { text, changed: false };
  const line = lines[at];
  if (/^\s*(?:AN ORDINANCE|A RESOLUTION)\b/.test(line)) {
    lines[at] = `${line.replace(/[.\s]+$/, '')}, AND TO ${purpose.toUpperCase()}`;
  } else {
    const body = line.trim().replace(/\.$/, '');
    const last = body.lastIndexOf(', and to ');
    const listed = last >= 0 ? `${body.slice(0, last)}, to ${body.slice(last + ', and to '.length)}` : body;
    lines[at] = `${listed}, and to ${purpose}.`;
  }
  return { text: lines.join('\n'), changed: true };
}

/**
 * A section stating a new rule ("add a section requiring beekeepers to register each hive …"), as the
 * drafter wrote it from the request's words: placed after the bill's last operative section (before
 * its applicability, fiscal impact, severability and effective-date clauses), the sections after it
 * renumbered, its purpose added to the long title. A rule the drafter could not read is not guessed.
 */
function addSection(text: string, ask: string, newSections: NewSection[]): RuleEdit {
  const wanted = newSections.find((n) => n.ask.trim().toLowerCase() === ask.trim().toLowerCase());
  if (!wanted || !wanted.sentences.length) {
    return refused(text, 'Say the rule the section states, whom it binds and what it requires or forbids, e.g. "add a section requiring beekeepers to register each hive with the Department of Health".');
  }
  const word = sectionWord(text);
  const { labels, texts: said } = letteredSentences(wanted.sentences);
  if (text.includes(said[0])) return already(text, `The text already says "${said[0]}"`);
  const heading = wanted.heading.replace(/[.\s]+$/, '');
  const added = labels[0] ? [`${heading}.`, ...said.map((s, i) => `${labels[i]}${s}`)] : [`${heading}. ${said[0]}`];
  const lines = text.split('\n');
  const closing = lines.findIndex((l) => CLOSING_CLAUSE.test(l));
  const { text: fixed, number } = insertSection(lines, closing >= 0 ? closing : lines.length, word, added);
  const titled = longTitleWith(fixed, wanted.purpose);
  return done(titled.text, `Added ${word} ${number}. ${heading}.${closing >= 0 ? ' The sections after it were renumbered.' : ''}${titled.changed ? ` The long title now says it: "to ${wanted.purpose}".` : ''}`);
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** "… Amendment Act of 2026", "… Recognition Resolution of 2026": the kind a short title ends with. */
const TITLE_TAIL = /^(.*?)\s+((?:(?:Amendment|Establishment|Regulation|Recognition|Confirmation|Approval|Emergency|Temporary)\s+)*(?:Act|Resolution|Ordinance)(?:\s+of\s+\d{4})?)$/;

/**
 * "shorten the title": the short title without the words a citation does without (the District's
 * name, a leading "Use of"), then its last three words (a hyphenated word counting as its parts; never
 * starting on "of" or "to"). The long
 * title and the citation clause follow, since every place the short title stands is changed.
 */
function shortenTitle(text: string): RuleEdit {
  const current = currentTitle(text);
  if (!current) return refused(text, 'The text has no short title to shorten.');
  const parts = TITLE_TAIL.exec(current);
  const name = parts?.[1] ?? current;
  const tail = parts?.[2] ?? '';
  let words = name
    .replace(/\b(?:of|in)\s+the\s+District(?:\s+of\s+Columbia)?\b|\bDistrict\s+of\s+Columbia\b|\bD\.C\.\s*/g, ' ')
    .replace(/^\s*(?:The|Use\s+of|Regulation\s+of)\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  // Three words, a hyphenated one counting as its parts ("Gas-powered Leaf Blowers Regulation" is five).
  const size = (ws: string[]) => ws.reduce((n, w) => n + w.split('-').length, 0);
  while (words.length > 1 && size(words) > 3) words = words.slice(1);
  while (words.length > 1 && SMALL_WORDS.has(words[0].toLowerCase())) words.shift();
  const shorter = [...words, tail].filter(Boolean).join(' ');
  if (!words.length || shorter === current) return refused(text, `The short title "${current}" is as short as the built-in engine can make it: say the new one, e.g. change the short title to "…".`);
  const changed = changeTitle(text, shorter);
  return changed.applied ? { ...changed, summary: changed.summary.replace(/^Changed the short title/, 'Shortened the short title') } : changed;
}

/** Makes every use of a defined term ("Leaf blower" means...) match its definition's spelling. */
function fixDefinedTerms(text: string): RuleEdit {
  const terms = [...text.matchAll(/["“]([^"”\n]{2,60})["”]\s+(?:means|shall mean|includes)\b/g)].map((m) => m[1]);
  if (!terms.length) return refused(text, 'The text defines no terms ("Term" means ...).');
  let out = text;
  let fixed = 0;
  for (const term of terms) {
    out = out.replace(new RegExp(`(?<![\\w"“])${escapeRegExp(term)}(?![\\w])`, 'gi'), (hit) => {
      if (hit === term) return hit;
      fixed++;
      return term;
    });
  }
  return fixed ? done(out, `Made ${fixed} use${fixed === 1 ? '' : 's'} of ${terms.length} defined term${terms.length === 1 ? '' : 's'} match the definition.`) : already(text, 'Every defined term is already used as defined.');
}

/** "change the short title to X", "rename the act to X", "set the title to X": the new title, without its quotes. */
const TITLE_CHANGE =
  /^(?:please\s+)?(?:change|set|make|update|rename|retitle|replace)\s+(?:the\s+)?(?:(?:short\s+)?title|citation|name)?(?:\s+of)?\s*(?:the\s+)?(?:act|bill|resolution|ordinance|measure|draft|document)?\s+(?:to|as|with|into)\s+(.+?)\.?$/i;
const TITLE_WORDS = /\b(?:short\s+title|title|citation)\b|\brename\b|\bretitle\b/i;

/**
 * Where a short title stands: the "may be cited as the" clause and the title's own line of an act
 * or resolution, an agenda item's "Title:" or a staff report's "Subject:", a city form's title line.
 */
export function titlePlaces(text: string): { cited: string | null; line: string | null; labelled: string | null; formal: string | null } {
  const lines = text.split('\n').map((l) => l.trim());
  return {
    cited: /may be cited as the\s+["“]([^"”\n]+)["”]/.exec(text)?.[1]?.trim() ?? null,
    line: lines.find((l) => /\b(?:Act|Resolution|Ordinance) of \d{4}$/.test(l)) ?? null,
    labelled: lines.map((l) => /^(?:Title|Subject):\s*(.+)$/.exec(l)?.[1]?.trim()).find(Boolean) ?? null,
    formal: lines.find((l) => /^(?:AN ORDINANCE|A RESOLUTION)\b/.test(l)) ?? null,
  };
}

/** The short title an edit changes: the citation's, else the labelled, the formal or the title line. */
export function currentTitle(text: string): string | null {
  const places = titlePlaces(text);
  return places.cited ?? places.labelled ?? places.formal ?? places.line;
}

function changeTitle(text: string, wanted: string): RuleEdit {
  const title = wanted.replace(/^["“'‘]+|["”'’]+$/g, '').trim();
  const current = currentTitle(text);
  if (!title) return refused(text, 'Say the new title, e.g. change the short title to "Records Response Time Amendment Act of 2027".');
  if (!current) return refused(text, 'The text has no short title to change.');
  if (current === title) return already(text, `The short title is already "${title}".`);
  const n = count(text, current);
  return done(text.split(current).join(title), `Changed the short title to "${title}" (${n} place${n === 1 ? '' : 's'}).`);
}

/** Applies the one rule an instruction (or one part of it) asks for; `sources` are sections it names. */
function applyEditRule(text: string, instruction: string, sources: Source[] = [], newSections: NewSection[] = []): RuleEdit {
  const ask = instruction.trim();
  if (ADD_SECTION.test(ask)) return addSection(text, ask, newSections);
  if (/\b(?:shorten|shorter|abbreviate|trim)\b.*\btitle\b|\btitle\b.*\bshorter\b/i.test(ask) && !/\b(?:to|as)\s+["“']/.test(ask)) return shortenTitle(text);
  const title = TITLE_WORDS.test(ask) ? TITLE_CHANGE.exec(ask) : null;
  if (title) return changeTitle(text, title[1]);
  if (/\brenumber\b/i.test(ask)) return renumberSections(text);
  if (/\b(?:defined terms?|definitions?)\b.*\b(?:consistent|fix|match)|\b(?:fix|correct)\b.*\bdefined terms?\b/i.test(ask)) return fixDefinedTerms(text);
  if (/\b(?:add|insert|include)\b.*\bseverability\b/i.test(ask)) return addClause(text, 'Severability', SEVERABILITY);
  if (/\b(?:remove|delete|drop|strike)\b.*\bseverability\b/i.test(ask)) return removeClause(text, 'Severability');
  if (/\b(?:remove|delete|drop|strike)\b.*\beffective date\b/i.test(ask)) return removeClause(text, 'Effective date');
  if (/\b(?:add|insert|include)\b.*\beffective date\b/i.test(ask) && !/\bto\b/.test(ask.split(/effective date/i)[1] ?? '')) {
    return addClause(text, 'Effective date', /District of Columbia/.test(text) ? DC_EFFECTIVE : 'This act shall take effect [effective date].');
  }
  const finding = /\b(?:add|insert|include)\b.*?\b(?:finding|recital|whereas)\s+(?:that|stating\s+that|saying\s+that|:)\s*(.+)$/i.exec(ask);
  if (finding && !/\b(?:section|§)\s*\d/i.test(finding[1])) return addFinding(text, finding[1]);
  if (/\b(?:add|insert|include)\b.*\b(?:whereas|recital|finding)\b/i.test(ask)) return addRecital(text, ask, sources);
  const date = new RegExp(DATE.source).exec(ask);
  if (date && /\b(?:set|change|make|move)\b/i.test(ask) && !/\bfrom\b/i.test(ask)) {
    const label = /\b(effective|hearing|meeting|adoption|start|end|due)\s+date\b/i.exec(ask)?.[0] ?? '';
    return setValue(text, 'date', date[0], label);
  }
  const fromTo = FROM_TO.exec(ask);
  if (fromTo) return changeQuantity(text, fromTo);
  const amount = AMOUNT.exec(ask);
  if (amount && /\b(?:set|change|make)\b/i.test(ask) && !/\bfrom\b/i.test(ask)) {
    const label = /\b(fee|fine|amount|cost|penalty|price|budget|contract amount)\b/i.exec(ask)?.[0] ?? '';
    return setValue(text, 'amount', amount[0].replace(/\s+/g, ''), label);
  }
  const replace = new RegExp(`\\b(?:replace|change|substitute|swap)\\s+${QUOTED}\\s+(?:with|to|by|for)\\s+${QUOTED}\\s*\\.?$`, 'i').exec(ask);
  if (replace && replace[1].length <= 200 && replace[2].length <= 200) return replaceAll(text, replace[1], replace[2]);
  return refused(text, 'The built-in engine cannot do this edit; configure a model or edit by hand.');
}

const EDIT_VERB = String.raw`(?:add|insert|include|remove|delete|drop|strike|change|replace|set|make|renumber|fix|correct|substitute|swap|shorten|extend|reduce|increase|raise|lower|update|rename|retitle|move)`;
/** Where one part of an instruction ends and the next begins: "and", "then", "also", ";" or a new line, before an edit's verb. */
const ELLIPTICAL_CHANGE = /^(?:the\s+)?[\w\s-]{0,40}?\bfrom\s+\$?\d/i;
const PART_BREAK = new RegExp(
  String.raw`\s*(?:;|\n|,?\s+and\s+then\b|,?\s+then\b|,?\s+and\s+also\b|,?\s+also\b|,?\s+and\b|,)\s*(?=(?:please\s+|also\s+|then\s+)?${EDIT_VERB}\b|${ELLIPTICAL_CHANGE.source.slice(1)})`,
  'gi',
);

/**
 * The parts of an instruction, in order: "add a severability clause and change the short title to
 * 'X'" is two. Quoted words are never split ("replace 'A and B' with 'C'"); "and the fee from $25 to
 * $50" after a change is a change of its own.
 */
export function editParts(instruction: string): string[] {
  // A quotation opens after a space (not the apostrophe of "Mayor's") and closes before one.
  const masked = instruction.replace(/(^|\s)(["“'‘])(.*?)(["”'’])(?=[\s.,;:!?]|$)/g, (_m, lead: string, open: string, words: string, close: string) => lead + open + 'x'.repeat(words.length) + close);
  const parts: string[] = [];
  let start = 0;
  for (const m of masked.matchAll(PART_BREAK)) {
    parts.push(instruction.slice(start, m.index));
    start = m.index + m[0].length;
  }
  parts.push(instruction.slice(start));
  return parts
    .map((p) => p.trim().replace(/^(?:please|also|then)\s+/i, '').replace(/[.;,]+$/, '').trim())
    .filter(Boolean)
    .map((p) => (ELLIPTICAL_CHANGE.test(p) && !new RegExp(`^${EDIT_VERB}\\b`, 'i').test(p) ? `change ${p}` : p));
}

/** Applies every part of an instruction in order; the summary says what was done and which part was not, and why. */
export function applyEditRules(text: string, instruction: string, sources: Source[] = [], newSections: NewSection[] = []): RuleEdit {
  const parts = editParts(instruction);
  if (parts.length <= 1) return applyEditRule(text, parts[0] ?? instruction, sources, newSections);
  let current = text;
  const doneParts: string[] = [];
  const notDone: string[] = [];
  for (const part of parts) {
    const result = applyEditRule(current, part, sources, newSections);
    if (result.applied) {
      current = result.text;
      doneParts.push(result.summary);
    } else notDone.push(`"${part}" (${result.summary.replace(/\.$/, '')})`);
  }
  const missed = notDone.length ? `Not done: ${notDone.join('; ')}.` : '';
  if (!doneParts.length) return refused(text, `Nothing was changed. ${missed}`);
  return done(current, [`Done: ${doneParts.join(' ')}`, missed].filter(Boolean).join(' '));
}

/**
 * A model's edit, checked part by part with the same rules (the model's own word is not taken): a
 * part is done when its rule finds nothing left to do in the edited text, not done when the rule
 * could still do it, and unchecked when no rule reads that kind of edit.
 */
export function modelEditOutcome(before: string, after: string, instruction: string, sources: Source[] = []): { applied: boolean; summary: string } {
  if (!after.trim()) return { applied: false, summary: 'The model returned nothing.' };
  if (after.trim() === before.trim()) return { applied: false, summary: 'The model returned the text unchanged.' };
  const confirmed: string[] = [];
  const missing: string[] = [];
  const unchecked: string[] = [];
  for (const part of editParts(instruction)) {
    const onEdited = applyEditRule(after, part, sources);
    if (onEdited.already) confirmed.push(`"${part}"`);
    else if (onEdited.applied && applyEditRule(before, part, sources).applied) missing.push(`"${part}"`);
    else unchecked.push(`"${part}"`);
  }
  return {
    applied: true,
    summary: [
      'Edited by the model.',
      confirmed.length ? `Done: ${confirmed.join('; ')}.` : '',
      missing.length ? `Not done: ${missing.join('; ')} (the edited text still needs it).` : '',
      unchecked.length ? `Not checked (review it): ${unchecked.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}
