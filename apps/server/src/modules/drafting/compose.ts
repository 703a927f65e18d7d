import { AGENDA_SECTION_NAMES, type DraftKind } from '@civicdesk/contract';
import type { Quote } from '../../platform/ai';
import { contentWords, looksLikeInjection, sentencesOf } from '../../platform/ai';
import type { CitableSource } from '../../platform/retrieval/citations';
import { type FoundAmendment, nextSubsection, sectionReference } from './amendment';
import type { RequestAnalysis } from './analysis';
import { bold, type Run } from './content';
import { DC_EFFECTIVE, DC_EFFECTIVE_CRIMINAL, DC_FISCAL, letteredSentences, referringTo } from '../../platform/ai/edits';
import { isSubjectWord } from '../../platform/ai/support';
import type { DraftingForm } from '../locations/settings';
import type { Conventions } from './forms';
import type { FoundHome, HomePlace } from './home';
import { provisionFor } from './provision';
import { rulePurpose } from './rule';
import { ceremonialPurpose, ceremonialRecitals, ceremonialResolve, ceremonyOf, detailRecitals } from './recitals';
import { actionPhrase, actName, purposeAfterAmending, resolutionName, sectionsNamed, type SectionPlace } from './titles';

/**
 * The built-in drafting engine (decision 023): fills the form of a kind from the request, the
 * retrieved code sections, the city's most similar past measures and the amendments found in the
 * sections' current text. It writes no fact of its own: a finding quotes its source (and carries
 * the quote for the server's check), a fact the request does not give is a [placeholder].
 */
export interface Paragraph {
  runs: (Run | string)[];
  style?: 'heading' | 'center' | 'list';
  /** The source words this paragraph rests on: checked like every citation; a failed check drops it. */
  cite?: Quote;
  /** Shown instead when the check fails (a required clause in the form's own words). */
  fallback?: Paragraph;
}

export interface DraftPart {
  key: string;
  paragraphs: Paragraph[];
}

/** A past measure of the city, as the drafter reads it. */
export interface Measure {
  id: string;
  /** "L25-326" or the bill number. */
  label: string;
  title: string;
  text: string;
  effective: string | null;
}

export interface ComposeInput {
  kind: DraftKind;
  conventions: Conventions;
  location: { name: string; code: string };
  /** The city's form (its settings): the council, the enacting and resolving clauses, its code's name. */
  drafting: DraftingForm;
  year: number;
  query: string;
  details: string;
  analysis: RequestAnalysis;
  /** Code sections that speak to the request, best first. */
  sections: CitableSource[];
  /** Similar past measures, best first. */
  measures: Measure[];
  amendments: FoundAmendment[];
  /** Where the amended (or closest) sections sit in the code, by section id: what a short title names. */
  places: Map<string, SectionPlace>;
  /** An ordinance's new rule: where it goes (home.ts), when no words to strike were found. */
  home?: FoundHome | null;
  attachments: string[];
}

export interface ComposedDraft {
  title: string;
  parts: DraftPart[];
  /**
   * The law the draft rests on, for the drafter beside the bill (issue 32): checked like every
   * citation and listed with the draft's sources, never in its body, so an export is the bill alone.
   * The comparative print is the amendments' (the side panel draws it from them).
   */
  aside?: Paragraph[];
  /** Notes for the drafter about what the engine could not do. */
  notes: string[];
}

const p = (...runs: (Run | string)[]): Paragraph => ({ runs });
const cited = (cite: Quote, ...runs: (Run | string)[]): Paragraph => ({ runs, cite });
const headingOf = (text: string): Paragraph => ({ runs: [text], style: 'heading' });
const centered = (...runs: (Run | string)[]): Paragraph => ({ runs, style: 'center' });
const listItem = (...runs: (Run | string)[]): Paragraph => ({ runs, style: 'list' });
/** "City of Example" -> "the City of Example"; "Springfield" -> "Springfield". */

/** The D.C. Council period of a year (Council Period 26 is 2025-2026). */
export const councilPeriod = (year: number) => Math.floor((year - 1975) / 2) + 1;

/** A sentence speaks to the request when it shares at least this many of its content words. */
const MIN_SHARED_WORDS = 2;

