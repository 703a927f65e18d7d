import type { Db } from '../../db/client';
import { contentWords, sentencesOf } from '../../platform/ai';
import { isSubjectWord, sameFamily } from '../../platform/ai/support';
import { sectionCount, sectionsByIds, sectionsHoldingEach, sectionsHoldingWords } from '../../platform/retrieval/repo';
import { baseVerb } from './analysis';
import { type RuleRequest, ruleHeading, ruleOf, ruleTopics } from './rule';

/**
 * Where a new rule belongs in the code (issue 32): the section that regulates what the request
 * regulates, or, when none does, a new section (in the chapter whose law speaks to the subject, when
 * one does). A section is the home by what it regulates (its heading, its chapter's and
 * subchapter's titles, and its text), weighed by how rare each of the subject's words is in the
 * code: "gas-powered leaf blowers" shares "gas" with "licensing of plumbers and gas-fitters", a
 * common word, and "blowers", the word that names the subject, with no section.
 */
/** A chapter (or subchapter) of the code a new section is added to. */
export interface HomePlace {
  titleNumber: string;
  titleName: string;
  chapter: string | null;
  chapterTitle: string | null;
  subchapter: string | null;
  subchapterTitle: string | null;
}

/** A section that may be a rule's home, and its place in the code. */
export interface HomeCandidate extends HomePlace {
  id: string;
  /** "§ 8-101.05" */
  number: string;
  title: string;
  text: string;
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
  // A hyphened word the code's reader keeps whole ("post-election") is one word here too; any other is its parts ("gas-powered").
  const tokens = (phrase.toLowerCase().match(/[a-z][a-z'’]*(?:-[a-z]+)*/g) ?? []).flatMap((t) => (t.includes('-') && contentWords(t).length !== 1 ? t.split('-') : [t]));
  for (const raw of tokens) {
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

/** A text's words, each once, as `share` reads them. */
const wordsIn = (text: string | null | undefined) => [...new Set(contentWords(text ?? ''))];

/** Of the subject's weight, the share a text's words (`wordsIn`) hold. */
function share(words: SubjectWord[], weights: Map<string, number>, have: string[]): { share: number; stems: Set<string> } {
  const total = words.reduce((s, w) => s + (weights.get(w.stem) ?? 0), 0);
  const stems = new Set(words.filter((w) => have.some((h) => wordOfFamily(h, w.stem))).map((w) => w.stem));
  const held = words.reduce((s, w) => s + (stems.has(w.stem) ? (weights.get(w.stem) ?? 0) : 0), 0);
  return { share: total ? held / total : 0, stems };
}

/** A section is a topic's home when its heading (its chapter's titles at half) holds this share of the topic, naming its rarest word. */
export const HEADING_SHARE = 0.5;
/** ... and one sentence of its text this share of the topic: a heading on the words over a text about something else ("legal drinking age" for "energy drinks") is not its home. */
export const TEXT_SHARE = 0.75;
/** ... and, for a rule of two topics, one sentence of it this share of both. */
export const BOTH_SHARE = 0.3;
/** ... and the rule's words this share of its heading's own words (those that say what it is about). */
export const HEADING_ABOUT = 0.5;
/** Words of a heading that say what kind of section it is, not what it is about. */
const HEADING_KIND = new Set(contentWords('responsibilities responsibility requirements requirement duties duty general provisions provision prohibited prohibition definitions defined application applicability authority penalty penalties enforcement regulation regulations rules standards conditions procedures exceptions exemptions certain'));

/** Of a heading's words that say what it is about, the share the rule's words hold. */
function headingAbout(heading: string, words: SubjectWord[]): number {
  const own = [...new Set(contentWords(heading).filter((w) => isSubjectWord(w) && !HEADING_KIND.has(w)))];
  if (!own.length) return 0;
  return own.filter((h) => words.some((w) => wordOfFamily(h, w.stem))).length / own.length;
}
/** The weight of the rule's act (its words beyond its topics) in a section's text, beside the topics' score: it chooses among sections that regulate the topic alike. */
export const ACT_WEIGHT = 0.25;
/**
 * The weight of a sentence of the section's text that lays a duty on whom the rule binds ("An owner,
 * operator, or custodian of a horse … shall:"), beside the act's: of sections that regulate the topic alike
 * the one that holds the actor's duties is where a new duty goes, not the licence or the rulemaking beside it.
 */
export const DUTY_WEIGHT = 0.5;
const SUBJECT_OPENS = /^(?:an?|the|each|every|no|any|all)\s/i;
const RELATIVE = /\b(?:which|that|who|whom|whose|if|when|unless)\b/i;
/** A duty, a ban: the words after whom a sentence binds. */
const MODAL = /\b(?:shall|must|may not|is required to|are required to)\b/i;

/** Of the actor's words, the share a sentence names before its duty ("The owner … shall"), in the sentence that names most. */
function bindsActor(actor: SubjectWord[], weights: Map<string, number>, text: string): number {
  if (!actor.length) return 0;
  let best = 0;
  for (const sentence of sentencesOf(text)) {
    const modal = MODAL.exec(sentence);
    if (!modal) continue;
    // The sentence's subject: a noun phrase that opens it ("(a) An owner, operator, or custodian of a horse …"),
    // not "It shall be unlawful to operate …" nor a clause's ("… certified by the owner …, 15 hours of which shall").
    const subject = sentence.slice(0, modal.index).replace(/^\s*(?:\([\w.-]+\)\s*)+/, '').trim();
    if (!SUBJECT_OPENS.test(subject) || RELATIVE.test(subject) || subject.split(/\s+/).length > 20) continue;
    best = Math.max(best, share(actor, weights, wordsIn(subject)).share);
  }
  return best;
}

/** A heading that names duties: "Dangerous dog … owner responsibilities", "Duties of employers". */
const DUTIES = /\b(?:responsibilit(?:y|ies)|duties|duty|obligations?)\b/i;
/** Of the actor's words, the share a heading naming their duties holds (`words`: the heading's, as `wordsIn` reads them): its text may list them as "It shall be unlawful to: …". */
const dutiesHeaded = (actor: SubjectWord[], weights: Map<string, number>, title: string, words: string[]) => (actor.length && DUTIES.test(title) ? share(actor, weights, words).share : 0);

/** A chapter takes a new section when one of its sections' text holds this share of the subject, naming its rarest word. */
export const CHAPTER_SHARE = 0.6;
/** Sections that hold a chapter's words without regulating anything: a new section is not placed by them ("Findings and purposes" of a human rights chapter for baby changing stations). */
const WORDS_ONLY = /^(?:definitions?|findings?(?: and purposes?)?|(?:legislative )?(?:findings|purposes?)(?: and (?:findings|purposes?))?|rulemaking|short title|applicability)\.?$/i;

/**
 * Chapters that list particular properties or names ("Property Exempt from Taxation": "§ 47-1062. Bread for the City
 * Community Garden"): a section there names a garden, a lot or a street without regulating it, and is no home for a
 * rule about such things.
 */
const PROPERTY_LISTS = /\b(?:exempt from taxation|tax exemptions?|closings? of (?:streets|alleys)|street and alley closings?|names? of (?:streets|public spaces))\b/i;
const listsProperties = (c: HomePlace) => PROPERTY_LISTS.test(`${c.chapterTitle ?? ''} ${c.subchapterTitle ?? ''}`);

/** "Environmental Controls (Air Pollution Control)": a chapter by its title and its subchapter's. */
const chapterName = (c: HomePlace) => {
  const [chapter, subchapter] = [c.chapterTitle?.trim(), c.subchapterTitle?.trim()];
  if (!chapter) return subchapter || `Title ${c.titleNumber}`;
  return subchapter ? `${chapter} (${subchapter})` : chapter;
};

/** What a rule is about, as its home is looked for: a phrase ("beekeepers", "fresh water source") and its words. */
export interface Topic {
  phrase: string;
  words: SubjectWord[];
}

/** The stem of the word a topic's phrase is about: its last word before a preposition or clause ("audits" of "public manual audits on its website"). */
export function headOf(topic: Topic): string | undefined {
  const before = topic.phrase.split(/\s+(?:of|for|in|on|at|to|with|from|by|near|within|under|over|that|which|who|whose|when|while|or|and)\s+/i)[0];
  const last = subjectWords(before).at(-1);
  return last && topic.words.some((w) => w.stem === last.stem) ? last.stem : undefined;
}
const rarestOf = (words: SubjectWord[], weights: Map<string, number>) => [...words].sort((a, b) => (weights.get(b.stem) ?? 0) - (weights.get(a.stem) ?? 0))[0];
/** Every topic's words, each stem once. */
const wordsOfTopics = (topics: Topic[]) => [...new Map(topics.flatMap((t) => t.words).map((w) => [w.stem, w])).values()];
const bestSentence = (words: SubjectWord[], weights: Map<string, number>, sentences: string[][]) =>
  sentences.map((have) => share(words, weights, have)).reduce((best, s) => (s.share > best.share ? s : best), { share: 0, stems: new Set<string>() });

/**
 * The home of a new rule among the candidate sections (retrieval's, and those holding the subject's
 * rare words): the section that regulates one of its topics (whom it binds, what it acts on).
 * `weights` gives each word's rarity in the code.
 */
export function chooseHome(topics: Topic[], weights: Map<string, number>, candidates: HomeCandidate[], act: SubjectWord[] = [], actor: SubjectWord[] = [], confirmed: ReadonlySet<string> | null = null): Home {
  const kept = topics.filter((t) => t.words.length);
  const all = wordsOfTopics(kept);
  const rarest = rarestOf(all, weights);
  const subject = kept.map((t) => t.phrase).join(', ') || 'this subject';
  if (!rarest) return { action: 'new', place: null, near: null, reason: 'The request names nothing the code regulates: the provision is written as a new section. Confirm where it belongs.', related: [] };
  // The words a heading may name each topic by: its rarest, and the word its phrase is about ("Post-election audits" for "public post-election manual audits").
  const namedBy = new Map(kept.map((topic) => [topic, [rarestOf(topic.words, weights)!.stem, headOf(topic)].filter((w): w is string => !!w)]));
  const scored = candidates.map((c) => {
    const sentences = [c.title, ...sentencesOf(c.text)].map(wordsIn);
    const [title, place] = [wordsIn(c.title), wordsIn(`${c.chapterTitle ?? ''} ${c.subchapterTitle ?? ''}`)];
    // The text speaks to the subject when one of its sentences does: "complaints of odors and engine idling", not "idled property" here and "motor vehicle" there.
    const whole = bestSentence(all, weights, sentences);
    const topicsHere = kept.map((topic) => {
      const heading = share(topic.words, weights, title);
      const placed = share(topic.words, weights, place);
      const headed = heading.share + 0.5 * Math.max(0, placed.share - heading.share);
      const inHeading = new Set([...heading.stems, ...placed.stems]);
      const names = namedBy.get(topic)!.some((w) => inHeading.has(w));
      const text = bestSentence(topic.words, weights, sentences).share;
      return { topic, heading: heading.share, regulates: names && headed >= HEADING_SHARE && text >= TEXT_SHARE, score: headed + text + whole.share };
    });
    const named = topicsHere.filter((t) => t.regulates).sort((a, b) => b.score - a.score)[0];
    // Its heading is about the rule's topic, not only naming it: "Responsibilities of beekeepers" is about beekeepers;
    // "Discrimination because of race or color prohibited in licensed hotels and restaurants" names hotels but is about discrimination.
    // The act's words count ("Removal from sidewalks by owner of abutting property" for clearing a hydrant on the sidewalk).
    const about = headingAbout(c.title, [...all, ...act]);
    // A rule of two topics (whom it binds, what it acts on): one sentence speaks of both ("the owner of a vacant building shall"
    // for a sign on the building; not "liability insurance" alone for a dangerous dog's owner).
    const both = kept.length === 1 || whole.share >= BOTH_SHARE;
    const headed = Math.max(0, ...topicsHere.map((t) => t.heading));
    // Of sections that regulate the topic alike, the one whose text speaks of the act the rule asks for ("rest periods",
    // "stall" for a horse's vacation; not the carriage licence beside it).
    const acts = act.length ? share(act, weights, wordsIn(c.text)).share : 0;
    const rank = named ? named.score + ACT_WEIGHT * acts + DUTY_WEIGHT * Math.max(bindsActor(actor, weights, c.text), dutiesHeaded(actor, weights, c.title, title)) : 0;
    // A section found by whom the rule binds alone ("motor vehicles"), whose heading is about more than that
    // ("Unauthorized use of motor vehicles") and whose text never speaks of the act (idling near a school), is not its home.
    const byActorAlone = !!named && actor.length > 0 && kept.length > 1 && named.topic === kept[0] && about < 1 && acts === 0;
    // A section retrieval does not rank near the top for the whole request regulates one of its words, not the request:
    // "Board of Elections authority" for livestreaming post-election audits, "Landlord's lien" for a bed-bug disclosure.
    const found = !confirmed || confirmed.has(c.id);
    return { c, named, best: named && about >= HEADING_ABOUT && both && !byActorAlone && found && !listsProperties(c) ? named : undefined, headed, text: whole.share, holds: whole.stems.has(rarest.stem), acts, rank, about, found };
  });
  const related = scored.filter((s) => s.text >= CHAPTER_SHARE).sort((a, b) => b.text - a.text).map((s) => s.c.id);
  // Alike still, the heading most about the rule's words ("Care and use of horses …", not "Examination of horses").
  const home = scored.filter((s) => s.best).sort((a, b) => b.rank - a.rank || b.about - a.about)[0];
  if (home) {
    return {
      action: 'amend',
      section: home.c,
      reason: `The new provision is added to ${home.c.number} (${home.c.title}), the section that regulates ${home.best!.topic.phrase}.`,
      related,
    };
  }
  const closest = [...scored].sort((a, b) => b.headed - a.headed || b.text - a.text)[0];
  const unrelated = closest && closest.headed > 0 ? ` The closest heading, ${closest.c.number} (${closest.c.title}), regulates something else.` : '';
  const placeOf = (c: HomeCandidate): HomePlace => ({ titleNumber: c.titleNumber, titleName: c.titleName, chapter: c.chapter, chapterTitle: c.chapterTitle, subchapter: c.subchapter, subchapterTitle: c.subchapterTitle });
  // A section that regulates whom the rule binds (or what it acts on) but not the rule's matter: the new section goes beside it, and the note names it.
  // Only beside (or near) a section retrieval ranks near the top for the whole request, as a home must be: "Landlord's lien"
  // regulates landlords, not a bed-bug disclosure, and a chapter of health benefits is no place for baby changing stations.
  // A wrong chapter is worse than none: the place is then left for the drafter.
  const beside = scored.filter((s) => s.found && s.named && s.about >= HEADING_ABOUT && !listsProperties(s.c)).sort((a, b) => b.named!.score - a.named!.score)[0];
  if (beside) {
    const place = placeOf(beside.c);
    return {
      action: 'new',
      place,
      near: beside.c,
      reason: `No section of the code regulates ${subject}, so the provision is a new section, added to ${chapterName(place)} beside ${beside.c.number} (${beside.c.title}), which regulates ${beside.named!.topic.phrase}. Amend ${beside.c.number} instead if the rule belongs in it.`,
      related,
    };
  }
  // A subject named by a compound ("garage sales", "leaf blowers") is spoken of where its words stand together:
  // "garage" and "sale" apart in a sentence of the service-station chapter do not speak of garage sales.
  const compounds = kept.map((t) => compoundOf(t.phrase, rarestOf(t.words, weights)?.stem)).filter((c): c is [string, string][] => !!c);
  const saysCompound = (c: HomeCandidate) =>
    !compounds.length ||
    sentencesOf(c.text).some((x) => {
      const words = contentWords(x);
      return compounds.some((pairs) => pairs.some((pair) => adjacentIn(words, pair)));
    });
  const near = scored.filter((s) => s.found && s.holds && s.text >= CHAPTER_SHARE && !WORDS_ONLY.test(s.c.title) && !listsProperties(s.c) && saysCompound(s.c)).sort((a, b) => b.text - a.text)[0];
  if (near) {
    const place = placeOf(near.c);
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

/**
 * Of a phrase that is one compound noun ("garage sales", "carbon monoxide alarm"), its rarest word with each word beside it,
 * by stem, in order ("garage" "sale"; "carbon" "monoxid" and "monoxid" "alarm"), either of which a text must hold together;
 * null for one word or a phrase with an article, a preposition or a clause.
 */
function compoundOf(phrase: string, rarest: string | undefined): [string, string][] | null {
  // ("idling a motor vehicle engine" is an act and its object, not one noun.)
  if (/\s(?:of|for|in|on|at|to|with|from|by|near|within|under|over|that|which|who|whose|when|while|or|and|a|an|the)\s/i.test(` ${phrase} `) || /^\w+ing\s/i.test(phrase)) return null;
  const words = contentWords(phrase);
  const at = rarest ? words.findIndex((w) => wordOfFamily(w, rarest)) : -1;
  if (words.length < 2 || words.length > 3 || at < 0) return null;
  return [at > 0 ? [words[at - 1], words[at]] : null, at + 1 < words.length ? [words[at], words[at + 1]] : null].filter((p): p is [string, string] => !!p);
}
/** The two stems stand together, in order, in a sentence's words. */
const adjacentIn = (words: string[], [first, second]: [string, string]) => words.some((w, i) => i + 1 < words.length && wordOfFamily(w, first) && wordOfFamily(words[i + 1], second));

/** A section is amended only if retrieval, reading the whole request, ranks it among its first this many sections (those the request names by number first). */
export const RETRIEVAL_CONFIRMS = 5;

/** Candidates beyond retrieval's: the sections holding all (or all but one or two) of the subject's words. */
const HOLDING_WORDS = 20;

/** A home with what the drafter writes from: the regulated phrase, the rule read, and the rows the draft cites (the home, the law on the subject). */
export type FoundHome<Row extends HomeCandidate = HomeCandidate> = Home & { phrase: string; rule: RuleRequest | null; cited: Row[] };

/**
 * The home of a request's new rule in a location's code: its subject's words weighed by their rarity
 * in the code, among retrieval's sections and those holding the subject's words.
 */
export async function findHome(db: Db, locationId: string, subject: string, retrieved: string[], rule: RuleRequest | null = ruleOf(subject)) {
  const phrase = rule ? ruleHeading(rule) : regulatedPhrase(subject);
  const ruleTopic = rule ? ruleTopics(rule) : null;
  const topics: Topic[] = ruleTopic ? [...(ruleTopic.actor ? [ruleTopic.actor] : []), ruleTopic.object].map((p) => ({ phrase: p, words: subjectWords(p) })) : [{ phrase, words: subjectWords(phrase) }];
  const topicWords = wordsOfTopics(topics);
  const act = rule ? subjectWords(rule.act).filter((w) => !topicWords.some((t) => t.stem === w.stem)) : [];
  const words = [...topicWords, ...act];
  const [total, holding] = await Promise.all([sectionCount(db, locationId), sectionsHoldingEach(db, locationId, words.map((w) => w.word))]);
  const weights = new Map(words.map((w) => [w.stem, rarity(total, holding.get(w.word) ?? 0)]));
  // Candidates: retrieval's, those holding each topic's words, and those holding its rarest word (five sections hold "idling").
  const ids = new Set(retrieved);
  for (const topic of topics.filter((t) => t.words.length)) {
    for (const id of await sectionsHoldingWords(db, locationId, topic.words.map((w) => w.word), HOLDING_WORDS)) ids.add(id);
    for (const id of await sectionsHoldingWords(db, locationId, [rarestOf(topic.words, weights)!.word], HOLDING_WORDS)) ids.add(id);
  }
  const rows = (await sectionsByIds(db, locationId, [...ids])).filter((r) => r.status === 'in_force');
  // Whom the rule binds as a statute names them ("owners of a dangerous dog", not "owns a dog that has been declared dangerous").
  const actor = ruleTopic?.actor ? subjectWords(ruleTopic.actor) : [];
  const confirmed = retrieved.length ? new Set([...new Set(retrieved)].slice(0, RETRIEVAL_CONFIRMS)) : null;
  const home = chooseHome(topics, weights, rows, act, actor, confirmed);
  // The rows are at hand: the draft cites the home and the law on the subject without reading them again.
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cited = [...new Set([...(home.action === 'amend' ? [home.section.id] : []), ...home.related.slice(0, 2)])].map((id) => byId.get(id)!);
  const found: FoundHome<(typeof rows)[number]> = { ...home, phrase, rule, cited };
  return found;
}
