import type { Db } from '../../db/client';
import { contentWords, sentencesOf } from '../../platform/ai';
import { isSubjectWord, sameFamily } from '../../platform/ai/support';
import { sectionCount, sectionsByIds, sectionsHoldingEach, sectionsHoldingWords } from '../../platform/retrieval/repo';
import { baseVerb } from './analysis';

/**
 * Where a new rule belongs in the code (issue 32): the section that regulates what the request
 * regulates, or, when none does, a new section (in the chapter whose law speaks to the subject, when
 * one does). A section is the home by what it regulates (its heading, its chapter's and
 * subchapter's titles, and its text), weighed by how rare each of the subject's words is in the
 * code: "gas-powered leaf blowers" shares "gas" with "licensing of plumbers and gas-fitters", a
 * common word, and "blowers", the word that names the subject, with no section.
 */
export interface HomeCandidate {
  id: string;
  /** "§ 8-101.05" */
  number: string;
  title: string;
  text: string;
  titleNumber: string;
  titleName: string;
  chapter: string | null;
  chapterTitle: string | null;
  subchapter: string | null;
  subchapterTitle: string | null;
}

/** A chapter (or subchapter) of the code a new section is added to. */
export interface HomePlace {
  titleNumber: string;
  titleName: string;
  chapter: string | null;
  chapterTitle: string | null;
  subchapter: string | null;
  subchapterTitle: string | null;
}

export type Home = (
  | { action: 'amend'; section: HomeCandidate; reason: string }
  | { action: 'new'; place: HomePlace | null; near: HomeCandidate | null; reason: string }
) & {
  /** The sections a sentence of which speaks to the subject (CHAPTER_SHARE): the law a new rule rests on, best first. */
  related: string[];
};

/** A subject word: the word as the request writes it (for the database's own stemming) and its stem. */
export interface SubjectWord {
  word: string;
  stem: string;
}

/**
 * What a request regulates, in its words: "limit the use of gas-powered leaf blowers to the hours
 * between 8 a.m. and 6 p.m." -> "gas-powered leaf blowers"; "increasing the civil fine for idling a
 * motor vehicle engine for more than 3 minutes" -> "idling a motor vehicle engine"; "requiring owners
 * of vacant buildings to post a sign" -> "owners of vacant buildings" (whose duty it is: what the
 * section regulates); "the sale of energy drinks to anyone under 18" -> "energy drinks".
 */
