import type { DraftKind } from '@civicdesk/contract';
import { capitalize, isExemption, ORDINAL, requestSentences, ruleOf, series } from './rule';

/**
 * What a drafting request says, read without a model: the subject, the change it asks for, the
 * sections it names and the facts it gives. Nothing here guesses a fact: what the request does not
 * say stays a placeholder in the draft.
 */
export interface TextChange {
  /** As the request says it: "15", "15 days", "$50". */
  from: string;
  to: string;
  /** A unit the request gives on one side only ("working days"), applied to both. */
  unit: string;
}

export interface RequestAnalysis {
  /** The subject in the request's own words, without "draft an ordinance that...". */
  subject: string;
  /** A verb phrase for a long title or a recommendation: "limit gas leaf blowers to daytime hours". */
  purpose: string;
  /** What to look up in the code: the subject without the change's numbers ("the time to answer a records request"). */
  topic: string;
  changes: TextChange[];
  /** Section numbers named in the request ("2-532"). */
  sections: string[];
  /** Facts the request states: amounts, periods, dates, times, wards, departments, names. */
  facts: string[];
  amounts: string[];
  dates: string[];
  departments: string[];
  /** People or groups a ceremonial resolution honors, with their article ("Ward 8 teachers", "the Eastern Market"). */
  honorees: string[];
  /** The occasion of the honor when the request names one ("50th anniversary", "retirement"). */
  occasion: string | null;
  /** What the resolution encourages others to do ("residents to attend the parade"). */
  encourages: string | null;
  /** What the request says of them, to the end of its sentence ("Ms. Whitfield, who is retiring after 35 years..."). */
  recognition: string | null;
  /** Who brings the measure, when the request says ("Sponsor is the Ward 4 Councilmember"). */
  sponsor: string | null;
  ceremonial: boolean;
}

// (Each word whole: "Lawn chemicals" is no "law", "Items" no "item", "Makeup" no "make"; "new" only of the measure: "New commercial buildings" keep it.)
const LEAD_IN =
  /^(?:(?:please|pls|plz)[\s,:]+)?(?:(?:i|we|she|he|they)(?:\s+|(?=['’]))(?:need|needs|want|wants|would\s+like|['’]d\s+like|are\s+asking\s+for|is\s+asking\s+for)\s+(?:you\s+to\s+)?)?(?:(?:can|could|would|should)\s+(?:you|we)\s+)?(?:help\s+me\s+)?(?:(?:draft|write|prepare|create|make|produce|put together|generate|compose)(?![a-z]))?\s*(?:me\s+)?(?:(?:a|an|the)\s+)*(?:new\s+(?=(?:draft\s+)?(?:proposed\s+)?(?:bill|act|ordinance|resolution|report|item|legislation|law|measure)\b))?(?:draft\s+)?(?:proposed\s+)?(?:(?:bill|act|ordinance|resolution|staff\s+report|agenda\s+item|report|item|something|legislation|law|measure)(?![a-z]))?\s*(?:(?:that\s+would|that|which\s+would|which|where|to|for|on|about|regarding|concerning|re:|:)(?![a-z]))?\s*(?:(?:recommending|proposing|requesting|seeking|asking\s+for|asking)\s+(?:that\s+(?:the\s+)?(?:council|board|commission)\s+)?)?/i;

const UNIT = String.raw`(?:working\s+days?|business\s+days?|calendar\s+days?|days?|hours?|minutes?|weeks?|months?|years?|percent|%|dollars?|feet|miles?|p\.m\.|a\.m\.|pm|am)`;
const QUANTITY = String.raw`(?:\$\s?)?\d[\d,]*(?:\.\d+)?`;
const CHANGE = new RegExp(String.raw`\bfrom\s+(${QUANTITY})(?:\s+(${UNIT}))?\s+(?:to|into|down\s+to|up\s+to)\s+(${QUANTITY})(?:\s+(${UNIT}))?`, 'gi');
const CLOCK_UNIT = /^(?:[ap]\.m\.|[ap]m)$/i;
const CHANGE_VERB = /\b(?:chang\w*|mov\w*|shift\w*|push\w*|extend\w*|increas\w*|rais\w*|reduc\w*|lower\w*|shorten\w*|lengthen\w*|amend\w*|adjust\w*|expand\w*|cut)\b/i;
/** "on December 31 from 8 p.m. to 1 a.m.": hours of a day are a span, a change only where a verb asks for one ("move closing from 10 p.m. to 11 p.m."). */
function isSpanOfHours(m: RegExpMatchArray, text: string): boolean {
  const before = text.slice(Math.max(0, (m.index ?? 0) - 80), m.index).split(/[.;]/).at(-1) ?? '';
  return CLOCK_UNIT.test(m[2] ?? '') && CLOCK_UNIT.test(m[4] ?? '') && !CHANGE_VERB.test(before);
}
/** A text without the changes it asks for ("from $100 to $500"); a span of hours stays. */
const withoutChanges = (text: string) => [...text.matchAll(CHANGE)].filter((m) => !isSpanOfHours(m, text)).reverse().reduce((t, m) => `${t.slice(0, m.index)} ${t.slice(m.index! + m[0].length)}`, text);
const WORD_CHANGE = /\b(?:replace|change|substitute)\s+["“']([^"”']{1,80})["”']\s+(?:with|to|by)\s+["“']([^"”']{1,80})["”']/gi;
const SECTION = /(?:§+\s*|\bsection\s+|\bsec\.\s*)(\d+[A-Z]?-\d+(?:\.\d+)*[a-z]?(?:\([a-z0-9-]+\))*)/gi;
const AMOUNT = /\$\s?\d+(?:,\d{3})*(?:\.\d+)?(?:\s+(?:million|thousand|billion))?|\b\d[\d,]*(?:\.\d+)?\s+(?:dollars|percent)\b|\b\d+(?:\.\d+)?\s?%/gi;
const PERIOD = new RegExp(String.raw`\b\d[\d,]*\s+${UNIT}`, 'gi');
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DATE = new RegExp(String.raw`\b(?:${MONTHS})\s+\d{1,2},\s+\d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\b(?:${MONTHS})\s+\d{4}\b|\bfiscal\s+year\s+\d{4}\b|\bFY\s?\d{2,4}\b`, 'g');
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:a\.m\.|p\.m\.|am|pm)\b/gi;
const WARD = /\bWard\s+\d\b/g;
const DEPARTMENT =
  /\b(?:(?:the\s+)?(?:Department|Office|Bureau|Division|Agency|Commission|Board|Committee)\s+(?:of|on|for)\s+(?:the\s+)?[A-Z][\w&'-]*(?:\s+(?:and|of|&|for)?\s*[A-Z][\w&'-]*)*|DPW|DDOT|DCPS|MPD|DMV|DHCD|DOEE|DCRA|DLCP|OCTO|OCFO)\b/g;