/** The sentence of a source that best speaks to the request (never an instruction-like line). */
function bestSentence(source: { text: string }, words: string[], skip = new Set<string>()): string | null {
  const wanted = new Set(words);
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentencesOf(source.text)) {
    if (sentence.length < 40 || sentence.length > 600 || skip.has(sentence) || looksLikeInjection(sentence)) continue;
    // Only words that name the request's subject count (issue 30): "days", "the District" or "may" shared make no finding about it.
    const score = new Set(contentWords(sentence).filter((w) => wanted.has(w) && isSubjectWord(w))).size;
    if (score >= MIN_SHARED_WORDS && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence ?? null;
}

/** A finding about the law: "Section 2-532 of the D.C. Official Code provides that ..." with its quote. */
function lawFinding(input: ComposeInput, source: CitableSource, lead: string, words: string[], used: Set<string>): Paragraph | null {
  const sentence = bestSentence(source, words, used);
  if (!sentence) return null;
  used.add(sentence);
  // Mid-sentence, "Section" is a common noun: "WHEREAS, section 2-532 of …".
  const reference = sectionReference(source.number, input.drafting).replace(/^Section\b/, 'section');
  return cited({ sourceId: source.id, quote: sentence }, `${lead}${reference} (${source.title}) provides: "${sentence}"`);
}

/** A clause's words as compared: line breaks and runs of spaces are one space. */
const clauseWords = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The most similar past permanent act whose clause says the standard form word for word. A past act's
 * own wording is not borrowed: the enacted texts carry their scans' misreadings ("602(c)(l)", "12 Stat.
 * 2038") and one-off variants ("action by Council"), which a bill must not copy (issue 32).
 */
function pastActSaying(measures: Measure[], heading: RegExp, standard: string): Measure | null {
  const wanted = clauseWords(standard);
  for (const measure of measures.filter((m) => !/emergency|temporary|congressional review/i.test(m.title))) {
    for (const line of measure.text.split('\n')) {
      const m = heading.exec(line);
      if (m && clauseWords(line.slice(m.index + m[0].length)) === wanted) return measure;
    }
  }
  return null;
}

export const DC_APPLICABILITY = 'This act shall apply upon the date of inclusion of its fiscal effect in an approved budget and financial plan.';

/** The titles of the D.C. Code whose acts wait 60 days in Congress, not 30 (Home Rule Act § 602(c)(2)): criminal law. */
const CRIMINAL_TITLES = new Set(['22', '23', '24']);

/** The effective-date clause for an act that amends (or adds to) these titles of the code. */
export const dcEffective = (titles: string[]) => (titles.some((t) => CRIMINAL_TITLES.has(t)) ? DC_EFFECTIVE_CRIMINAL : DC_EFFECTIVE);

/** "Fiscal impact statement." / "Effective date." of a D.C. act in the Council's standard words, cited to a past act that says them. */
function dcClause(input: ComposeInput, number: number, name: string, pattern: RegExp, standard: string): Paragraph {
  const past = pastActSaying(input.measures, pattern, standard);
  const heading = bold(`Sec. ${number}. ${name}.`);
  const uncited = p(heading, ` ${standard}`);
  // Should the quote not check out, the same clause stands uncited: a required part never disappears.
  return past ? { ...cited({ sourceId: past.id, quote: standard }, heading, ` ${standard}`), fallback: uncited } : uncited;
}

/** "Subchapter I of Chapter 1 of Title 8 of the District of Columbia Official Code": where a new section goes. */
export function placeName(place: HomePlace, codeName: string, conventions: Conventions): string {
  const parts = [place.subchapter ? `Subchapter ${place.subchapter}` : null, place.chapter ? `Chapter ${place.chapter}` : null, conventions === 'dc' && place.titleNumber ? `Title ${place.titleNumber}` : null].filter(Boolean);
  return parts.length ? `${parts.join(' of ')} of ${codeName}` : codeName;
}

/** Letters after a subsection's: "(b)" -> "(c)". */
const letterAfter = (label: string, n: number) => `(${String.fromCharCode(label.charCodeAt(1) + n)})`;

/**
 * A new rule in its home (home.ts): a new subsection of the section that regulates the subject, or a
 * new section (in the chapter whose law speaks to it, when one does), its text written from the
 * request's facts (provision.ts).
 */
function newRule(input: ComposeInput, home: FoundHome, words: string[], notes: string[]): Paragraph[] {
  const provision = provisionFor(input.analysis, home.phrase, `${input.query}\n${input.details}`, home.rule);
  if (!provision.written) notes.push('The text of the provision is left for the drafter: the request does not say the rule in a form the built-in drafter writes (a limit to hours, a prohibition, a duty, a program, a fine).');
  const code = input.drafting.code_name;
  const sectionWord = input.conventions === 'dc' ? '§' : 'Sec.';
  if (home.action === 'amend') {
    const section = home.section;
    const next = nextSubsection(section.text);
    // A section without lettered subsections: its text becomes (a), the new rule (b).
    const designate = next === '(a)';
    const first = designate ? '(b)' : next;
    const labels = provision.sentences.map((_, i) => letterAfter(first, i));
    const texts = provision.sentences.map((s) => referringTo(s, labels.slice(0, Math.max(1, provision.rules)), false));
    const instruction = `${sectionReference(section.number, input.drafting)} is amended by ${designate ? 'designating the existing text as subsection (a) and ' : ''}adding ${labels.length > 1 ? `new subsections ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : `a new subsection ${labels[0]}`} to read as follows:`;
    return [
      cited({ sourceId: section.id, quote: bestSentence(section, words) ?? section.text.split('\n')[0] }, bold('Sec. 2. '), instruction),
      ...texts.map((t, i) => p(`"${labels[i]} ${t}${i === texts.length - 1 ? '".' : ''}`)),
    ];
  }
  const where = home.place ? placeName(home.place, code, input.conventions) : code;
  const { labels, texts } = letteredSentences(provision.sentences, provision.rules);
  return [
    p(bold('Sec. 2. '), `${where[0].toUpperCase()}${where.slice(1)} is amended by adding a new section [section number] to read as follows:`),
    p(`"${sectionWord} [section number]. ${provision.heading}.`),
    ...texts.map((t, i) => p(`"${labels[i]}${t}${i === texts.length - 1 ? '".' : ''}`)),
  ];
}

