import type { FindingBasis } from '@civicdesk/contract';
import { diffWords } from 'diff';
import { sentenceSpans, sentencesOf } from '../../../platform/ai';
import { CLOCK, QUANTITY, quantitiesIn } from '../../../platform/ai/quantities';
import { normaliseForQuote } from '../../../platform/ai/text';
import { isInForce } from '../../../platform/retrieval';
import { terms } from '../../../platform/retrieval/tokenize';
import { codeCitationsIn, type CodeCitation } from './citations';
import { checkForm } from './form';
import { ruleBasis, type RuleFinding } from './types';

/**
 * The legal rule set (decision 024): every citation of the location's code names a section that
 * exists and is in force; a quoted passage of a cited section matches its current text (the
 * difference shown word by word); a figure stated with a citation agrees with the section; a
 * defined term is not used before its definition; a draft bill or resolution has the parts its
 * form requires (the drafting forms).
 */
export interface CodeSectionRow {
  id: string;
  number: string;
  title: string;
  text: string;
  status: string;
  sourceUrl: string | null;
}

export interface CodeBook {
  /** "the District of Columbia Official Code" */
  name: string;
  locationCode: string;
  /** Sections by number key ("2-532"); keys that name no section are absent. */
  lookup(keys: string[]): Promise<Map<string, CodeSectionRow>>;
}

export const sectionBasis = (section: CodeSectionRow, quote: string | null): FindingBasis => ({
  kind: 'code_section',
  reference: section.number,
  title: section.title,
  quote,
  source_url: section.sourceUrl,
  // The quote is the section's own text, read from the code as imported: verified by construction.
  verified: quote === null || normaliseForQuote(section.text).includes(normaliseForQuote(quote)),
  section_id: section.id,
});

