import type { FindingBasis, PrivacyEntityType, RuleSet, Severity } from '@civicdesk/contract';

/** What a rule found, before it is stored: the span is in the checked text (UTF-16 offsets). */
export interface RuleFinding {
  ruleSet: RuleSet;
  rule: string;
  entityType?: PrivacyEntityType;
  severity: Severity;
  /** null for a finding about the whole document (a missing part, an untagged PDF). */
  start: number | null;
  end: number | null;
  quote: string;
  basis: FindingBasis;
  explanation: string;
  suggestion: string | null;
  difference?: { op: 'same' | 'added' | 'removed'; text: string }[] | null;
  confidence?: number | null;
  /** The status a finding starts in: open (the default), or dismissed for what is shown but is no redaction candidate (the document's author, an official in a public role). */
  status?: 'open' | 'dismissed';
  /** Every further place of the same value or person in the text (the finding's own span is the first). */
  places?: { start: number; end: number; quote: string }[];
}

/** A span of the text: the words of a finding. */
export const spanOf = (text: string, start: number, end: number) => ({ start, end, quote: text.slice(start, end) });

/** A basis that is a named standard or statute rather than a section of the location's code. */
export const ruleBasis = (reference: string, title: string, quote: string | null = null, sourceUrl: string | null = null): FindingBasis => ({
  kind: 'rule',
  reference,
  title,
  quote,
  source_url: sourceUrl,
  verified: false,
  section_id: null,
});