function ordinance(input: ComposeInput): ComposedDraft {
  const { analysis, conventions, location, year } = input;
  const act = actName(input);
  const shortTitle = `${act.name} ${act.kind ? `${act.kind} ` : ''}Act of ${year}`;
  const notes: string[] = [];
  const words = contentWords(`${input.query} ${input.details}`);
  const used = new Set<string>();
  const target = input.amendments[0];
  const home = input.home ?? null;
  const provisions: Paragraph[] = [];
  if (input.amendments.length) {
    input.amendments.forEach((a, i) => {
      const label = input.amendments.length > 1 ? `(${String.fromCharCode(97 + i)}) ` : '';
      provisions.push(cited({ sourceId: a.section_id, quote: a.quote }, i === 0 ? bold('Sec. 2. ') : '', `${label}${a.instruction}`));
    });
  } else if (home) {
    notes.push(home.reason);
    provisions.push(...newRule(input, home, words, notes));
  } else {
    notes.push('No section of the code speaks to this request: the provisions are left for the drafter.');
    provisions.push(p(bold('Sec. 2. '), `[Provisions: ${analysis.purpose}.]`));
  }
  // A new rule rests on the law about its subject only, never on a section that merely shares a word with it.
  const onSubject = home ? input.sections.filter((s) => home.related.includes(s.id) || (home.action === 'amend' && s.id === home.section.id)) : input.sections;
  const findings: Paragraph[] = onSubject.slice(0, 2).flatMap((s) => lawFinding(input, s, '', words, used) ?? []);
  const numbers = target ? input.amendments.map((a) => a.section_number) : home?.action === 'amend' ? [home.section.number] : [];
  const amended = numbers.length
    ? `${sectionsNamed(numbers)} of ${input.drafting.code_name}`
    : home?.action === 'new'
      ? home.place
        ? placeName(home.place, input.drafting.code_name, conventions)
        : input.drafting.code_name
      : '[the act or section amended]';
  // "To amend section 2-532 of ... to shorten ...": the purpose without a second "amend" or the section named again.
  // "address makes beekeepers keep …": a rule the reader read says its purpose itself.
  const purpose = purposeAfterAmending(home?.rule && analysis.purpose.startsWith('address ') ? rulePurpose(home.rule) : analysis.purpose, numbers);

  if (conventions === 'dc') {
    // The code's titles the act changes: "§ 22-3312.01" is Title 22's; a new section, its place's.
    const codeTitles = numbers.length ? numbers.map((n) => /(\d+[A-Z]?)-/.exec(n)?.[1] ?? '') : home?.action === 'new' && home.place ? [home.place.titleNumber] : [];
    return {
      title: shortTitle,
      notes,
      parts: [
        { key: 'number', paragraphs: [p(`${analysis.sponsor ?? '[sponsor]'} introduced the following bill.`), centered(bold(`B${councilPeriod(year)}-[number]`)), centered('A BILL'), centered('IN THE COUNCIL OF THE DISTRICT OF COLUMBIA')] },
        { key: 'title', paragraphs: [centered(bold(shortTitle))] },
        { key: 'long_title', paragraphs: [p(`To amend ${amended}${purpose ? ` to ${purpose}` : ''}.`)] },
        { key: 'enacting_clause', paragraphs: [p(bold(input.drafting.ordinance_enacting_clause), `, That this act may be cited as the "${shortTitle}".`)] },
        { key: 'provisions', paragraphs: provisions },
        { key: 'applicability', paragraphs: [p(bold('Sec. 3. Applicability.'), ` ${DC_APPLICABILITY}`)] },
        { key: 'fiscal_impact', paragraphs: [dcClause(input, 4, 'Fiscal impact statement', /Fiscal impact statement\.\s*/, DC_FISCAL)] },
        { key: 'effective_date', paragraphs: [dcClause(input, 5, 'Effective date', /Effective date\.\s*/, dcEffective(codeTitles))] },
      ],
      aside: findings,
    };
  }
  const title = `AN ORDINANCE OF ${input.drafting.council.toUpperCase()} AMENDING ${amended.toUpperCase()}${purpose ? ` TO ${purpose.toUpperCase()}` : ''}`;
  return {
    title: `${act.name} ${act.kind ? `${act.kind} ` : ''}Ordinance`,
    notes,
    parts: [
      { key: 'number', paragraphs: [centered(bold('ORDINANCE NO. [number]'))] },
      { key: 'title', paragraphs: [p(bold(title))] },
      { key: 'recitals', paragraphs: [...onSubject.slice(0, 2).flatMap((s) => lawFinding(input, s, 'WHEREAS, ', words, used) ?? []), p('WHEREAS, the City Council finds that [state the reason for this ordinance];')] },
      { key: 'enacting_clause', paragraphs: [p(bold(input.drafting.ordinance_enacting_clause))] },
      { key: 'provisions', paragraphs: provisions.map((para, i) => (i === 0 ? { ...para, runs: [bold('Section 1. Amendment. '), ...para.runs.filter((r) => typeof r === 'string' || !/^Sec\. 2\. $/.test(r.text))] } : para)) },
      { key: 'severability', paragraphs: [p(bold('Section 2. Severability.'), ' If any section, subsection, sentence, clause or phrase of this ordinance is held invalid, the remaining provisions shall remain in full force and effect.')] },
      { key: 'fiscal_impact', paragraphs: [p(bold('Section 3. Fiscal impact.'), ` ${analysis.amounts[0] ? `The request states an amount of ${analysis.amounts[0]}.` : '[fiscal impact amount]'}`)] },
      { key: 'effective_date', paragraphs: [p(bold('Section 4. Effective date.'), ' This ordinance shall take effect [effective date].')] },
    ],
    aside: findings,
  };
}

