import type { FindingBasis } from '@civicdesk/contract';
import { diffWords } from 'diff';
import { contentWords, sentenceSpans, sentencesOf } from '../../../platform/ai';
import { type Quantity, quantitiesIn } from '../../../platform/ai/quantities';
import { provisionsOf, withoutLabels } from '../../../platform/ai/provisions';
import { normaliseForQuote } from '../../../platform/ai/text';
import { isInForce } from '../../../platform/retrieval';
import { statusOfRow } from '../../../platform/retrieval/status';
import { codeCitationsIn, type CodeCitation } from './citations';
import { checkForm } from './form';
import { ruleBasis, type RuleFinding } from './types';
import { escapeRegExp } from '../../../platform/regex';

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
    } else if (!isInForce({ status: statusOfRow(section.status), text: section.text })) {
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
/** What happened (an elapsed time, a budget, a statistic), not what the section provides. */
const EVENT = /\b(?:took|taken|waited|spent|budget(?:ed|s)?|paid|costs?|collected|in the end|last year|this year|so far|reviewed|used the|posted only|only posted|falls? short|fell short|expects?|expected|averag\w*)\b/i;
/** A thing's own amount ("a contract in the amount of $1,480,000"), not a figure the section states. */
const AMOUNT_OF = /\b(?:in the amount of|amount of|totaling|totalling|valued at|at a cost of|sum of|for a total of)\s*$/i;
/** A sentence after the citation attributes its figure to it when it says what one has, gets or must do. */
const ATTRIBUTION = /\b(?:ha(?:s|ve)|gives?|allows?|provides?|grants?|permits?|requires?|sets?|caps?|limits?|must|shall|may|within|no later than|not (?:more|less|later) than|up to|at (?:least|most)|deadline|period|fine|penalty|window)\b/i;

/** Words before a time of day that make it a limit the section may set ("until midnight", "by 10 p.m."). */
const CLOCK_LIMIT = /\b(?:until|till|by|after|before|past|no later than|not later than|between|from|later than|earlier than)\s+$/i;
/** A sentence that states a case, not the general rule ("If …", "In the case of …", "Notwithstanding …"; "Except as provided in paragraph (2)" opens the general rule). */
const SPECIAL_CASE = /^\s*(?:if|when|where|in the case of|in the event|notwithstanding)\b/i;

/** Business days: "business days", "working days", or days "(except Saturdays, Sundays, and legal public holidays)". */
function dayKind(text: string, q: { start: number; end: number }): 'business' | 'calendar' | 'plain' {
  const own = text.slice(q.start, q.end);
  if (/business|working/i.test(own) || /^\s*\(?\s*(?:excluding|except|not counting)\s+Saturdays?/i.test(text.slice(q.end, q.end + 40))) return 'business';
  return /calendar/i.test(own) ? 'calendar' : 'plain';
}

/** The words of a section a pinpoint names ("(c)(1)"), or the whole section when it names none the text has. */
export function pinpointedText(sectionText: string, pinpoint: string): string {
  if (!pinpoint) return sectionText;
  const provisions = provisionsOf(sectionText);
  for (let p = pinpoint; p; p = p.replace(/\([^)]*\)$/, '')) {
    const at = provisions.find((x) => x.pinpoint === p);
    if (at) return sectionText.slice(at.start, at.subtreeEnd);
  }
  return sectionText;
}

/**
 * The sentence of the cited part a claimed figure is about: of those stating a figure of its kind, the
 * one sharing most of the claim's words, the general rule before a case ("If the public record requested
 * is a body-worn camera recording …"), then the figure nearest in value (the same value, when only its
 * kind differs).
 */
export function sentenceClaimed(part: string, claim: string, claimed: Quantity): { sentence: string; figure: Quantity } | null {
  const claimWords = new Set(contentWords(claim));
  const candidates = sentencesOf(part).flatMap((sentence) => {
    const figures = quantitiesIn(sentence).filter((q) => q.noun === claimed.noun);
    if (!figures.length) return [];
    const near = Math.min(...figures.map((q) => Math.abs(q.value - claimed.value)));
    const shared = new Set(contentWords(sentence).filter((w) => claimWords.has(w))).size;
    return [{ sentence, shared, special: SPECIAL_CASE.test(withoutLabels(sentence)) ? 1 : 0, near, figure: figures.find((q) => Math.abs(q.value - claimed.value) === near)! }];
  });
  const chosen = candidates.sort((a, b) => b.shared - a.shared || a.special - b.special || a.near - b.near)[0];
  return chosen ? { sentence: chosen.sentence, figure: chosen.figure } : null;
}

/**
 * A figure a document attributes to a cited section, in the citing sentence or the next one ("Note
 * that § 2-532(c) gives 30 days"; "Under § 2-532(c)(1), agencies must act quickly. They have 30
 * days."), is compared with the figures of the same kind in the part of the section cited: a value
 * none of them states, or business days stated as calendar days, is a finding with both quotes.
 */
function figureFindings(text: string, citations: CodeCitation[], sections: Map<string, CodeSectionRow>): RuleFinding[] {
  const out: RuleFinding[] = [];
  const quoted = [...text.matchAll(QUOTED)].map((m) => [m.index, m.index + m[0].length] as const);
  const inQuote = (i: number) => quoted.some(([a, b]) => i >= a && i < b);
  const sentences = sentenceSpans(text);
  const seen = new Set<number>();
  sentences.forEach(({ sentence, start: at }, i) => {
    const cited = citations.filter((c) => c.start >= at && c.end <= at + sentence.length);
    if (!cited.length || AMENDING.test(sentence)) return;
    const citation = cited.find((c) => {
      const s = sections.get(c.key);
      return s && isInForce({ status: s.status as 'in_force', text: s.text });
    });
    if (!citation) return;
    const section = sections.get(citation.key)!;
    const pinpoint = /(?:\([0-9A-Za-z-]{1,5}\))+$/.exec(text.slice(citation.start, citation.end))?.[0] ?? '';
    const part = pinpointedText(section.text, pinpoint);
    // The citing sentence, and the next one when it has no citation of its own and says what one has or must do.
    const next = sentences[i + 1];
    const spans = [{ sentence, at }];
    if (next && !citations.some((c) => c.start >= next.start && c.end <= next.start + next.sentence.length) && ATTRIBUTION.test(next.sentence)) spans.push({ sentence: next.sentence, at: next.start });
    for (const { sentence: s, at: from } of spans) {
      if (EVENT.test(s)) continue;
      for (const claimed of quantitiesIn(s)) {
        const start = from + claimed.start;
        const before = s.slice(Math.max(0, claimed.start - 30), claimed.start);
        // A time of day is a claim only as a limit ("may continue until midnight"), not when something happens ("the hearing at 7 p.m.").
        if (inQuote(start) || seen.has(start) || (claimed.noun === 'clock' && !CLOCK_LIMIT.test(before)) || AMOUNT_OF.test(before)) continue;
        // A figure inside the citation itself ("§ 2-532(c)(1)") is no claim.
        if (start >= citation.start && start < citation.end) continue;
        const kind = dayKind(s, claimed);
        const stated = quantitiesIn(part).filter((q) => q.noun === claimed.noun);
        if (!stated.length) continue;
        const agrees = stated.some((q) => q.value === claimed.value && !(kind === 'calendar' && dayKind(part, q) === 'business') && !(kind === 'business' && claimed.noun === 'period' && dayKind(part, q) === 'plain' && !/\bbusiness|working\b/i.test(part)));
        if (agrees) continue;
        seen.add(start);
        const chosen = sentenceClaimed(part, s, claimed);
        const best = chosen?.figure ?? [...stated].sort((a, b) => Math.abs(a.value - claimed.value) - Math.abs(b.value - claimed.value))[0];
        const source = chosen?.sentence ?? sentencesOf(part)[0];
        const words = text.slice(start, from + claimed.end);
        const sameValue = best.value === claimed.value;
        out.push({
          ruleSet: 'legal',
          rule: 'legal.figure_contradiction',
          severity: 'high',
          start,
          end: from + claimed.end,
          quote: words,
          basis: sectionBasis(section, source),
          explanation: sameValue
            ? `The document says “${words}”, but ${section.number}${pinpoint} (${section.title}) counts ${kind === 'calendar' ? 'business days, not calendar days' : 'calendar days, not business days'}: “${source}”.`
            : `The document says “${words}”, but ${section.number}${pinpoint} (${section.title}) provides: “${source}”.`,
          suggestion: `Use the figure the section states (${sentenceFigure(source, claimed.noun)}), or cite the provision that allows a different one.`,
        });
      }
    }
  });
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
    const use = new RegExp(String.raw`(?<![\p{L}\p{N}“"])${escapeRegExp(term)}(?![\p{L}\p{N}”"])`, 'iu').exec(text.slice(0, lineStart));
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
