import { createHash } from 'node:crypto';
import type { CodeRule, Severity } from '@civicdesk/contract';
import { codeCitationsIn } from '../rules/citations';

/**
 * The health rules of a location's own code (decision 024), section by section: a reference to a
 * section that does not exist or is not in force; a model code (building, fire, electrical...)
 * cited by an edition older than the one the location adopted; a section number used twice or not
 * of the code's form; a section in force with no text. Each finding has a fingerprint that stays
 * the same from run to run while the problem does, so two runs can be compared.
 */
export interface SectionForCheck {
  id: string;
  sourceId: string;
  number: string;
  numberKey: string;
  title: string;
  text: string;
  inForce: boolean;
}

export interface CodeRuleFinding {
  fingerprint: string;
  rule: CodeRule;
  severity: Severity;
  sectionId: string;
  sectionNumber: string;
  sectionTitle: string;
  start: number | null;
  end: number | null;
  quote: string;
  target: string | null;
  modelCode: string | null;
  explanation: string;
  suggestion: string | null;
}

/** Model codes by the words that name them; BOCA's national codes are the forerunners of the ICC's. */
const MODEL_CODES: [RegExp, string][] = [
  [/Building Code/i, 'IBC'],
  [/Residential Code/i, 'IRC'],
  [/Fire (?:Prevention )?Code/i, 'IFC'],
  [/Plumbing Code/i, 'IPC'],
  [/Mechanical Code/i, 'IMC'],
  [/Fuel Gas Code/i, 'IFGC'],
  [/Energy Conservation Code/i, 'IECC'],
  [/Existing (?:Building|Structures) Code/i, 'IEBC'],
  [/Property Maintenance Code/i, 'IPMC'],
  [/Swimming Pool and Spa Code/i, 'ISPSC'],
  [/National Electrical Code|NFPA 70\b/i, 'NEC'],
];
const YEAR = String.raw`(?:19[5-9]\d|20[0-4]\d)`;
const MODEL_MENTION = new RegExp(
  String.raw`\b(?:(${YEAR})\s+(?:edition of (?:the\s+)?)?)?((?:BOCA Basic\/National|International|Uniform|Standard) (?:Building|Residential|Fire Prevention|Fire|Plumbing|Mechanical|Fuel Gas|Energy Conservation|Existing Building|Existing Structures|Property Maintenance|Swimming Pool and Spa) Code|National Electrical Code|NFPA 70\b)(?:\s*[/,]?\s*(?:\(\s*)?(?:of\s+)?(${YEAR})\b)?`,
  'g',
);
const SECTION_FORM = /^§\s?\d{1,3}[A-Za-z]?(?::\d+[A-Za-z]?)?-\d+[0-9A-Za-z]*(?:\.[0-9A-Za-z]+)*$/;
/** "§ 38-1800 et seq." names a chapter by its first number, not a section. */
const ET_SEQ = /^[\]\s)]*et seq/i;
/**
 * A legislative-history note ("(D.C. Law 6-10; D.C. Code § 45-2532)") or an old number followed by
 * the current one in brackets ("§ 45-922(24) [§ 42-1102(24)]") cites the code as it was: not a
 * broken reference.
 */
function historical(text: string, start: number, end: number): boolean {
  if (/^[\s(\w)]*\[(?:§|\d|see now|now|repealed|recodified|omitted|expired)/i.test(text.slice(end, end + 16))) return true;
  if (/\bformer(?:ly)?\s+(?:§§?|sections?)?\s*$/i.test(text.slice(Math.max(0, start - 24), start))) return true;
  const open = text.lastIndexOf('(', start);
  const close = text.indexOf(')', end);
  if (open < 0 || close < 0 || start - open > 200 || text.slice(open, start).includes(')')) return false;
  return /D\.C\. Law \d|\bDCR\b|Stat\.|effective [A-Z][a-z]+ \d/.test(text.slice(open, close));
}

/**
 * The year of the text a section reproduces, when it is a dated enactment: "Reorganization Plan No. 2
 * of 1975" in its heading, or its opening history "(… Effective July 25, 1975)". Such a text cites the
 * code as it was numbered then (the District's code was renumbered in 2001), so a number it cites
 * that the code no longer has may be an old number rather than a broken reference (issue 22).
 */
export function enactedYearOf(section: Pick<SectionForCheck, 'title' | 'text'>): number | null {
  const titled = /\bof (1[89]\d\d|20\d\d)\b/.exec(section.title);
  const opening = /^\s*\([^)]*?\bEffective [A-Z][a-z]+\.? \d{1,2}, (1[89]\d\d|20\d\d)\)/.exec(section.text.slice(0, 300));
  const year = Number(titled?.[1] ?? opening?.[1] ?? 0);
  return year || null;
}

const fingerprintOf = (...parts: (string | null)[]) => createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 20);

/** Section keys of the whole code and whether each is in force. */
export type CodeIndexOfKeys = Map<string, { inForce: boolean; number: string }>;