function resolution(input: ComposeInput): ComposedDraft {
  const { analysis, conventions, location, year } = input;
  const words = contentWords(`${input.query} ${input.details}`);
  const used = new Set<string>();
  const ceremony = analysis.ceremonial ? ceremonyOf(analysis, input.query, input.details) : null;
  const title = `${resolutionName(analysis, input.query)} Resolution of ${year}`;
  const recitals: Paragraph[] = [];
  if (ceremony) recitals.push(...ceremonialRecitals(ceremony).map((r) => p(r)));
  else {
    for (const source of input.sections.slice(0, 3)) {
      const finding = lawFinding(input, source, 'WHEREAS, ', words, used);
      if (finding) recitals.push({ ...finding, runs: [...finding.runs, ';'] });
    }
    // The request's facts the purpose does not already say ("$250,000" is in it: not repeated in brackets);
    // those of the Details are said by their own recitals below.
    const unsaid = analysis.facts.filter((f) => !analysis.purpose.includes(f) && !input.details.includes(f));
    recitals.push(p(`WHEREAS, the Council is asked to ${analysis.purpose}${unsaid.length ? ` (${unsaid.join('; ')})` : ''};`));
    recitals.push(...detailRecitals(input.details, input.query, analysis.purpose).map((r) => p(r)));
    if (!analysis.amounts.length && /\b(?:contracts?|grants?|fund(?:s|ing)?|budget|lease)\b/i.test(input.query)) recitals.push(p('WHEREAS, the cost is [amount], paid from [funding source];'));
  }
  const purpose = ceremony ? ceremonialPurpose(ceremony) : analysis.purpose;
  const resolvedAction = ceremony ? ceremonialResolve(ceremony) : `The Council resolves to ${analysis.purpose}.`;
  const resolved: Paragraph[] =
    conventions === 'dc'
      ? [
          p(bold(input.drafting.resolution_clause), `, That this resolution may be cited as the "${title}".`),
          p(bold('Sec. 2. '), resolvedAction),
          p(bold('Sec. 3. '), 'The Secretary to the Council shall transmit a copy of this resolution, upon its adoption, to [recipient].'),
        ]
      : [p(bold(input.drafting.resolution_clause)), p(bold('Section 1. '), resolvedAction)];
  const effective =
    conventions === 'dc'
      ? p(bold('Sec. 4. Effective date.'), ' This resolution shall take effect immediately upon the first date of publication in the District of Columbia Register.')
      : p(bold('Section 2. Effective date.'), ' This resolution shall take effect upon its adoption.');
  return {
    title,
    notes: analysis.ceremonial ? [] : input.sections.length ? [] : ['No section of the code speaks to this request: the recitals rest on the request alone.'],
    parts: [
      { key: 'number', paragraphs: conventions === 'dc' ? [p(`${analysis.sponsor ?? '[sponsor]'} introduced the following resolution.`), centered(bold(`PR${councilPeriod(year)}-[number]`)), centered('A PROPOSED RESOLUTION'), centered('IN THE COUNCIL OF THE DISTRICT OF COLUMBIA')] : [centered(bold('RESOLUTION NO. [number]'))] },
      { key: 'title', paragraphs: [centered(bold(conventions === 'dc' ? title : `A RESOLUTION OF ${input.drafting.council.toUpperCase()} TO ${purpose.toUpperCase()}`))] },
      ...(conventions === 'dc' ? [{ key: 'purpose', paragraphs: [p(`To ${purpose}.`)] }] : []),
      { key: 'recitals', paragraphs: recitals },
      { key: 'resolved', paragraphs: resolved },
      { key: 'effective_date', paragraphs: [effective] },
    ],
  };
}