const QUOTED = /[“"]([^”"\n]{20,2000})[”"]/g;
const MIN_QUOTE_WORDS = 6;
const NEAR = 400;

export async function checkLegal(text: string, code: CodeBook): Promise<RuleFinding[]> {
  const citations = codeCitationsIn(text);
  const sections = await code.lookup([...new Set(citations.map((c) => c.key))]);
  const findings: RuleFinding[] = [];
  for (const c of citations) {
    const section = sections.get(c.key);
    const quote = text.slice(c.start, c.end);
    if (!section) {
      findings.push({
        ruleSet: 'legal',
        rule: 'legal.citation_unknown',
        severity: 'high',
        start: c.start,
        end: c.end,
        quote,
        basis: ruleBasis(code.name, `No section ${c.key} in ${code.name} as imported`),
        explanation: `The document cites ${quote}, but ${code.name} has no such section.`,
        suggestion: 'Check the section number against the code and correct the citation.',
      });
    } else if (!isInForce({ status: section.status as 'in_force' | 'repealed', text: section.text })) {
      findings.push({
        ruleSet: 'legal',
        rule: 'legal.citation_repealed',
        severity: 'high',
        start: c.start,
        end: c.end,
        quote,
        basis: sectionBasis(section, section.text.trim().slice(0, 300) || null),
        explanation: `${section.number} (${section.title}) is not in force: ${section.text.trim().slice(0, 120) || 'repealed'}.`,
        suggestion: 'Cite the section now in force, or remove the reference.',
      });
    }
  }
  findings.push(...quoteFindings(text, citations, sections));
  findings.push(...figureFindings(text, citations, sections));
  findings.push(...termFindings(text));
  findings.push(...checkForm(text, code.locationCode));
  return findings;
}

/** The citation nearest to a position, in force, within NEAR characters (before first). */
function nearestSection(citations: CodeCitation[], sections: Map<string, CodeSectionRow>, start: number, end: number) {
  let best: { section: CodeSectionRow; distance: number } | null = null;
  for (const c of citations) {
    const section = sections.get(c.key);
    if (!section || !isInForce({ status: section.status as 'in_force', text: section.text })) continue;
    const distance = c.end <= start ? start - c.end : c.start >= end ? (c.start - end) * 1.5 : 0;
    if (distance <= NEAR && (!best || distance < best.distance)) best = { section, distance };
  }
  return best?.section ?? null;
}

const words = (s: string) => normaliseForQuote(s).toLowerCase().match(/[\p{L}\p{N}$]+/gu) ?? [];

function quoteFindings(text: string, citations: CodeCitation[], sections: Map<string, CodeSectionRow>): RuleFinding[] {
  const out: RuleFinding[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const inner = m[1];
    const start = m.index + 1;
    if (words(inner).length < MIN_QUOTE_WORDS) continue;
    const section = nearestSection(citations, sections, m.index, m.index + m[0].length);
    if (!section) continue;
    const fragments = inner.split(/\s*(?:\.\.\.|…)\s*/).filter((f) => words(f).length > 0);
    const source = normaliseForQuote(section.text).toLowerCase();
    if (fragments.every((f) => source.includes(normaliseForQuote(f).toLowerCase().replace(/^[\s"'.,;:]+|[\s"'.,;:]+$/g, '')))) continue;
    const window = closestPassage(section.text, inner);
    if (!window) continue;
    const difference = diffWords(window, inner).map((p) => ({ op: p.added ? ('added' as const) : p.removed ? ('removed' as const) : ('same' as const), text: p.value }));
    out.push({
      ruleSet: 'legal',
      rule: 'legal.quote_mismatch',
      severity: 'high',
      start,
      end: start + inner.length,
      quote: inner,
      basis: sectionBasis(section, window),
      explanation: `The quoted words are not the current text of ${section.number} (${section.title}). The section reads: “${window}”.`,
      suggestion: 'Quote the section word for word, or say that the passage is paraphrased.',
      difference,
    });
  }
  return out;
}

/**
 * The passage of a section most like a quote (same length in words, most words in common), or null
 * when nothing in the section is close enough to be what the quote meant (then it quotes something else).
 */
export function closestPassage(sectionText: string, quote: string): string | null {
  const q = words(quote);
  const tokens = [...sectionText.matchAll(/\S+/g)];
  if (!q.length || !tokens.length) return null;
  const want = new Map<string, number>();
  for (const w of q) want.set(w, (want.get(w) ?? 0) + 1);
  const size = Math.min(tokens.length, q.length);
  let best = { score: -1, from: 0 };
  for (let from = 0; from + size <= tokens.length; from++) {
    const have = new Map(want);
    let score = 0;
    for (let i = from; i < from + size; i++) {
      for (const w of words(tokens[i][0])) {
        const n = have.get(w) ?? 0;
        if (n > 0) {
          score++;
          have.set(w, n - 1);
        }
      }
    }
    if (score > best.score) best = { score, from };
  }
  if (best.score / q.length < 0.5) return null;
  const first = tokens[best.from];
  const last = tokens[best.from + size - 1];
  return sectionText.slice(first.index, last.index + last[0].length).replace(/^[("“]+|[”")]+$/g, '');
}

const AMENDING = /\b(?:amended|striking|inserting|redesignat|repealed by|repealing)\b/i;

function figureFindings(text: string, citations: CodeCitation[], sections: Map<string, CodeSectionRow>): RuleFinding[] {
  const out: RuleFinding[] = [];
  const quoted = [...text.matchAll(QUOTED)].map((m) => [m.index, m.index + m[0].length] as const);
  const inQuote = (i: number) => quoted.some(([a, b]) => i >= a && i < b);
  for (const { sentence, start: at } of sentenceSpans(text)) {
    if (AMENDING.test(sentence)) continue;
    const cited = citations.filter((c) => c.start >= at && c.end <= at + sentence.length);
    if (!cited.length) continue;
    const topic = new Set(terms(sentence.replace(QUANTITY, ' ').replace(CLOCK, ' ')));
    for (const claimed of quantitiesIn(sentence)) {
      const start = at + claimed.start;
      if (inQuote(start)) continue;
      const section = cited.map((c) => sections.get(c.key)).find((s) => s && isInForce({ status: s.status as 'in_force', text: s.text }));
      if (!section) continue;
      // The section's sentences that state a figure of the same kind about the same thing.
      const stated = sentencesOf(section.text).flatMap((s) => {
        const shared = new Set(terms(s).filter((t) => topic.has(t))).size;
        return shared >= 2 ? quantitiesIn(s).filter((q) => q.noun === claimed.noun).map((q) => ({ q, s })) : [];
      });
      if (!stated.length || stated.some(({ q }) => q.value === claimed.value)) continue;
      const source = stated[0].s;
      out.push({
        ruleSet: 'legal',
        rule: 'legal.figure_contradiction',
        severity: 'high',
        start,
        end: at + claimed.end,
        quote: text.slice(start, at + claimed.end),
        basis: sectionBasis(section, source),
        explanation: `The document says “${text.slice(start, at + claimed.end)}”, but ${section.number} (${section.title}) provides: “${source}”.`,
        suggestion: `Use the figure the section states (${sentenceFigure(source, claimed.noun)}), or cite the provision that allows a different one.`,
      });
    }
  }
  return out;
}

const sentenceFigure = (s: string, noun: string) => {
  const q = quantitiesIn(s).find((x) => x.noun === noun);
  return q ? s.slice(q.start, q.end) : 'see the section';
};

const DEFINITION = /[“"]([A-Z][A-Za-z' -]{1,58}[a-z])[”"]\s+(?:means|shall mean|refers to|has the meaning|includes|is defined as)\b|\((?:the\s+|hereinafter(?: referred to as)?\s+|collectively,?\s+)?[“"]([A-Z][A-Za-z' -]{1,58}[A-Za-z])[”"]\)/g;

function termFindings(text: string): RuleFinding[] {
  const out: RuleFinding[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(DEFINITION)) {
    const term = m[1] ?? m[2];
    if (seen.has(term)) continue;
    seen.add(term);
    // The sentence (or line) that defines it: a use there is the definition itself.
    const lineStart = Math.max(text.lastIndexOf('\n', m.index) + 1, text.slice(0, m.index).search(/[.;]\s+[^.;]*$/) + 1);
    // Case aside: "Major repair" is defined and "each major repair" uses it.
    const use = new RegExp(String.raw`(?<![\p{L}\p{N}“"])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}\p{N}”"])`, 'iu').exec(text.slice(0, lineStart));
    if (!use) continue;
    out.push({
      ruleSet: 'legal',
      rule: 'legal.term_before_definition',
      severity: 'low',
      start: use.index,
      end: use.index + term.length,
      quote: use[0],
      basis: ruleBasis('Legislative drafting: definitions', 'A defined term is defined before it is used', m[0]),
      explanation: `“${term}” is used here before the document defines it (${m[0].slice(0, 80)}).`,
      suggestion: 'Move the definition before the first use, or define the term in a definitions section at the start.',
    });
  }
  return out;
}