/** A sentence's end that is no abbreviation's period ("D.C.", "Ms."), as a pattern to build others with. */
export const SENTENCE_END = String.raw`(?<!\b(?:[A-Z]|Mr|Ms|Mrs|Dr|St|Jr|Sr))[.;!?](?:\s|$)`;
/** "... and encouraging residents to attend the parade": a second request joined to the first. */
export const AND_ENCOURAGING = String.raw`,?\s+and\s+(?:encourag|urg|invit|call|ask)\w*\b`;
/** Where a ceremonial request's phrase ends: a sentence end, a clause, or a second request. */
const PHRASE_STOP = String.raw`(?=${SENTENCE_END}|,?\s+(?:for|on|who|upon)\b|${AND_ENCOURAGING}|$)`;
const HONOR_VERB = String.raw`(?:honou?r(?:s|ing)?|recogni[sz](?:e|es|ing)|commemorat(?:e|es|ing)|celebrat(?:e|es|ing)|congratulat(?:e|es|ing)|thank(?:s|ing)?|in\s+honou?r\s+of|in\s+memory\s+of)`;
const HONOREE = new RegExp(String.raw`\b${HONOR_VERB}\s+(.{3,120}?)${PHRASE_STOP}`, 'i');
const RECOGNITION = new RegExp(String.raw`\b${HONOR_VERB}\s+(.{3,300}?)(?=${SENTENCE_END}|${AND_ENCOURAGING}|$)`, 'i');
const ENCOURAGES = new RegExp(String.raw`\band\s+(?:encouraging|urging|inviting|calling\s+on|asking)\s+(.{3,200}?)(?:${SENTENCE_END}|$)`, 'i');
/** "the 50th anniversary of the Eastern Market", "the Eastern Market's 50th anniversary", "the retirement of Ms. Lee". */
const OCCASION_OF = /^(?:the\s+)?((?:\d+(?:st|nd|rd|th)|[a-z]+(?:ieth|th|st|nd|rd))\s+(?:anniversary|birthday)|anniversary|birthday|retirement|founding|opening|centennial|bicentennial)\s+of\s+(.+)$/i;
const OCCASION_OWNED = /^(.+?)['’]s?\s+((?:\d+(?:st|nd|rd|th)|[a-z]+(?:ieth|th|st|nd|rd))\s+(?:anniversary|birthday)|retirement|centennial)$/i;
const SPONSOR = /\b(?:sponsor(?:ed)?\s*(?:is|will be|by|:)|introduced\s+by)\s+(?:the\s+)?([^.;\n]{3,80})/i;
const CEREMONIAL = /\b(?:honou?r|recogni[sz]|commemorat|celebrat|congratulat|thank|memory\s+of|proclaim|declare\s+.*\s+(?:day|week|month))/i;

const unique = (items: string[]) => [...new Set(items.map((s) => s.trim().replace(/\s+/g, ' ')).filter(Boolean))];
const allOf = (re: RegExp, text: string) => [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))].map((m) => m[0]);

