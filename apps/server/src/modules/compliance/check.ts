import type { ComplianceType, FindingBasis, RuleSet } from '@civicdesk/contract';
import { sentencesOf } from '../../platform/ai';
import type { LocationLaw } from '../locations/settings';
import { checkAccessibility, readPdfFacts, type PdfFacts } from './rules/accessibility';
import { type CodeBook, checkLegal, sectionBasis } from './rules/legal';
import { checkOpenMeetings } from './rules/open-meetings';
import { checkPrivacy } from './rules/privacy';
import type { RuleFinding } from './rules/types';

/**
 * One compliance check: the rule sets a type asks for, run in turn over the document's text (and
 * the PDF itself for accessibility), reporting progress between them. Pure of storage: the job
 * handler (jobs.ts) reads the report, runs this and writes the findings.
 */
export interface CheckInput {
  text: string;
  complianceType: ComplianceType;
  stateCode: string;
  law: LocationLaw;
  /** The uploaded PDF, for the accessibility rules. */
  pdf: Uint8Array | null;
  hasText: boolean;
}

export interface CheckOutcome {
  findings: RuleFinding[];
  facts: PdfFacts | null;
  ruleSets: RuleSet[];
}

const NOTICE = /\b(?:notice|agenda|meeting|hearing|session)\b/i;

/** The rule sets a type runs on this document: `all` skips those that cannot apply. */
export function ruleSetsFor(type: ComplianceType, input: Pick<CheckInput, 'pdf' | 'text'>): RuleSet[] {
  if (type !== 'all') return [type];
  const sets: RuleSet[] = ['legal', 'privacy'];
  if (NOTICE.test(input.text.slice(0, 1_500))) sets.push('open_meetings');
  if (input.pdf) sets.push('accessibility');
  return sets;
}

export async function runCheck(input: CheckInput, code: CodeBook, progress: (stage: RuleSet, done: number) => Promise<void>): Promise<CheckOutcome> {
  const ruleSets = ruleSetsFor(input.complianceType, input);
  const findings: RuleFinding[] = [];
  let facts: PdfFacts | null = null;
  for (const [i, set] of ruleSets.entries()) {
    await progress(set, Math.round((i / ruleSets.length) * 90) + 5);
    if (set === 'legal') findings.push(...(await checkLegal(input.text, code)));
    if (set === 'privacy') findings.push(...checkPrivacy(input.text));
    if (set === 'open_meetings') findings.push(...checkOpenMeetings(input.text, input.law, input.stateCode, await openMeetingsBasis(input.law, code)));
    if (set === 'accessibility' && input.pdf) {
      facts = await readPdfFacts(input.pdf, input.hasText);
      findings.push(...checkAccessibility(facts));
    }
  }
  return { findings, facts, ruleSets };
}

/** The location's open-meetings section, quoted at its notice sentence, when the code has it. */
async function openMeetingsBasis(law: LocationLaw, code: CodeBook): Promise<FindingBasis | null> {
  const number = law.open_meetings.section;
  if (!number) return null;
  const section = (await code.lookup([number])).get(number);
  if (!section) return null;
  const sentence = sentencesOf(section.text).find((s) => /\bnotice\b/i.test(s) && /\bhours?\b/i.test(s)) ?? null;
  return sectionBasis(section, sentence);
}
