import type { DraftKind, FormPart } from '@civicdesk/contract';

/**
 * The form of each kind of draft (decision 023): its parts in order, which are required, what
 * each holds, and how to find it in a finished text. The District of Columbia's forms follow the
 * Council's Legislative Drafting Manual and its enacted acts (data/demo); other cities get the
 * common municipal forms. GET /prompt/{type} answers these; the drafter fills them; the eval and
 * the tests check a draft has every required part through `marker`.
 */
export type Conventions = 'dc' | 'generic';

export interface FormSpec extends FormPart {
  /** Finds the part in a draft's plain text. */
  marker: RegExp;
  /** A finding-like part: every paragraph in it must rest on a verified source (or the request). */
  grounded?: boolean;
}

export interface DraftForm {
  kind: DraftKind;
  name: string;
  conventions: Conventions;
  parts: FormSpec[];
  guidance: string;
}

const part = (key: string, label: string, required: boolean, instruction: string, marker: RegExp, grounded = false): FormSpec => ({
  key,
  label,
  required,
  instruction,
  marker,
  grounded,
});

const DC_ORDINANCE: FormSpec[] = [
  part('number', 'Bill number', true, 'The bill number the Secretary assigns, left as a placeholder: "B26-[number]".', /\bB\d{2}-\[number\]|\bBill\b/i),
  part('title', 'Short title', true, 'The act\'s citation name: "<Subject> Amendment Act of <year>".', /Act of \d{4}/),
  part('long_title', 'Long title', true, '"To amend <the act or section> to <purpose>." One sentence naming what is amended and why.', /^To (?:amend|establish|require|prohibit|authorize|provide|repeal|create)\b/m),
  part('enacting_clause', 'Enacting clause', true, 'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this act may be cited as the "<short title>".', /BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA/),
  part('provisions', 'Amendments', true, 'Numbered sections. An amendment names the section and how: "Section 2-532(c)(1) of the District of Columbia Official Code is amended by striking the phrase "15 days" and inserting the phrase "10 days" in its place."', /^Sec\. 2\./m, true),
  part('applicability', 'Applicability', false, 'When the act applies (for a bill with a fiscal effect: upon inclusion of its fiscal effect in an approved budget and financial plan).', /Applicability\./),
  part('fiscal_impact', 'Fiscal impact statement', true, 'The Council adopts the fiscal impact statement in the committee report (section 4a of the General Legislative Procedures Act of 1975).', /Fiscal impact statement\./i),
  part('effective_date', 'Effective date', true, 'Takes effect after the Mayor\'s approval, the 30-day congressional review and publication in the D.C. Register.', /Effective date\./i),
];

const GENERIC_ORDINANCE: FormSpec[] = [
  part('number', 'Ordinance number', true, '"ORDINANCE NO. [number]".', /ORDINANCE NO\./i),
  part('title', 'Title', true, '"AN ORDINANCE OF <city> AMENDING <section> TO <purpose>".', /^AN ORDINANCE\b/m),
  part('recitals', 'Recitals', false, 'WHEREAS clauses, each resting on a cited source or on the request.', /^WHEREAS,/m, true),
  part('enacting_clause', 'Enacting clause', true, '"NOW, THEREFORE, THE CITY COUNCIL OF <city> DOES ORDAIN AS FOLLOWS:"', /DOES ORDAIN AS FOLLOWS/i),
  part('provisions', 'Amendments', true, 'Numbered sections; an amendment says which section and how it changes.', /^Section 1\./m, true),
  part('severability', 'Severability', true, 'If any part is held invalid, the rest remains in effect.', /Severability\./i),
  part('fiscal_impact', 'Fiscal impact', false, 'The fiscal impact, or a placeholder.', /Fiscal impact\./i),
  part('effective_date', 'Effective date', true, 'When the ordinance takes effect.', /Effective date\./i),
];

const DC_RESOLUTION: FormSpec[] = [
  part('number', 'Resolution number', true, 'The proposed resolution number, left as a placeholder: "PR26-[number]".', /\bPR\d{2}-(?:\[number\]|\d+)|Resolution No\./i),
  part('title', 'Title', true, '"<Subject> Resolution of <year>" (a ceremonial one: "<Honoree> Recognition Resolution of <year>").', /Resolution of \d{4}/),
  part('purpose', 'Purpose', true, 'One sentence: "To recognize...", "To declare the sense of the Council...", "To approve...".', /^To [a-z]/m),
  part('recitals', 'WHEREAS recitals', true, 'Each WHEREAS states one finding that rests on a cited section or on the request.', /^WHEREAS,/m, true),
  part('resolved', 'RESOLVED clauses', true, 'RESOLVED, BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this resolution may be cited as the "<title>". Then what the Council resolves, in numbered sections.', /RESOLVED,? BY THE COUNCIL OF THE DISTRICT OF COLUMBIA/),
  part('effective_date', 'Effective date', true, 'This resolution shall take effect immediately upon the first date of publication in the District of Columbia Register.', /shall take effect/i),
];