export function analyzeRequest(kind: DraftKind, query: string, details = ''): RequestAnalysis {
  const text = `${query}\n${details}`;
  const subject = subjectOf(query);
  const changes: TextChange[] = [];
  for (const m of text.matchAll(CHANGE)) {
    if (isSpanOfHours(m, text)) continue;
    const unit = (m[4] ?? m[2] ?? '').replace(/\s+/g, ' ');
    changes.push({ from: m[1].replace(/\s+/g, ''), to: m[3].replace(/\s+/g, ''), unit });
  }
  for (const m of text.matchAll(WORD_CHANGE)) changes.push({ from: m[1], to: m[2], unit: '' });
  if (!changes.length) changes.push(...insteadChanges(text));
  const sections = unique([...text.matchAll(SECTION)].map((m) => m[1].replace(/\(.*$/, '')));
  const amounts = unique(allOf(AMOUNT, text));
  const dates = unique([...allOf(DATE, text), ...allOf(TIME, text)]);
  const departments = unique(allOf(DEPARTMENT, text).map((d) => d.replace(/^the\s+/i, '').replace(/['’]s$/, '')));
  const ceremony = ceremonyOf(query);
  const facts = unique([...amounts, ...allOf(PERIOD, text), ...dates, ...allOf(WARD, text), ...departments, ...changes.flatMap((c) => [withUnit(c.to, c.unit)])]);
  return {
    subject,
    purpose: purposeOf(subject),
    // (The topic leaves out the figure a change goes to, "… to $500", not the hour a span ends at, "9 a.m. to 5 p.m.".)
    topic: withoutChanges(subject).replace(WORD_CHANGE, ' ').replace(/\s+(?:by|to)\s+\$?\d[\d,.]*(?!\d|[\d,.]*\s*[ap]\.?\s?m\b)\s*\S*$/i, '').replace(/\s+/g, ' ').trim() || subject,
    changes,
    sections,
    facts,
    amounts,
    dates,
    departments,
    honorees: ceremony.honoree ? [ceremony.honoree] : [],
    occasion: ceremony.occasion,
    encourages: ENCOURAGES.exec(query)?.[1]?.trim() ?? null,
    recognition: RECOGNITION.exec(query)?.[1]?.trim() ?? null,
    sponsor: SPONSOR.exec(text)?.[1]?.trim() ?? null,
    ceremonial: kind === 'resolution' && CEREMONIAL.test(query),
  };
}

/** Who a ceremonial request honors and on what occasion: "the 50th anniversary of the Eastern Market" is the Eastern Market's, its 50th anniversary. */
export function ceremonyOf(query: string): { honoree: string | null; occasion: string | null } {
  const phrase = HONOREE.exec(query)?.[1]?.trim().replace(/,$/, '');
  if (!phrase) return { honoree: null, occasion: null };
  const of = OCCASION_OF.exec(phrase);
  if (of) return { honoree: of[2].trim(), occasion: of[1].toLowerCase() };
  const owned = OCCASION_OWNED.exec(phrase);
  if (owned) return { honoree: owned[1].trim(), occasion: owned[2].toLowerCase() };
  return { honoree: phrase, occasion: /\bretir/i.test(query) ? 'retirement' : null };
}

/** The base form of a verb a request uses ("cutting" -> "cut"), or null for a word that is not one. */
export const baseVerb = (word: string): string | null => VERB_FORMS.get(word.toLowerCase()) ?? null;

/** "15" + "working days" -> "15 working days" (the unit the request gave on the other side). */
export function withUnit(quantity: string, unit: string): string {
  return unit && !/[a-z%]$/i.test(quantity) ? `${quantity} ${unit}` : quantity;
}

/** The sentence that asks for the draft ("Please draft an amendment to ..."), else the first one. */
/** "the Fire Chief asked whether we could prohibit …": someone's question whether the city may make a rule asks for it. */
const ASKED_WHETHER = /\b(?:asked|asks|wants\s+to\s+know|wondered|wonders|is\s+asking)\s+(?:whether|if)\s+(?:we|you|the\s+(?:city|council|district))\s+(?:could|can|might|would|should)\s+(?=(?:limit|cap|ban|require|prohibit|restrict|stop|set)\b)/i;
// ("bill the owner for the cost" asks for nothing: a bill is asked for with its article.)
// ("can we limit garage sales to 4 per year …?", "is it possible to stop people from …?" ask, after a sentence of complaint.)
const ASKS_PLAINLY = /^(?:(?:can|could|would)\s+(?:we|you|the\s+(?:city|council))|is\s+it\s+possible\s+(?:for\s+(?:us|the\s+(?:city|council))\s+)?to)\s+(?:limit|cap|ban|require|prohibit|restrict|stop|set)\b|\b(?:draft|write|prepare|amend|amendment|ordinance|resolution|staff report|agenda item|(?:a|an|the|this|new)\s+bill\b|recommend)/i;
const ASKS = new RegExp(`${ASKS_PLAINLY.source}|${ASKED_WHETHER.source}`, 'i');

function subjectOf(query: string): string {
  const sentences = requestSentences(query).map((x) => x.trim()).filter(Boolean);
  // The sentence that asks; where none says so, the first that states a rule ("Heat illness … went up last summer. Require employers …").
  // (A sentence that only exempts, "One vehicle under a car cover should be ok", states no rule of its own.)
  const asking = sentences.find((s) => ASKS.test(s)) ?? sentences.find((s) => !isExemption(s) && ruleOf(withoutLeadIn(s))) ?? sentences[0] ?? query;
  const stripped = withoutLeadIn(asking);
  return stripped || asking.trim();
}

/** "honestly just need something saying …", "we want something so that …": what is asked follows ("a bill that …" is LEAD_IN's). */
const SAYS_INFORMALLY = /^(?:(?:honestly|really|basically|just|so|ok|okay|hey|hi)[,\s]+)*(?:(?:i|we)(?:\s+|['’]d\s+))?(?:just\s+|really\s+)?(?:need|want|like|would\s+like)\s+something\s+(?:saying|that\s+says|stating|so\s+that|so|where|that)\s+/i;
/** A sentence without "Please draft an ordinance that …", "the Council …", its end. */
function withoutLeadIn(sentence: string): string {
  return sentence
    .replace(SAYS_INFORMALLY, '')
    // "Is it possible to stop people from keeping junk cars in their front yards?" asks for that rule.
    .replace(/^is\s+it\s+possible\s+(?:for\s+(?:us|the\s+(?:city|council))\s+)?to\s+(?=(?:limit|cap|ban|require|prohibit|restrict|stop|set)\b)/i, '')
    // "Given last summer's brush fires, the Fire Chief asked whether we could prohibit …": the rule asked for follows.
    .replace(new RegExp(String.raw`^.{0,300}?${ASKED_WHETHER.source}`, 'i'), '')
    .replace(LEAD_IN, '')
    .replace(/^(?:an?\s+)?amendment\s+to\s+/i, 'amend ')
    .replace(/^(?:that\s+)?(?:the\s+)?(?:council|committee|board|commission)\s+(?=\w)/i, '')
    // (A time keeps its own period: "… to 5 p.m.?" ends with "5 p.m.".)
    .replace(/(\b[ap]\.m\.)[!?]+$/i, '$1')
    .replace(/(?<!\b[ap]\.m)[.!?]+$/i, '')
    .trim();
}

/** "72 hours ... instead of the current 48 hours": each old quantity paired with the new one of the same unit. */
const INSTEAD = new RegExp(String.raw`\binstead\s+of\s+(?:the\s+)?(?:current\s+|present\s+|existing\s+)?`, 'i');
const QUANTITY_WITH_UNIT = new RegExp(String.raw`(${QUANTITY})\s+(${UNIT})`, 'gi');
function insteadChanges(text: string): TextChange[] {
  const at = INSTEAD.exec(text);
  if (!at) return [];
  const before = [...text.slice(0, at.index).matchAll(QUANTITY_WITH_UNIT)];
  const after = [...text.slice(at.index + at[0].length).split(/[.;]/)[0].matchAll(QUANTITY_WITH_UNIT)];
  const noun = (u: string) => u.toLowerCase().replace(/s$/, '').split(/\s+/).pop();
  return after.flatMap((old) => {
    const replacement = before.filter((n) => noun(n[2]) === noun(old[2])).at(-1);
    return replacement ? [{ from: old[1], to: replacement[1], unit: old[2].replace(/\s+/g, ' ') }] : [];
  });
}

/** A subject as an infinitive purpose: "limiting gas leaf blowers" -> "limit gas leaf blowers". */
/** Nouns of action a request starts with ("approval of ..."), as the verb a purpose needs. */
const NOMINAL = /^(approval|acceptance|adoption|authorization|award|approving|renewal|ratification|confirmation|designation|repeal|extension|establishment|creation)\s+(?:of|to)\s+/i;
const NOMINAL_VERBS: Record<string, string> = {
  approval: 'approve', approving: 'approve', acceptance: 'accept', adoption: 'adopt', authorization: 'authorize', award: 'award', renewal: 'renew',
  ratification: 'ratify', confirmation: 'confirm', designation: 'designate', repeal: 'repeal', extension: 'extend', establishment: 'establish', creation: 'create',
};

function purposeOf(subject: string): string {
  const nominal = NOMINAL.exec(subject);
  if (nominal) return `${NOMINAL_VERBS[nominal[1].toLowerCase()]} ${subject.slice(nominal[0].length)}`;
  const [first, ...rest] = subject.split(/\s+/);
  const verb = first ? VERB_FORMS.get(first.toLowerCase()) : undefined;
  if (verb) return [verb, ...rest].join(' ');
  return /^to\s/i.test(subject) ? subject.replace(/^to\s+/i, '') : `address ${subject}`;
}

const KNOWN_VERBS = new Set([
  'amend', 'limit', 'prohibit', 'require', 'allow', 'permit', 'establish', 'create', 'repeal', 'extend', 'shorten', 'reduce', 'increase',
  'raise', 'lower', 'change', 'authorize', 'approve', 'adopt', 'recognize', 'honor', 'declare', 'designate', 'provide', 'regulate',
  'restrict', 'ban', 'set', 'update', 'clarify', 'expand', 'accept', 'award', 'fund', 'support', 'urge', 'appoint', 'confirm', 'name',
  'rename', 'celebrate', 'commemorate', 'congratulate', 'exempt', 'waive', 'modify', 'revise', 'protect', 'ensure', 'improve', 'add',
  'remove', 'impose', 'enact', 'close', 'open', 'transfer', 'reprogram', 'grant', 'renew', 'ratify', 'hold', 'schedule', 'receive', 'direct', 'request',
  'cut', 'lengthen', 'double', 'respond', 'encourage', 'analyze', 'review',
]);

/** limiting -> limit, bans -> ban, requires -> require, ...: the forms of the verbs a request starts with. */
const VERB_FORMS = new Map<string, string>();
for (const verb of KNOWN_VERBS) {
  const stem = verb.replace(/e$/, '');
  for (const form of [verb, `${verb}s`, `${verb}es`, `${stem}ing`, `${verb}ing`, `${verb}${verb.at(-1)}ing`, `${verb.replace(/y$/, 'ies')}`]) VERB_FORMS.set(form, verb);
}

/** The spaced dash a note separates its parts with ("Styrofoam food containers - ban for restaurants - …"). */
const NOTE_DASH = /\s+[-–—]{1,2}\s+/;
/** "ban for restaurants + food trucks", "prohibited at city parks": a ban, and whom or where it binds. */
const NOTE_BAN = /^(?:ban(?:ned)?|prohibit(?:ed)?|forbid(?:den)?|no\s+more)\s+(for|on|by|at|in|within|near)\s+(.+)$/i;
/** "ban", "prohibited": a ban of the note's subject itself. */
const NOTE_BAN_ALONE = /^(?:ban(?:ned)?|prohibit(?:ed)?)$/i;
/** "effective January 1, 2028", "starting July 1, 2027". */
const NOTE_FROM = /^(?:effective|starting|beginning|as\s+of|from)\s+(.+)$/i;
/** "exempt raw meat trays, stuff prepackaged outside city", "exemptions: …", "except …". */
const NOTE_EXEMPT = /^(?:exempt(?:s|ing|ions?)?|except(?:ions?)?)\s*:?\s+(.+)$/i;
/** "fines $100/$200/$500", "fine $250", "penalty: $50". */
const NOTE_FINE = /^(?:fines?|penalt(?:y|ies)|tickets?)\s*:?\s+(.+)$/i;

/** "raw meat trays, stuff prepackaged outside city" -> "raw meat trays and stuff prepackaged outside city"; "+" and "&" are "and". */
const asList = (items: string) => {
  const parts = items.replace(/\s*[+&]\s*/g, ', ').split(/\s*,\s*(?:and\s+|or\s+)?|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
  return series(parts, 'and');
};

/**
 * A request written as a note ("Styrofoam food containers - ban for restaurants + food trucks - effective
 * January 1, 2028 - exempt raw meat trays, stuff prepackaged outside city - fines $100/$200/$500"): its
 * subject, then its parts, each said as the sentence it stands for ("Restaurants and food trucks may not
 * use Styrofoam food containers, effective January 1, 2028. Exempt raw meat trays and stuff prepackaged
 * outside city. Fines of $100 for a first violation, …"), for the request reader that reads sentences.
 * A request written in sentences (any sentence end before its last words) is returned as it is.
 */
export function noteAsSentences(query: string): string {
  const text = query.trim();
  const parts = text.split(NOTE_DASH).map((p) => p.replace(/[.;]+$/, '').trim());
  // A note: a subject and at least two parts, no sentence ended inside it, and a subject that is a name, not a clause.
  if (parts.length < 3 || new RegExp(SENTENCE_END).test(text.replace(/[.!?]\s*$/, '')) || parts.some((p) => !p) || parts[0].split(/\s+/).length > 8) return query;
  // At least one part a note's reader knows (a ban, a start, an exemption, a fine): "planting - two trees for every one removed - or a payment" is a sentence's aside.
  if (!parts.slice(1).some((p) => NOTE_BAN.test(p) || NOTE_BAN_ALONE.test(p) || (NOTE_FROM.test(p) && /\d/.test(p)) || NOTE_EXEMPT.test(p) || NOTE_FINE.test(p))) return query;
  // Said inside a sentence, a common noun opens in lower case ("Ban leaf blowers …").
  const subject = /^[A-Z][a-z]/.test(parts[0]) ? parts[0][0].toLowerCase() + parts[0].slice(1) : parts[0];
  const sentences: string[] = [];
  let from: string | null = null;
  for (const part of parts.slice(1)) {
    const ban = NOTE_BAN.exec(part);
    const begins = NOTE_FROM.exec(part);
    const exempt = NOTE_EXEMPT.exec(part);
    const fine = NOTE_FINE.exec(part);
    if (ban) {
      const where = ban[1].toLowerCase();
      sentences.push(where === 'for' || where === 'by' ? `${capitalize(asList(ban[2]))} may not use ${subject}` : `Ban ${subject} ${where} ${asList(ban[2])}`);
    } else if (NOTE_BAN_ALONE.test(part)) sentences.push(`Ban ${subject}`);
    else if (begins && /\d/.test(begins[1])) from = begins[1];
    else if (exempt) sentences.push(`Exempt ${asList(exempt[1])}`);
    else if (fine) {
      const steps = fine[1].split(/\s*\/\s*/);
      sentences.push(steps.length >= 2 && steps.every((s) => /^\$\d/.test(s)) ? `Fines of ${steps.map((s, i) => `${s} for ${i === steps.length - 1 ? 'each subsequent' : `a ${ORDINAL[i] ?? `${i + 1}th`}`} violation`).join(', ')}` : `Fine of ${fine[1]}`);
    } else sentences.push(capitalize(part));
  }
  // The date the rule begins goes with the rule, as the sentence reader reads it (", effective January 1, 2028").
  if (from && sentences.length) sentences[0] = `${sentences[0]}, effective ${from}`;
  else if (from) sentences.push(`Effective ${from}`);
  return sentences.length ? `${sentences.map((s) => `${s}.`).join(' ')}` : query;
}
