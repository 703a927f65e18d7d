import { describe, expect, it } from 'vitest';
import { entityLabel, ruleLabel, trailAction, trailValue } from './compliance-words';

describe("Compliance Check's server codes and labels", () => {
  const finding = { rule: 'privacy.address', rule_label: 'Home address' };

  it('read in Spanish', () => {
    expect(ruleLabel('es', finding)).toBe('Domicilio particular');
    expect(ruleLabel('es', { rule: 'legal.form_missing_part:enacting_clause', rule_label: 'Missing part of the form: enacting clause' })).toBe(
      'Falta una parte del formato: enacting clause',
    );
    expect(entityLabel('es', 'ADDRESS')).toBe('Domicilio');
    expect(trailAction('es', 'finding.status')).toBe('Estado del hallazgo');
    expect(trailValue('es', 'finding.status', 'accepted')).toBe('Aceptado');
  });

  it('read in English as the server gives them, as before', () => {
    expect(ruleLabel('en', finding)).toBe('Home address');
    expect(entityLabel('en', 'ADDRESS')).toBe('ADDRESS');
    expect(trailAction('en', 'finding.status')).toBe('finding.status');
    expect(trailValue('en', 'finding.status', 'accepted')).toBe('accepted');
    expect(trailValue('en', 'report.folder', null)).toBe('—');
  });

  it("keep a code the catalogue does not know in the server's words", () => {
    expect(ruleLabel('es', { rule: 'legal.new_rule', rule_label: 'A new rule' })).toBe('A new rule');
    expect(trailAction('es', 'report.renamed')).toBe('report.renamed');
    expect(trailValue('es', 'report.folder', 'Budget 2025')).toBe('Budget 2025');
  });
});