export function regulatedPhrase(subject: string): string {
  let rest = subject
    .replace(/§+\s*[\w.:-]+(?:\([\w-]+\))*|\bsection\s+\d[\w.:-]*(?:\([\w-]+\))*/gi, ' ')
    .replace(/\$\s?\d[\d,.]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const first = rest.split(/\s+/)[0] ?? '';
  if (baseVerb(first)) rest = rest.slice(first.length).trim();
  // "the civil fine for idling ...", "the use of leaf blowers", "the hours of ...": the frame, not the subject.
  for (let i = 0; i < 3; i++) {
    const framed = /^(?:(?:a|an|the|new|any)\s+)?(?:(?:civil|maximum|minimum|daily|criminal|administrative)\s+)?(?:fines?|penalt(?:y|ies)|fees?|use|usage|operation|sale|hours?|times?|rules?|regulation|requirements?|ban|prohibition|limits?|program|registry|registration)\s+(?:for|of|on|to|against|in)\s+/i.exec(rest);
    if (!framed) break;
    rest = rest.slice(framed[0].length);
  }
  // What follows says when, how much or who enforces: the subject ends there.
  const end = /\s+(?:to|between|during|after|before|from|for\s+more|for\s+longer|for\s+over|within|by\s+the|with\s+a|(?:run|operated|administered|managed|overseen)\s+by|and\s+(?:set|impose|establish|create|provide|add|require)|so\s+that|unless|except|that|which|who|in\s+order)\b|[,;(]/i.exec(rest);
  if (end) rest = rest.slice(0, end.index);
  return rest.replace(/^(?:(?:a|an|the|any)\s+)+/i, '').replace(/[.\s]+$/, '').trim();
}

/** The words that name what the request regulates, each once (by stem), in the request's order. */
export function subjectWords(phrase: string): SubjectWord[] {
  const seen = new Set<string>();
  const out: SubjectWord[] = [];
  for (const raw of phrase.toLowerCase().match(/[a-z][a-z'’]*/g) ?? []) {
    const [stem] = contentWords(raw);
    if (!stem || !isSubjectWord(stem) || seen.has(stem) || FRAME.has(stem)) continue;
    seen.add(stem);
    out.push({ word: raw.replace(/['’]s?$/, ''), stem });
  }
  return out;
}

/** Words of a rule's frame, which any regulation has: not what it regulates. */
const FRAME = new Set(contentWords('post posting sign operate operating violation violations enforce enforcement fine fines penalty penalties civil person persons prohibit prohibiting ban banning'));

/** How rare a word is in the code: ln(N / df), a word no section holds weighing most. */
export const rarity = (sections: number, holding: number) => Math.log((sections + 1) / (holding + 0.5));

/** One word family: Porter's stems of a word and its doer ("vending", "vendors": "vend", "vendor"), or sameFamily's. */
export const wordOfFamily = (a: string, b: string) => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return sameFamily(a, b) || (short.length >= 4 && /^(?:or|er)$/.test(long.slice(short.length)) && long.startsWith(short));
};

/** Of the subject's weight, the share a text's words hold. */
function share(words: SubjectWord[], weights: Map<string, number>, text: string | null | undefined): { share: number; stems: Set<string> } {
  const have = [...new Set(contentWords(text ?? ''))];
  const total = words.reduce((s, w) => s + (weights.get(w.stem) ?? 0), 0);
  const stems = new Set(words.filter((w) => have.some((h) => wordOfFamily(h, w.stem))).map((w) => w.stem));
  const held = words.reduce((s, w) => s + (stems.has(w.stem) ? (weights.get(w.stem) ?? 0) : 0), 0);
  return { share: total ? held / total : 0, stems };
}

/** A section is the subject's home when its heading (its chapter's titles at half) holds this share of the subject, naming its rarest word. */
export const HEADING_SHARE = 0.5;
/** ... and one sentence of its text this share: a heading on the subject over a text about something else ("legal drinking age" for "energy drinks") is not its home. */
export const TEXT_SHARE = 0.75;
/** A chapter takes a new section when one of its sections' text holds this share of the subject, naming its rarest word. */
export const CHAPTER_SHARE = 0.6;

/** "Environmental Controls (Air Pollution Control)": a chapter by its title and its subchapter's. */
const chapterName = (c: HomePlace) => {
  const [chapter, subchapter] = [c.chapterTitle?.trim(), c.subchapterTitle?.trim()];
  if (!chapter) return subchapter || `Title ${c.titleNumber}`;
  return subchapter ? `${chapter} (${subchapter})` : chapter;
};

/**
 * The home of a new rule among the candidate sections (retrieval's, and those holding the subject's
 * rare words). `weights` gives each subject stem's rarity in the code.
 */
export function chooseHome(phrase: string, words: SubjectWord[], weights: Map<string, number>, candidates: HomeCandidate[]): Home {
  const rarest = [...words].sort((a, b) => (weights.get(b.stem) ?? 0) - (weights.get(a.stem) ?? 0))[0];
  const subject = phrase || 'this subject';
  if (!rarest) return { action: 'new', place: null, near: null, reason: 'The request names nothing the code regulates: the provision is written as a new section. Confirm where it belongs.', related: [] };
  const scored = candidates.map((c) => {
    const heading = share(words, weights, c.title);
    const place = share(words, weights, `${c.chapterTitle ?? ''} ${c.subchapterTitle ?? ''}`);
    // The text speaks to the subject when one of its sentences does: "complaints of odors and engine idling", not "idled property" here and "motor vehicle" there.
    const text = [c.title, ...sentencesOf(c.text)].map((sentence) => share(words, weights, sentence)).reduce((best, s) => (s.share > best.share ? s : best), { share: 0, stems: new Set<string>() });
    const named = new Set([...heading.stems, ...place.stems]);
    const headed = heading.share + 0.5 * Math.max(0, place.share - heading.share);
    return { c, headed, names: named.has(rarest.stem), text: text.share, holds: text.stems.has(rarest.stem) };
  });
  const related = scored.filter((s) => s.text >= CHAPTER_SHARE).sort((a, b) => b.text - a.text).map((s) => s.c.id);
  const home = scored
    .filter((s) => s.names && s.headed >= HEADING_SHARE && s.text >= TEXT_SHARE)
    .sort((a, b) => b.headed + b.text - (a.headed + a.text))[0];
  if (home) {
    return {
      action: 'amend',
      section: home.c,
      reason: `The new provision is added to ${home.c.number} (${home.c.title}), the section that regulates ${subject}.`,
      related,
    };
  }
  const closest = [...scored].sort((a, b) => b.headed - a.headed || b.text - a.text)[0];
  const unrelated = closest && closest.headed > 0 ? ` The closest heading, ${closest.c.number} (${closest.c.title}), regulates something else.` : '';
  const near = scored.filter((s) => s.holds && s.text >= CHAPTER_SHARE).sort((a, b) => b.text - a.text)[0];
  if (near) {
    const place: HomePlace = { titleNumber: near.c.titleNumber, titleName: near.c.titleName, chapter: near.c.chapter, chapterTitle: near.c.chapterTitle, subchapter: near.c.subchapter, subchapterTitle: near.c.subchapterTitle };
    return {
      action: 'new',
      place,
      near: near.c,
      reason: `No section of the code regulates ${subject}, so the provision is a new section, added to ${chapterName(place)}, where ${near.c.number} (${near.c.title}) speaks to it.${unrelated}`,
      related,
    };
  }
  return { action: 'new', place: null, near: null, reason: `No section or chapter of the code regulates ${subject}, so the provision is a new section; its place in the code is left for the drafter.${unrelated}`, related };
}

/** Candidates beyond retrieval's: the sections holding all (or all but one or two) of the subject's words. */
const HOLDING_WORDS = 20;

/**
 * The home of a request's new rule in a location's code: its subject's words weighed by their rarity
 * in the code, among retrieval's sections and those holding the subject's words.
 */
/** A home with what the drafter writes from: the regulated phrase and the sections on its subject. */
export type FoundHome = Home & { phrase: string };

export async function findHome(db: Db, locationId: string, subject: string, retrieved: string[]): Promise<FoundHome> {
  const phrase = regulatedPhrase(subject);
  const words = subjectWords(phrase);
  const [total, holding] = await Promise.all([sectionCount(db, locationId), sectionsHoldingEach(db, locationId, words.map((w) => w.word))]);
  const weights = new Map(words.map((w) => [w.stem, rarity(total, holding.get(w.word) ?? 0)]));
  const rarest = [...words].sort((a, b) => (weights.get(b.stem) ?? 0) - (weights.get(a.stem) ?? 0))[0];
  // Candidates: retrieval's, those holding the subject's words, and those holding its rarest word (five sections hold "idling").
  const byWords = words.length ? await sectionsHoldingWords(db, locationId, words.map((w) => w.word), HOLDING_WORDS) : [];
  const byRarest = rarest ? await sectionsHoldingWords(db, locationId, [rarest.word], HOLDING_WORDS) : [];
  const rows = (await sectionsByIds(db, locationId, [...new Set([...retrieved, ...byWords, ...byRarest])])).filter((r) => r.status === 'in_force');
  return { ...chooseHome(phrase, words, weights, rows), phrase };
}