function staffReport(input: ComposeInput): ComposedDraft {
  const { analysis, location } = input;
  const words = contentWords(`${input.query} ${input.details}`);
  const used = new Set<string>();
  const subject = actionPhrase(analysis.subject) || 'Council action';
  const action = analysis.purpose.startsWith('address ') ? `[state the action] regarding ${analysis.subject}` : analysis.purpose;
  const law = input.sections.slice(0, 3).flatMap((s) => lawFinding(input, s, '', words, used) ?? []);
  const measures = input.measures.slice(0, 3).map((m) => cited({ sourceId: m.id, quote: m.title }, `${m.label}: ${m.title}${m.effective ? ` (effective ${m.effective})` : ''}`));
  return {
    title: `Staff report: ${subject}`,
    notes: [],
    parts: [
      {
        key: 'header',
        paragraphs: [
          headingOf('Staff report'),
          p(bold('To: '), `[Council or committee], ${location.name}`),
          p(bold('From: '), analysis.departments[0] ?? '[department]'),
          p(bold('Date: '), '[date]'),
          p(bold('Subject: '), subject),
        ],
      },
      { key: 'recommendation', paragraphs: [headingOf('Recommendation'), p(`Staff recommends that the Council ${action}.`)] },
      {
        key: 'background',
        paragraphs: [
          headingOf('Background'),
          p(`The request: ${input.query.trim()}${input.details.trim() ? ` ${input.details.trim()}` : ''}`),
          ...(law.length ? law.slice(0, 1) : [p('[Background facts: none of the code sections found speaks to this request.]')]),
        ],
      },
      {
        key: 'discussion',
        paragraphs: [
          headingOf('Discussion and analysis'),
          ...(law.length > 1 ? law.slice(1) : []),
          ...(measures.length ? [p('Past measures of the city on this subject:'), ...measures.map((m) => ({ ...m, style: 'list' as const }))] : []),
          p('[Analysis: what the recommendation changes, who it affects, and the risks.]'),
        ],
      },
      { key: 'fiscal_impact', paragraphs: [headingOf('Fiscal impact'), p(analysis.amounts.length ? `${analysis.amounts.join('; ')} [funding source].` : '[fiscal impact amount] [funding source].')] },
      {
        key: 'alternatives',
        paragraphs: [
          headingOf('Alternatives'),
          listItem('Approve the recommendation.'),
          listItem('Approve it with changes: [describe the changes].'),
          listItem('Take no action: [describe what follows if the Council does not act].'),
        ],
      },
      { key: 'attachments', paragraphs: [headingOf('Attachments'), ...(input.attachments.length ? input.attachments.map((a) => listItem(a)) : [p('[attachments]')])] },
    ],
  };
}

