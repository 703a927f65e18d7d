import { dictionaries, translate, type Language, type MessageKey } from '../../lib/i18n';

/**
 * Compliance Check's server codes and English labels: a trail entry's action ("finding.status") and
 * values ("open"), a finding's rule label and kind of personal data. English shows them as it always
 * has; other languages show the catalogue's words for them, and the server's where it has none.
 */
const VALUE_PREFIX: Record<string, string> = {
  'finding.status': 'findingStatus_',
  'finding.added': 'findingStatus_',
  'finding.severity': 'severity_',
  'report.status': 'reportStatus_',
  'report.job': 'jobState_',
  'pra.status': 'praStatus_',
  'pra.email': 'trailValue_',
};

function known(language: Language, key: string, otherwise: string): string {
  return key in dictionaries.en ? translate(language, key as MessageKey) : otherwise;
}

export function trailAction(language: Language, action: string): string {
  const asShown = action.replace(/_/g, ' ');
  return language === 'en' ? asShown : known(language, `trailAction_${action.replace(/\W/g, '_')}`, asShown);
}

export function trailValue(language: Language, action: string, value: string | null): string {
  if (value === null) return '—';
  const prefix = VALUE_PREFIX[action];
  return language === 'en' || !prefix ? value : known(language, `${prefix}${value}`, value);
}

/** A finding's rule as the server labels it ("Home address"); a rule with a part keeps the part's words. */
export function ruleLabel(language: Language, finding: { rule: string; rule_label: string }): string {
  if (language === 'en') return finding.rule_label;
  const [base, part] = finding.rule.split(':');
  const label = known(language, `complianceRule_${base.replace(/\W/g, '_')}`, '');
  if (!label) return finding.rule_label;
  return part ? `${label}: ${part.replace(/_/g, ' ')}` : label;
}

/** A privacy finding's kind of data ("ADDRESS"). */
export function entityLabel(language: Language, entityType: string): string {
  return language === 'en' ? entityType : known(language, `privacyEntity_${entityType}`, entityType);
}
