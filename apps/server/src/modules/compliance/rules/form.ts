import type { DraftKind } from '@civicdesk/contract';
import { conventionsOf, formOf } from '../../drafting/forms';
import { ruleBasis, type RuleFinding } from './types';

/**
 * A draft bill (ordinance) or resolution has the parts its form requires — the same forms the
 * drafter fills (decision 023). A document is taken for a draft of a kind when it shows at least
 * two of that kind's marks; a letter that merely mentions "the Act of 2026" is not a draft.
 */
const MARKS: Record<'ordinance' | 'resolution', RegExp[]> = {
  ordinance: [/BE IT ENACTED/, /\bAN ORDINANCE\b/, /ORDINANCE NO\./i, /^To amend\b/m, /^Sec(?:tion)?\.? [12]\./m, /\bB\d{2}-(?:\[number\]|\d+)/, /Act of \d{4}/, /DOES ORDAIN/i],
  resolution: [/^WHEREAS\b/m, /\bRESOLVED\b/, /Resolution of \d{4}/, /\bPR\d{2}-(?:\[number\]|\d+)/, /RESOLUTION NO\./i, /\bA RESOLUTION\b/],
};

export function draftKindOf(text: string): DraftKind | null {
  const score = (kind: 'ordinance' | 'resolution') => MARKS[kind].filter((m) => m.test(text)).length;
  const ordinance = score('ordinance');
  const resolution = score('resolution');
  if (Math.max(ordinance, resolution) < 2) return null;
  return ordinance >= resolution ? 'ordinance' : 'resolution';
}

export function checkForm(text: string, locationCode: string): RuleFinding[] {
  const kind = draftKindOf(text);
  if (!kind) return [];
  const form = formOf(kind, conventionsOf(locationCode));
  const firstLine = text.match(/^\s*(\S[^\n]{0,119})/);
  return form.parts
    .filter((p) => p.required && !p.marker.test(text))
    .map((p) => ({
      ruleSet: 'legal' as const,
      rule: `legal.form_missing_part:${p.key}`,
      severity: 'medium' as const,
      start: null,
      end: null,
      quote: firstLine?.[1] ?? '',
      basis: ruleBasis(`Form of a ${form.name}`, `${p.label} (required)`, p.instruction),
      explanation: `This ${kind === 'ordinance' ? 'bill' : 'resolution'} has no ${p.label.toLowerCase()}, which its form requires.`,
      suggestion: p.instruction,
    }));
}