export function checkSection(section: SectionForCheck, keys: CodeIndexOfKeys, adopted: Record<string, number>, codeName: string): CodeRuleFinding[] {
  const out: CodeRuleFinding[] = [];
  const base = { sectionId: section.id, sectionNumber: section.number, sectionTitle: section.title };
  if (!SECTION_FORM.test(section.number.trim())) {
    out.push({ ...base, fingerprint: fingerprintOf('malformed_number', section.sourceId), rule: 'malformed_number', severity: 'medium', start: null, end: null, quote: section.number, target: null, modelCode: null, explanation: `The section number “${section.number}” is not of the code's form (“§ title-section”).`, suggestion: 'Correct the section number in the codification.' });
  }
  if (section.inForce && !section.text.trim()) {
    out.push({ ...base, fingerprint: fingerprintOf('empty_text', section.sourceId), rule: 'empty_text', severity: 'medium', start: null, end: null, quote: '', target: null, modelCode: null, explanation: `${section.number} (${section.title}) is in force but has no text.`, suggestion: 'Restore the section\'s text, or mark it repealed or reserved.' });
  }
  if (!section.inForce) return out;
  const seen = new Set<string>();
  const enacted = enactedYearOf(section);
  for (const c of codeCitationsIn(section.text)) {
    if (c.key === section.numberKey) continue;
    if (ET_SEQ.test(section.text.slice(c.end, c.end + 12)) || historical(section.text, c.start, c.end)) continue;
    const target = keys.get(c.key);
    if (target?.inForce) continue;
    const rule: CodeRule = target ? 'reference_repealed' : 'reference_unknown';
    const quote = section.text.slice(c.start, c.end);
    const fingerprint = fingerprintOf(rule, section.sourceId, c.key);
    if (seen.has(fingerprint)) continue;
    seen.add(fingerprint);
    // A dated text of an earlier numbering: said so, and less urgent than a broken reference in today's text.
    const oldNumbering = !target && enacted !== null && enacted < new Date().getUTCFullYear() - 10;
    out.push({
      ...base,
      fingerprint,
      rule,
      severity: oldNumbering ? 'medium' : 'high',
      start: c.start,
      end: c.end,
      quote,
      target: target?.number ?? `§ ${c.key}`,
      modelCode: null,
      explanation: target
        ? `${section.number} refers to ${target.number}, which is no longer in force.`
        : oldNumbering
          ? `${section.number} reproduces a text of ${enacted}, which cites § ${c.key}: that may be the code's numbering of ${enacted}, not a section of ${codeName} as numbered today.`
          : `${section.number} refers to § ${c.key}, which is not a section of ${codeName}.`,
      suggestion: target
        ? 'Update the reference to the provision now in force, or remove it.'
        : oldNumbering
          ? `Look § ${c.key} up in the code as numbered in ${enacted}${/District of Columbia/.test(codeName) ? " (the District's code was renumbered in 2001)" : ''}; if it is an old number, add the current one in brackets.`
          : 'Check the reference: the section may have been renumbered or never codified.',
    });
  }
  for (const m of section.text.matchAll(MODEL_MENTION)) {
    const year = Number(m[1] ?? m[3]);
    if (!year) continue;
    const id = MODEL_CODES.find(([pattern]) => pattern.test(m[2]))?.[1];
    const edition = id ? adopted[id] : undefined;
    if (!id || !edition || year >= edition) continue;
    const fingerprint = fingerprintOf('model_code_edition', section.sourceId, id, String(year));
    if (seen.has(fingerprint)) continue;
    seen.add(fingerprint);
    out.push({
      ...base,
      fingerprint,
      rule: 'model_code_edition',
      severity: 'medium',
      start: m.index,
      end: m.index + m[0].length,
      quote: m[0],
      target: `${id} ${year}`,
      modelCode: id,
      explanation: `${section.number} cites the ${year} edition of the ${m[2]}, but the location adopted the ${edition} edition of the ${id}.`,
      suggestion: `Refer to the adopted edition (${id} ${edition}) or to the code "as adopted by the District".`,
    });
  }
  return out;
}

/** Section numbers used by more than one section. */
export function duplicateNumbers(sections: { numberKey: string; sourceId: string }[]): Set<string> {
  const count = new Map<string, number>();
  for (const s of sections) count.set(s.numberKey, (count.get(s.numberKey) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n > 1).map(([k]) => k));
}

export function duplicateFinding(section: SectionForCheck): CodeRuleFinding {
  return {
    fingerprint: fingerprintOf('duplicate_number', section.sourceId),
    rule: 'duplicate_number',
    severity: 'high',
    sectionId: section.id,
    sectionNumber: section.number,
    sectionTitle: section.title,
    start: null,
    end: null,
    quote: section.number,
    target: null,
    modelCode: null,
    explanation: `Another section also has the number ${section.number}: a citation of it is ambiguous.`,
    suggestion: 'Renumber one of the sections, or mark the older one as superseded.',
  };
}