/** The agenda section an item belongs in (spec §9's names), from what the request asks. */
export function agendaSectionFor(query: string, ceremonial: boolean): (typeof AGENDA_SECTION_NAMES)[number] {
  if (ceremonial || /\b(?:recogni[sz]|honou?r|proclamation|appoint)/i.test(query)) return 'PRESENTATIONS AND APPOINTMENTS';
  if (/\bhearing\b/i.test(query)) return 'PUBLIC HEARINGS';
  if (/\b(?:closed session|personnel|litigation|real property negotiation)/i.test(query)) return 'CLOSED SESSION';
  if (/\b(?:study session|workshop)\b/i.test(query)) return 'STUDY SESSION';
  if (/\b(?:report|briefing|update|presentation)\b/i.test(query)) return 'STAFF REPORTS';
  if (/\b(?:contract|grant|accept|lease|purchase|minutes|renew|agreement|award)\b/i.test(query)) return 'CONSENT CALENDAR';
  return 'NEW BUSINESS';
}

function agendaItem(input: ComposeInput): ComposedDraft {
  const { analysis } = input;
  const words = contentWords(`${input.query} ${input.details}`);
  const used = new Set<string>();
  const title = actionPhrase(analysis.subject) || 'Council action';
  const law = input.sections.slice(0, 2).flatMap((s) => lawFinding(input, s, '', words, used) ?? []);
  const motion = analysis.purpose.startsWith('address ') ? `[state the action] regarding ${analysis.subject}` : analysis.purpose;
  return {
    title: `Agenda item: ${title}`,
    notes: [],
    parts: [
      { key: 'title', paragraphs: [p(bold('Title: '), title)] },
      { key: 'section', paragraphs: [p(bold('Agenda section: '), agendaSectionFor(input.query, analysis.ceremonial))] },
      { key: 'summary', paragraphs: [headingOf('Summary'), p(`${input.query.trim()}${input.details.trim() ? ` ${input.details.trim()}` : ''}`), ...law.slice(0, 1)] },
      { key: 'recommended_action', paragraphs: [headingOf('Recommended action'), p(`Motion to ${motion}.`)] },
      { key: 'sponsor', paragraphs: [p(bold('Sponsor/department: '), analysis.sponsor ?? analysis.departments[0] ?? '[sponsor/department]')] },
      { key: 'fiscal_impact', paragraphs: [p(bold('Fiscal impact: '), analysis.amounts.length ? analysis.amounts.join('; ') : '[fiscal impact]')] },
      ...(law.length ? [{ key: 'legal_authority', paragraphs: [headingOf('Legal authority'), ...law.map((l) => ({ ...l, style: 'list' as const }))] }] : []),
    ],
  };
}

export function composeDraft(input: ComposeInput): ComposedDraft {
  if (input.kind === 'ordinance') return ordinance(input);
  if (input.kind === 'resolution') return resolution(input);
  if (input.kind === 'staff_report') return staffReport(input);
  return agendaItem(input);
}