const GENERIC_RESOLUTION: FormSpec[] = [
  part('number', 'Resolution number', true, '"RESOLUTION NO. [number]".', /RESOLUTION NO\./i),
  part('title', 'Title', true, '"A RESOLUTION OF <city> <purpose>".', /^A RESOLUTION\b/m),
  part('recitals', 'WHEREAS recitals', true, 'Each WHEREAS states one finding that rests on a cited source or on the request.', /^WHEREAS,/m, true),
  part('resolved', 'RESOLVED clauses', true, '"NOW, THEREFORE, BE IT RESOLVED by the City Council of <city>:" then numbered clauses.', /BE IT RESOLVED/i),
  part('effective_date', 'Effective date', true, 'This resolution shall take effect upon its adoption.', /shall take effect/i),
];

const STAFF_REPORT: FormSpec[] = [
  part('header', 'Header', true, 'To, From, Date, Subject.', /^Subject:/m),
  part('recommendation', 'Recommendation', true, 'What staff recommends the Council do, in one or two sentences.', /^Recommendation$/m),
  part('background', 'Background', true, 'The facts: the request\'s, and the law that governs it, each from a cited source.', /^Background$/m, true),
  part('discussion', 'Discussion and analysis', true, 'What the code requires, what the city did before (similar measures), what the choice involves.', /^Discussion and analysis$/m, true),
  part('fiscal_impact', 'Fiscal impact', true, 'The cost and its funding source, or a placeholder for the amount.', /^Fiscal impact$/m),
  part('alternatives', 'Alternatives', true, 'The options the Council has, including taking no action.', /^Alternatives$/m),
  part('attachments', 'Attachments', true, 'What is attached, or a placeholder.', /^Attachments$/m),
];

const AGENDA_ITEM: FormSpec[] = [
  part('title', 'Title', true, 'A short agenda title.', /^Title:/m),
  part('section', 'Agenda section', true, 'One of the agenda\'s section names (CONSENT CALENDAR, PUBLIC HEARINGS, NEW BUSINESS...).', /^Agenda section:/m),
  part('summary', 'Summary', true, 'What the item is about, in a few sentences, from the request and the cited sources.', /^Summary$/m, true),
  part('recommended_action', 'Recommended action', true, 'The motion the Council is asked to make.', /^Recommended action$/m),
  part('sponsor', 'Sponsor / department', true, 'Who brings the item, or a placeholder.', /^Sponsor\/department:/m),
  part('fiscal_impact', 'Fiscal impact', true, 'The cost and funding, or a placeholder.', /^Fiscal impact:/m),
  part('legal_authority', 'Legal authority', false, 'The sections that govern the item.', /^Legal authority$/m, true),
];

const GUIDANCE: Record<DraftKind, string> = {
  ordinance:
    'Draft within the form. Amend a section only with words that appear in its current text; leave every fact the request does not give (a fee, a date, a number) as a [placeholder]. Cite a section for every finding.',
  resolution:
    'Each WHEREAS recital states one finding; a finding about the law quotes the section it rests on, a finding about people or events comes from the request. Leave facts the request does not give as [placeholders].',
  staff_report:
    'Write for the Council: a clear recommendation first, then background and analysis resting on cited sections and past measures. Leave amounts, dates and names the request does not give as [placeholders].',
  agenda_item:
    'A short, plain agenda item. The recommended action is a motion. Leave the sponsor, amounts and dates the request does not give as [placeholders].',
};

const NAMES: Record<DraftKind, Record<Conventions, string>> = {
  ordinance: { dc: 'Bill (act of the Council of the District of Columbia)', generic: 'Ordinance' },
  resolution: { dc: 'Resolution of the Council of the District of Columbia', generic: 'Resolution' },
  staff_report: { dc: 'Staff report', generic: 'Staff report' },
  agenda_item: { dc: 'Agenda item', generic: 'Agenda item' },
};

/** The District of Columbia writes its own forms; every other city gets the common municipal ones. */
export const conventionsOf = (locationCode: string): Conventions => (locationCode.toUpperCase() === 'DC' ? 'dc' : 'generic');


export function formOf(kind: DraftKind, conventions: Conventions): DraftForm {
  const parts =
    kind === 'ordinance'
      ? conventions === 'dc'
        ? DC_ORDINANCE
        : GENERIC_ORDINANCE
      : kind === 'resolution'
        ? conventions === 'dc'
          ? DC_RESOLUTION
          : GENERIC_RESOLUTION
        : kind === 'staff_report'
          ? STAFF_REPORT
          : AGENDA_ITEM;
  return { kind, name: NAMES[kind][conventions], conventions, parts, guidance: GUIDANCE[kind] };
}

/** The required parts a text lacks (empty when the draft has its whole form). */
export function missingParts(form: DraftForm, text: string): string[] {
  return form.parts.filter((p) => p.required && !p.marker.test(text)).map((p) => p.key);
}
