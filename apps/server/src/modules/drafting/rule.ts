import { contentWords, sentencesOf } from '../../platform/ai';
import { escapeRegExp } from '../../platform/regex';

/**
 * A new rule as a request asks for it, read without a model (issue 32): who it binds, whether it
 * commands or forbids, and the act, in the base form a statute writes ("Beekeepers shall keep a
 * fresh water source within 20 feet of each hive"). Requests say a rule many ways: "requiring X to
 * V", "makes X V", "prohibiting X from V-ing", "banning the sale of X", "banning V-ing", "saying
 * that X must V", "no one may V unless", "X: operators must V", "capping X at Y", "making it
 * unlawful for X to V", "No X may V", "X may only V if C", "require that X be …", a list after "to:"
 * (decision 042 has them all). What the request says after the rule is not the rule's act: its reason
 * goes; a second duty (`then`), a fine and who enforces are read apart; so are the sentences after the
 * one that asks (`laterRules`: further rules, and their scope).
 */
export interface RuleRequest {
  /** Whom the rule binds as the request names them ("beekeepers"); null for anyone ("A person"). */
  actor: string | null;
  negative: boolean;
  /** The act in base form with its object and conditions: "keep a fresh water source within 20 feet of each hive". */
  act: string;
  /** The act without its conditions (hours, distances, "unless ..."): with the actor, what the rule is about. */
  core: string;
  /** What the rule is about when the request says it apart ("regulating cryptocurrency kiosks: operators must ..."). */
  about?: string;
  /** A cap: "The resale price of tickets ... shall not exceed 10% above face value." */
  cap?: { what: string; limit: string };
  /** The rule's own name when the request gives one ("Right to disconnect: an ordinance prohibiting …"): the section's heading. */
  name?: string;
  /** Written "No District agency shall …" (the request's "No X may …"). */
  none?: boolean;
  /** What must be provided where no one is named ("requiring a baby changing station in …"): "A baby changing station shall be provided in …". */
  thing?: string;
  /** What the request puts between whom it binds and the act ("landlords, at their own expense, to install …"). */
  aside?: string;
  /** Further duties the same sentence asks for ("…, and requiring resale websites to show the full price"). */
  then?: RuleRequest[];
  /** The date the rule begins ("starting January 1, 2027"): "Beginning January 1, 2027, a person shall not …". */
  from?: string;
  /** "There shall be no amplified music … that is audible …": what shall not be, said so (`act` is what follows "no"). */
  absent?: boolean;
  /** "banning plastic straws": the act forbidden is left to the drafter ("[sell, use, or distribute]"). */
  unnamedAct?: boolean;
}

/** Verbs a "require that no X V" forbids, beyond the duties'. */
const FORBIDDEN_VERBS = 'idle|park|smoke|vape|sell|operate|leave|enter|block|store|dump|feed|play|charge|rent|serve|drive|ride|fly|launch|discharge|burn|remove|cut|build|place|sound|run|exceed';

/** Things one operates: a ban of them bans their operation ("Ban gas-powered leaf blowers in residential zones"). */
const MACHINE = /\b(?:blowers?|mowers?|engines?|generators?|drones?|jackhammers?|compressors?|chainsaws?|leaf\s+vacuums?|snowmobiles?|jet\s*skis?|dirt\s+bikes?|ATVs?)\b/i;

/** "garage sales" -> "garage sale", "block parties" -> "block party": one of a class a request names in the plural. */
const singularPhrase = (phrase: string) => phrase.replace(/(\w+?)(ies|ses|s)\b(?=\s*$|\s+(?:of|at|in|on|for|with)\b)/i, (_w, stem: string, end: string) => (end === 'ies' ? `${stem}y` : end === 'ses' ? `${stem}se` : stem));

/** Things one applies: a ban of them bans their application ("ban glyphosate and neonicotinoids in parks"). */
const APPLIED = /\b(?:pesticides?|herbicides?|insecticides?|fungicides?|rodenticides?|fertili[sz]ers?|glyphosate|neonicotinoids?|weed\s*killers?)\b/i;

/** "would need a license from …", "restaurants need an annual permit": a permit is obtained, not had. */
const NEEDS_PERMIT = /\b(?:will\s+need|would\s+need|needs?|must\s+have|shall\s+need)\s+(?=(?:a|an)\s+(?:\S+\s+){0,4}(?:license|licence|permit|certificate|registration)\b)/i;
/** Verbs that also complete a noun before them: "a grocery store", "a trailer park", "a barber shop", "a city block". */
const COMPOUND_NOUNS = 'store|stores|park|parks|shop|shops|block|blocks';
/** Verbs a "makes X V" request commands with (X's end is the verb). */
const DUTY_VERBS =
  'keep|give|provide|post|use|pay|carry|install|clear|remove|register|obtain|maintain|notify|display|allow|ensure|have|hold|file|submit|wear|stop|close|follow|take|get|put|show|accept|offer|inspect|disclose|publish|collect|repair|replace|clean|leash|insure|spay|neuter|vaccinate|microchip|shovel|mow|trim|verify|inform|warn|tell|designate|reduce|shut|lock|unlock|attend|apply|send|retain|livestream|stream|broadcast|make|let|hire|train|donate|test|label|recycle|compost|report|offer|hand|return|refund|mark';

const GERUND = String.raw`\w+ing`;
const ANYONE = /^(?:anyone|anybody|everyone|everybody|any\s+person|a\s+person|persons?|people|individuals?|no\s+one|nobody|no\s+person)$/i;

/** "smoking" -> "smoke", "flying" -> "fly", "launching" -> "launch", "idling" -> "idle", "cutting" -> "cut". */
export function baseOfGerund(word: string): string {
  const lower = word.toLowerCase();
  if (!/ing$/.test(lower) || lower.length < 5) return word;
  let stem = lower.slice(0, -3);
  if (/(.)\1$/.test(stem)) {
    // "cutting" -> "cut", "stopping" -> "stop"; "selling", "passing", "adding" keep theirs.
    if (!/(?:ll|ss|zz|ff)$/.test(stem) && stem.length > 3) stem = stem.slice(0, -1);
  } else if (/[^aeiou]l$/.test(stem) && !/(?:rl|wl)$/.test(stem)) stem += 'e';
  else if (/(?:[^aeiou](?:ud|id|od|at|ur|os|ag)|iz|uir|rg|[^aeiou]ac|anc|chang|arrang|ssu|v)$/.test(stem)) stem += 'e';
  else if (/^(?:us|vap|smok|rid|vot|mak|tak|driv|dat|stor|shar|serv|leas|licens|receiv|chas|sav|liv|trad|tun|hik|skat|bik|issu|rescu|continu|argu|pursu)$/.test(stem)) stem += 'e';
  else if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem) && stem.length <= 4 && !/^(?:open|visit|enter|listen|offer|feed|fish|park|walk|hunt|pick|kick|lock|dock)$/.test(stem)) stem += 'e';
  return stem;
}

/** "launching, landing or flying a drone" -> "launch, land, or fly a drone". */
function baseOfGerunds(phrase: string): string {
  const m = new RegExp(String.raw`^((?:${GERUND})(?:\s*,\s*(?:or\s+|and\s+)?${GERUND}|\s+(?:or|and)\s+${GERUND})*)\b(.*)$`, 'i').exec(phrase.trim());
  if (!m) return phrase.trim();
  const verbs = m[1].split(/\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+/).map(baseOfGerund);
  const joiner: 'and' | 'or' = /\band\b/i.test(m[1]) ? 'and' : 'or';
  return `${series(verbs, joiner)}${m[2]}`;
}

/** What a statute says for the request's modal verbs: "must" -> "shall", "may not" -> "shall not". */
const statuteModals = (text: string) =>
  text
    .replace(/\b(?:should|must|can|could|would|wo)n['’]?t\s+be\s+able\s+to\b/gi, 'shall not')
    .replace(/\b(?:must|may|can|should|would|will)\s+not\b|\bcannot\b|\b(?:can|should|would|won|must)['’]t\b|\b(?:cant|shouldnt|wont|mustnt)\b/gi, 'shall not')
    .replace(/\b(?:(?:must|should|would|will)\s+have\s+to|(?:will\s+be|are|is)\s+required\s+to|must|should|would|have\s+to|has\s+to)\b/gi, 'shall');

/** The request's words without asides: "sky lanterns -- the paper lanterns ... --", "(such as ...)", ", such as ..., " (an example; ", including all fees," is part of the rule). */
function withoutAsides(text: string): string {
  return text
    .replace(/\s+(?:--|—|–)\s+.*?(?:\s+(?:--|—|–)\s+|$)/g, ' ')
    .replace(/\s*\((?!\d{1,2}\)|[a-z]\))[^)]*\)/g, '')
    .replace(/,\s+(?:such\s+as|like|e\.g\.)\s+[^,]*,/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A fine said as what follows a failure, to its dollar sign: "…within 2 hours, otherwise $50 per scooter", "or else a $200 fine". */
export const FINE_AFTER_FAILURE = String.raw`(?:or\s+else|otherwise)\s+(?:a\s+)?\$`;
/** Where the rule's act ends: a reason, a fine, a second request. */
const ACT_END = new RegExp(String.raw`,?\s+${FINE_AFTER_FAILURE}\d|,?\s+(?:so\s+(?:that\s+)?|because|since|in\s+order\s+to)\b|,\s+when\b|,?\s+with\s+(?:a|an)\s+(?:\$[\d,]+\s+)?(?:civil\s+)?(?:fine|penalty)\b|,?\s+and\s+(?:set(?:ting)?|impos(?:e|ing)|establish(?:ing)?|add(?:ing)?|provid(?:e|ing)\s+for|requir\w*|require)\s|,?\s+(?:to\s+be\s+)?enforced\s+by\b|,\s+and\s+(?=\w+ing\b)|(?<!\b[ap]\.m|\b[A-Z]|\bD\.C|\bU\.S)[.;?!](?:\s|$)`, 'i');
/** Where a rule the request states itself ("a school may not refuse a student a meal … because their family owes money") ends: its "because" and "when" are its conditions, not the request's reasons. */
const STATED_END = new RegExp(String.raw`,?\s+${FINE_AFTER_FAILURE}\d|,?\s+(?:so\s+that|in\s+order\s+to)\b|,?\s+with\s+(?:a|an)\s+(?:\$[\d,]+\s+)?(?:civil\s+)?(?:fine|penalty)\b|,?\s+and\s+(?:set(?:ting)?|impos(?:e|ing)|establish(?:ing)?|provid(?:e|ing)\s+for|requir\w*)\s|,?\s+(?:to\s+be\s+)?enforced\s+by\b|(?<!\b[ap]\.m|\b[A-Z]|\bD\.C|\bU\.S)[.;?!](?:\s|$)`, 'i');
/** "7 a.m. Exempt …": a time before a capital ends its sentence (case-sensitive), unless a day or month follows ("9 a.m. Monday"). */
const DAY_OR_MONTH = '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|October|November|December|Eastern';
const AM_END = new RegExp(String.raw`(?<=\b[ap]\.m)\.\s+(?=[A-Z])(?!${DAY_OR_MONTH})`);
/** A request's sentences, a time that ends one included (sentencesOf keeps "4 p.m. School buses …" together), and one written in lower case ("… residential streets. no one may park …"). */
export const requestSentences = (text: string) => sentencesOf(text).flatMap((x) => x.split(new RegExp(String.raw`(?<=\b[ap]\.m\.)\s+(?=[A-Z]|\$\d)(?!${DAY_OR_MONTH})|(?<=\b[a-z]{3,}[.!?])\s+(?=[a-z]|\$\d)|(?<=\b(?!(?:Sec|Nos|Ord|Art|Ave|Rev)\.)[A-Za-z]{3,}\.)\s+(?=\d{1,3}\s+(?:hours?|days?|weeks?|months?)\b)|(?<=\b[ap]\.m\.[?!])\s+`)));
/** A request's clauses: its sentences (from the `from`th), each split at a semicolon ("…; if it isn't removed, Public Works may remove it; …"). */
export const requestClauses = (text: string, from = 0) => requestSentences(text).slice(from).flatMap((x) => x.split(/;\s+/));
/** An exception the request gives after its reason ("…, when pups … are in the roost, unless the bats are inside the living space"). */
const LATE_EXCEPTION = /,\s+((?:unless|except)\b[^.;]*)/i;

/** The act to where the request stops saying it, and what follows (a second duty, a fine: read apart, `thenOf`). */
function cutAct(said: string, stated = false): { act: string; rest: string } {
  // "… between 11 p.m. and 7 a.m. Exempt New Year's Eve.": an a.m. before a capital ends the sentence (case-sensitive, unlike ACT_END).
  const am = AM_END.exec(said);
  const act = am ? said.slice(0, am.index + 1) : said;
  const end = (stated ? STATED_END : ACT_END).exec(act);
  if (!end) return { act: act.replace(/[.,;:\s]+$/, '').trim(), rest: '' };
  const kept = act.slice(0, end.index).replace(/[.,;:\s]+$/, '').trim();
  // (A clause after a semicolon is kept whole for `thenOf`: "…at checkout; paper bags can be provided only if …".)
  const rest = act.slice(end.index).split(end[0].startsWith(';') ? /(?<!\b[ap]\.m|\b[A-Z])[.?!](?:\s|$)/ : /(?<!\b[ap]\.m|\b[A-Z])[.;?!](?:\s|$)/)[0];
  // A reason or a circumstance cut off ("so …", ", when …") may be followed by the rule's own exception: it stays.
  const reason = /^,?\s+(?:so|because|since|in\s+order)\b|^,\s+when\b/i.test(end[0]);
  const exception = reason && !/\b(?:unless|except)\b/i.test(kept) ? LATE_EXCEPTION.exec(rest) : null;
  return { act: exception ? `${kept}, ${exception[1].replace(/[,\s]+$/, '')}` : kept, rest };
}
const actOnly = (act: string) => cutAct(act).act;

/** The act without what says when, where or how much: "keep a fresh water source" (the home is found by what the rule is about). */
const CONDITION = /\s+(?:unless|except|between|within|at\s+least|no\s+(?:more|less|later|earlier)\s+than|more\s+than|less\s+than|before|after|during|from\s+\w+\s+\d|by\s+\d|on\s+or\s+before|at\s+any\s+time|every\s+(?:day|week|month|year|\d+))\b.*$/i;
const coreOf = (act: string) => act.replace(CONDITION, '').replace(/\s+(?:for|of|to|with|on|in|at|by)$/i, '').trim();

const actorOf = (phrase: string): string | null => {
  // ("Hotels with 25 or more guest rooms: must give …": the colon that introduced the duties is no word of whom they bind.)
  const actor = phrase.replace(/^(?:that|the\s+council\s+)\s*/i, '').replace(/[\s:;]+$/, '').trim();
  return !actor || ANYONE.test(actor) ? null : actor;
};

/** Something that must be provided, posted or kept where no one is named: "a sign at the register", "a baby changing station". */
const POSTED = /\b(?:signs?|notices?|placards?|posters?|labels?|warnings?)\b/i;
/** What a statute's duty begins with when a request names only the thing: "post a sign …", "provide a baby changing station …". */
const dutyFor = (thing: string) => `${POSTED.test(thing.split(/\s+(?:at|in|on|near|by)\s+/i)[0]) ? 'post' : 'provide'} ${thing}`;

/**
 * The further duties a sentence asks for after its rule ("…, and requires a sign at the register
 * saying so", "…, and requiring resale websites to show the full price"). A duty that names no one
 * binds whom the rule binds.
 */
function thenOf(rest: string, actor: string | null): RuleRequest[] {
  // "…at checkout; paper bags can be provided only if …": a clause after a semicolon is a rule of its own.
  const clause = /^;\s+(.{3,})$/.exec(rest);
  if (clause) return [ruleOf(clause[1].replace(/[.!\s]+$/, ''))].filter((r): r is RuleRequest => !!r);
  const m = /^,?\s+and\s+(?:requir(?:e|es|ing)|mandat(?:e|es|ing))\s+(.+)$/i.exec(rest);
  if (!m) return [];
  const named = REQUIRE_TO.exec(m[1]);
  if (named) return [rule(named[1], false, named[3])].filter((r): r is RuleRequest => !!r);
  const thing = m[1].replace(/[.,;\s]+$/, '').trim();
  if (!/^(?:a|an|the|each|every|one)\s/i.test(thing)) return [];
  return actor ? [{ actor, negative: false, act: dutyFor(thing), core: coreOf(dutyFor(thing)) }] : [{ actor: null, thing, negative: false, act: `be ${POSTED.test(thing) ? 'posted' : 'provided'}`, core: thing }];
}

/** ", and anything obtained in violation shall not be used as evidence": a second rule of another subject in the sentence the request states. */
const SECOND_SUBJECT = /,\s+and\s+((?:any|anything|everything|nothing|all|no|the|a|an|each|every|such)\b[^,]*?)\s+(shall\s+not|shall)\s+(\w.+)$/i;

function rule(actor: string | null, negative: boolean, act: string, stated = false): RuleRequest | null {
  const { act: cut, rest } = cutAct(statuteModals(act).replace(/^(?:shall\s+)?be\s+required\s+to\s+/i, ''), stated);
  if (!cut) return null;
  let who = actor ? actorOf(actor) : null;
  // "landlords, at their own expense,": what is said between whom it binds and the act goes with the act.
  const between = who ? /^([^,]+?),\s+((?:at|in|on|by|with|within|for|after|before|upon|if|when|where)\b[^,]+?),?$/i.exec(who) : null;
  if (between) who = between[1].trim();
  const second = stated ? SECOND_SUBJECT.exec(cut) : null;
  const said = second ? cut.slice(0, second.index).trim() : cut;
  const then = [...(second ? [rule(second[1], /not/i.test(second[2]), second[3], true)].filter((r): r is RuleRequest => !!r) : []), ...thenOf(rest, who)];
  // "… in residential zones starting January 1, 2027": the date the rule begins opens its sentence.
  const begins = /,?\s+(?:starting|beginning|effective|as\s+of)\s+((?:on\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4})$/i.exec(said);
  const own = begins ? said.slice(0, begins.index) : said;
  return { actor: who, negative, act: own, core: coreOf(own), ...(begins ? { from: begins[1].replace(/^on\s+/i, '') } : {}), ...(between ? { aside: between[2].trim() } : {}), ...(then.length ? { then } : {}) };
}

/**
 * The duties of a list the request gives after "to" ("to: give tenants …; enter only between …; and keep
 * a log …", "to (1) keep the dog on a leash …, (2) pick up …, and (3) carry …"), or null for one duty.
 */
function listedDuties(act: string, colon: boolean): string[] | null {
  const body = act.trim();
  const numbered = body.split(/[,;]?\s*(?:and\s+|or\s+)?\(\d+\)\s*/).map((d) => d.trim()).filter(Boolean);
  if (/^\(1\)/.test(body) && numbered.length >= 2) return withItsException(numbered.map((d) => d.replace(/[,;]\s*(?:and|or)?\s*$/i, '')));
  if (!colon) return null;
  const items = body.split(/;\s*(?:and\s+|or\s+)?/).map((d) => d.trim()).filter(Boolean);
  // "enter only between 8 a.m. and 6 p.m." is "not enter except between …".
  return items.length >= 2 ? withItsException(items.map((d) => d.replace(/^(\w+)\s+only\s+(?=between|during|from|after|before|on|in|at|with|if|when)/i, 'not $1 except '))) : null;
}

/** "…, except that the leash requirement does not apply in designated off-leash areas", said after a list's last duty. */
const LIST_EXCEPTION = /,?\s+except\s+that\s+the\s+([\w-]+(?:\s+[\w-]+)?)\s+(?:requirement|rule|duty|ban|prohibition)\s+(?:does|shall|will|would|should)\s+not\s+apply\s+(in|at|on|within|during|to)\s+(.+)$/i;

/** A list's closing exception goes with the duty it names ("the leash requirement": the duty to keep the dog on a leash), as that duty's own "except in …". */
function withItsException(duties: string[]): string[] {
  const last = duties.length - 1;
  const m = LIST_EXCEPTION.exec(duties[last]);
  if (!m) return duties;
  const named = m[1].toLowerCase().split(/\s+/);
  const out = [...duties];
  out[last] = duties[last].slice(0, m.index).trim();
  const owner = out.findIndex((d) => named.every((w) => new RegExp(String.raw`\b${escapeRegExp(w.slice(0, Math.max(4, w.length - 2)))}`, 'i').test(d)));
  if (owner < 0) return duties;
  out[owner] = `${out[owner].replace(/[,.\s]+$/, '')}, except ${m[2].toLowerCase() === 'to' ? 'as to' : m[2]} ${m[3].trimEnd().replace(/\.+$/, '')}`;
  return out;
}

/** "requiring X to V" (X's end is where its infinitive begins; "who already have to shovel" is X's own clause). */
const REQUIRE_TO = /^(.+?)(?<!\b(?:have|has|had|need|needs|ought|used|able|going))\s+to(\s*:)?\s+(?!(?:a|an|the|any|its|their|his|her|every|each|all|one|this|that)\s)(.+)$/i;

const NOMINAL_ACTS: Record<string, string> = { removal: 'remove', parking: 'park', sale: 'sell', use: 'use', operation: 'operate', possession: 'possess', distribution: 'distribute', display: 'display', installation: 'install', storage: 'store', release: 'release', feeding: 'feed', launch: 'launch' };

/** "Right to disconnect: an ordinance prohibiting …": the name a request gives its rule, before what the rule is. */
/** "The Safe Rentals Act would require …": a named act (capitalised words ending in Act, Ordinance …) and the verb it rules by. */
const ACT_SAYS = /^(?:[Tt]he\s+)?((?:[A-Z][\w'’-]*\s+){1,6}(?:Act|Ordinance|Law|Program|Initiative))\s+(?:would|will|shall|should|must|is\s+to)\s+(?=(?:require|prohibit|ban|bar|forbid|mandate|make|limit|cap|stop|set)\b)/;
/** A verb that forbids, in its forms ("bans", "barring", "forbade"): not a noun it begins ("barbershops", "bannister"). */
const FORBID = String.raw`(?:prohibit(?:s|ed|ing)?|ban(?:s|ned|ning)?|bar(?:s|red|ring)?|forbid(?:s|den|ding)?|forbade|outlaw(?:s|ed|ing)?)\b`;
const NAMED = /^(?!(?:an?\s+)?(?:ordinance|bill|law|act)\b|(?:regulat|govern|on|about|concerning|for|to|re|protect|requir|prohibit|ban|bar|mandat|mak|limit|set|cap|exempt|no)\w*\b)([A-Z][^:—–]{2,59}?)(?::|\s+(?:—|–|--))\s+(?:(?:an?\s+)?(?:ordinance|bill|law|act|legislation|measure)\b\s*(?:that\s+|which\s+|to\s+)?)?/;
/** "making it a violation for X to V": X shall not V. */
const MAKING_IT = /^(?:(?:mak(?:e|es|ing)|render(?:s|ing)?)\s+)?it\s+(?:(?:shall|is|will)\s+be\s+)?(?:a\s+(?:civil\s+)?(?:violation|crime|misdemeanor|offen[cs]e|infraction)|an\s+(?:offen[cs]e|infraction)|unlawful|illegal|prohibited)\s+(?:for\s+(.+?)\s+)?to\s+(.+)$/i;
/** "No District agency may obtain …", "no one shall …". */
const NO_ONE_MAY = /^no\s+(.+?)\s+(?:may|shall|can|should|will|is\s+allowed\s+to|are\s+allowed\s+to|is\s+permitted\s+to|are\s+permitted\s+to)\s+(.+)$/i;
const NOBODY = /^(?:one|body|person|individual)$/i;
/** "requiring a baby changing station in every … restaurant": a thing required where it is, no one named. */
const REQUIRE_THING = /^(?:requir(?:e|es|ing)|mandat(?:e|es|ing))\s+((?:a|an|the|one|each|every)\s+[^,]+?)\s+((?:in|at|on|inside|near|within|for|outside)\s+.+)$/i;

/** "No sales of …", "no storage of …": the act a ban names by its noun. */
const ACT_OF_NOUN: Record<string, string> = { sale: 'sell', sales: 'sell', use: 'use', storage: 'store', parking: 'park', smoking: 'smoke', vaping: 'vape', idling: 'idle', feeding: 'feed', dumping: 'dump', burning: 'burn', distribution: 'distribute', display: 'display' };
const NO_ACT_OF = new RegExp(String.raw`^no\s+(?:more\s+|further\s+)?(${Object.keys(ACT_OF_NOUN).join('|')})\s+of\s+(.{3,250})$`, 'i');
/** "no … vehicle stored on …": what may not be done to a thing, by its participle. */
const DONE_TO_VERB: Record<string, string> = { stored: 'store', parked: 'park', kept: 'keep', left: 'leave', placed: 'place', sold: 'sell', displayed: 'display', posted: 'post', used: 'use', operated: 'operate', installed: 'install' };
const NO_THING_DONE = new RegExp(String.raw`^(?:(?:i['’]m|i\s+am)\s+thinking\s+|i\s+think\s+|maybe\s+)?no\s+((?:[\w'’-]+\s+){0,6}?[\w'’-]+)\s+(${Object.keys(DONE_TO_VERB).join('|')})\s+(.{3,200})$`, 'i');

/** What someone would like, hope or be glad to do: no duty ("would like to brief the committee"). */
const WISH = /^(?:like|love|prefer|want|hope|appreciate|welcome|be\s+(?:happy|glad|pleased|willing))\b/i;
/** Participles a thing is done by, with their verbs: "paper bags can be provided only if …". */
const PARTICIPLE: Record<string, string> = { ...DONE_TO_VERB, provided: 'provide', given: 'give', issued: 'issue', served: 'serve', offered: 'offer', rented: 'rent', distributed: 'distribute', handed: 'hand', supplied: 'supply' };
/** "paper bags can be provided only if the store charges at least 10 cents per bag": done only on a condition of whoever does it. */
const ONLY_IF_DONE = new RegExp(String.raw`^(.+?)\s+(?:can|may|could|will|shall|should)\s+(?:only\s+)?be\s+(${Object.keys(PARTICIPLE).join('|')})\s+only\s+(?:if|when|where|provided\s+that)\s+(?:the|a|an)\s+([\w-]+(?:\s+[\w-]+)??)\s+(\w+s)\b(.+?)(?:,\s+and\s+(?:the|a|an)\s+.+)?$`, 'i');

/** The rule a request asks for, or null when it asks in no form read here. */
export function ruleOf(subject: string): RuleRequest | null {
  // A name first ("Right to disconnect: …", "Fair Chance Housing — landlords may not …"): the dash is no aside's.
  const named = NAMED.exec(subject.trim());
  const underName = named ? ruleOf(subject.trim().slice(named[0].length)) : null;
  if (underName) return { ...underName, name: named![1].trim() };
  // "The Safe Rentals Act would require every landlord … to register …": the act is the rule's name, not whom it binds.
  const actSays = ACT_SAYS.exec(subject.trim());
  const saidByAct = actSays ? ruleOf(subject.trim().slice(actSays[0].length)) : null;
  if (saidByAct) return { ...saidByAct, name: actSays![1].trim() };
  // "feeding pigeons … on public property — we want it banned": the act named first is what is banned.
  const wanted = new RegExp(String.raw`^(${GERUND}\b[^—–:]{3,200}?)\s*(?:—|–|--|:|,)\s*(?:and\s+)?(?:we|i|the\s+\w+)\s+(?:want|wants|need|needs|would\s+like|'d\s+like)\s+(?:it|this|that)\s+(?:banned|prohibited|outlawed|stopped)\b`, 'i').exec(subject.trim());
  if (wanted) return rule(null, true, baseOfGerunds(wanted[1].trim()));
  // "barbershops & nail salons": a statute writes "and" ("AT&T" keeps its own).
  const s = withoutAsides(subject)
    .replace(/^(?:an?\s+)?(?:ordinance|bill|law)\s+(?:that\s+|which\s+|to\s+)?/i, '')
    .replace(/\s+&\s+/g, ' and ')
    .trim();

  // "... : operators must be licensed, must show ..." (a rule after a colon).
  // Found by position, not by one pattern over the whole request: that pattern backtracked at every colon (quadratic).
  const at = s.indexOf(':');
  const modal = at >= 0 ? /\s(must\s+not|may\s+not|shall\s+not|cannot|must|shall)\s+/i.exec(s.slice(at + 1)) : null;
  const colon = modal && s.slice(at + 1, at + 1 + modal.index).trim() ? [s, s.slice(0, at), s.slice(at + 1, at + 1 + modal.index).trim(), modal[1], s.slice(at + 1 + modal.index + modal[0].length)] : null;
  if (colon && colon[4]) {
    const found = rule(colon[2], /not/i.test(colon[3]), colon[4], true);
    // "regulating cryptocurrency kiosks, the machines that ...: operators must ...": what the rule is about is said before the colon.
    const about = colon[1].replace(/^(?:regulat\w*|govern\w*|on|about|concerning|for|to\s+protect|protect\w*)\s+/i, '').split(/\s*,\s*|\s+from\s+/)[0].trim();
    return found && about ? { ...found, about } : found;
  }

  let m = /^(?:requir(?:e|es|ing)|forc(?:e|es|ing)|obligat(?:e|es|ing)|direct(?:s|ing)?|order(?:s|ing)?|mandat(?:e|es|ing))\s+(.+)$/i.exec(s);
  const to = m && !/^that\s/i.test(m[1]) ? REQUIRE_TO.exec(m[1]) : null;
  // "requiring every escape room operator to make sure …, and to have an employee …": each infinitive is a duty.
  if (to) {
    const duties = listedDuties(to[3], !!to[2]);
    if (duties) {
      const [first, ...more] = duties.map((d) => rule(to[1], /^not\s/i.test(d), d.replace(/^not\s+/i, ''))).filter((r): r is RuleRequest => !!r);
      return first ? { ...first, ...(more.length ? { then: more } : {}) } : null;
    }
    return rule(to[1], false, to[3].replace(/\bmake\s+sure\s+(?:that\s+)?/gi, 'ensure that ').replace(/,?\s+and\s+to\s+(?=[a-z])/gi, ', and shall '));
  }
  // "mandate that every grocery store … donate its unsold edible food to …".
  // "Require that every shared e-scooter be parked upright, …": a thing required to be so.
  m = /^(?:mandat(?:e|es|ing)|requir(?:e|es|ing)|ensur(?:e|es|ing))\s+that\s+((?:[\w'’-]+\s+){0,5}?[\w'’-]+)\s+be\s+(.+)$/i.exec(s);
  if (m) {
    const { act: done } = cutAct(`be ${m[2]}`);
    return { actor: null, thing: m[1].trim(), negative: false, act: done, core: m[1].trim() };
  }
  m = new RegExp(String.raw`^(?:mandat(?:e|es|ing)|requir(?:e|es|ing)|ensur(?:e|es|ing)|(?:establish|creat|set)\w*\s+a\s+requirement)\s+that\s+(no\s+)?(.+?)\s+((?:${DUTY_VERBS}|${FORBIDDEN_VERBS})\b.*)$`, 'i').exec(s);
  if (m) {
    let [actor, act] = [m[2], m[3]];
    // "every grocery store over 10,000 square feet donate …": a noun that is also a verb, after the noun it completes, is still the one bound.
    const compound = new RegExp(String.raw`^(${COMPOUND_NOUNS})\s+(.+?)\s+((?:${DUTY_VERBS}|${FORBIDDEN_VERBS})\b.*)$`, 'i').exec(act);
    if (compound && !/^(?:no|every|each|any|all|a|an|the)$/i.test(actor.trim().split(/\s+/).at(-1) ?? '')) [actor, act] = [`${actor} ${compound[1]} ${compound[2]}`, compound[3]];
    if (actor.split(/\s+/).length <= 8) return m[1] ? { ...rule(actor, true, act)!, none: true } : rule(actor, false, act);
  }
  m = REQUIRE_THING.exec(s);
  if (m) {
    const { act: where, rest } = cutAct(m[2]);
    const thing = m[1].trim();
    const then = thenOf(rest, null);
    return { actor: null, thing, negative: false, act: `be ${POSTED.test(thing) ? 'posted' : 'provided'} ${where}`, core: thing, ...(then.length ? { then } : {}) };
  }
  m = MAKING_IT.exec(s);
  if (m) return rule(m[1] ?? null, true, m[2]);
  // "No sales of flavored tobacco products, including menthol, anywhere in the city": a ban said by the act's noun.
  m = NO_ACT_OF.exec(s);
  if (m) return rule(null, true, `${ACT_OF_NOUN[m[1].toLowerCase()]} ${m[2]}`);
  // "No new license within 1,000 feet of a school": none shall be issued there.
  m = /^no\s+(new\s+)?(license|licence|permit)s?\s+(within|in|on|at|near)\s+(.{3,200})$/i.exec(s);
  if (m) return { actor: `${m[1] ?? ''}${m[2].toLowerCase()}`, negative: true, none: true, act: `be issued for a location ${m[3].toLowerCase()} ${m[4]}`, core: `${m[1] ?? ''}${m[2].toLowerCase()}` };
  // "There shall be no amplified music or sound from any bar … that is audible more than 50 feet from …": statutory as it stands.
  m = /^there\s+(?:shall|will|should|must|would|can)\s+be\s+no\s+((?:[\w'’-]+\s+){0,5}?[\w'’-]+)(\s+(?:from|in|on|at|within|that|which|after|before|between|during)\b.{3,300})$/i.exec(s);
  if (m) return { actor: null, negative: true, act: `${m[1]}${m[2]}`, core: m[1], about: m[1], absent: true };
  // "I'm thinking no inoperable or unregistered vehicle stored on residential property for more than 30 days unless it's inside …":
  // a ban said by what may not be so ("A person shall not store an inoperable or unregistered vehicle …"); "No vehicle parked … shall" is another rule.
  m = NO_THING_DONE.exec(s);
  if (m && !/\b(?:shall|may|must|can|will|should|would)\b/i.test(m[3])) return rule(null, true, `${DONE_TO_VERB[m[2].toLowerCase()]} ${withArticle(m[1].trim())} ${m[3].replace(/\b(it|they)['’](s|re)\b/gi, (_x, who: string, be: string) => `${who} ${be.toLowerCase() === 's' ? 'is' : 'are'}`)}`);
  m = new RegExp(String.raw`^(?:mak(?:e|es|ing)|hav(?:e|es|ing)|get(?:s|ting)?)\s+(.+?)\s+((?:${DUTY_VERBS})\b.*)$`, 'i').exec(s);
  if (m) return rule(m[1], false, m[2]);
  m = new RegExp(String.raw`^(?:${FORBID}|stop(?:s|ped|ping)?|prevent(?:s|ed|ing)?|keep(?:s|ing)?|kept|restrict(?:s|ed|ing)?)\s+(.+?)\s+from\s+(${GERUND}\b.*)$`, 'i').exec(s);
  if (m) return rule(m[1], true, baseOfGerunds(m[2]));
  m = /^(?:saying|stating|providing|declaring|so|ensuring)\s+(?:that\s+)?(.+?)\s+(must\s+not|may\s+not|shall\s+not|cannot|can['’]t|must|shall|may\s+only|may|should|can)\s+(.+)$/i.exec(s);
  if (m) {
    const nobody = /^(?:no\s+one|nobody|no\s+person)$/i.test(m[1].trim());
    return rule(m[1], nobody || /not|n['’]t/i.test(m[2]), m[3], true);
  }
  // "exempting diapers and baby wipes from the District's sales tax": what is exempt, and from what.
  m = /^(?:exempt(?:s|ing)?)\s+(.+?)\s+from\s+(.+)$/i.exec(s);
  if (m) {
    const from = actOnly(m[2]).replace(/,\s+(?:starting|beginning|effective)\b.*$/i, '');
    return { actor: m[1].trim(), negative: false, act: `be exempt from ${from}`, core: `be exempt from ${from}`, about: `${from.replace(/^(?:the\s+)?(?:District['’]s\s+)?/i, '')} exemptions` };
  }
  // "limit garage sales to 4 per year per address, no more than 3 consecutive days each, and only between 8 a.m. and 6 p.m.":
  // how many, then how long each, then when.
  m = /^(?:limit|cap|restrict)(?:s|ing)?\s+(?:the\s+number\s+of\s+)?(.{3,80}?)\s+to\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:per|a|each|every|in\s+(?:a|any|each))\s+((?:calendar\s+)?(?:year|month|week|day))\b(?:\s+per\s+([\w-]+(?:\s+[\w-]+)?))?(.*)$/i.exec(s);
  if (m) {
    const what = m[1].trim();
    const one = singularPhrase(what);
    const then: RuleRequest[] = [];
    for (const part of m[5].split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=only\b|no\s+more\b)/).map((x) => x.trim()).filter(Boolean)) {
      const each = /^(?:for\s+)?no\s+more\s+than\s+(.+?)\s+each$/i.exec(part);
      const when = /^only\s+((?:between|from|during|on|after|before)\b.+)$/i.exec(part);
      if (each) then.push({ actor: null, negative: false, act: '', core: one, cap: { what: `each ${one}`, limit: each[1] } });
      else if (when) then.push({ actor: null, thing: `${/^[aeiou]/i.test(one) ? 'an' : 'a'} ${one}`, negative: false, act: `take place only ${when[1].replace(/\b\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\b\.?/gi, statuteTime)}`, core: one });
    }
    return { actor: null, negative: false, act: '', core: what, cap: { what: `the number of ${what}${m[4] ? ` at each ${m[4]}` : ''}`, limit: `${m[2]} per ${m[3].toLowerCase()}` }, ...(then.length ? { then } : {}) };
  }
  m = /^(?:cap|caps|capping)\s+(.+?)\s+at\s+(.+)$/i.exec(s);
  if (m) {
    const { act: limit, rest } = cutAct(m[2]);
    const then = thenOf(rest, null);
    return { actor: null, negative: false, act: '', core: m[1].trim(), cap: { what: m[1].trim(), limit }, ...(then.length ? { then } : {}) };
  }
  m = new RegExp(String.raw`^${FORBID}\s+(?:the\s+)?(\w+)\s+of\s+(.+)$`, 'i').exec(s);
  if (m && NOMINAL_ACTS[m[1].toLowerCase()]) return rule(null, true, `${NOMINAL_ACTS[m[1].toLowerCase()]} ${m[2]}`);
  m = new RegExp(String.raw`^${FORBID}\s+(${GERUND}\b.*)$`, 'i').exec(s);
  if (m) return rule(null, true, baseOfGerunds(m[1]));
  // "banning plastic straws": the act forbidden is the drafter's to name.
  m = new RegExp(String.raw`^${FORBID}\s+(.+)$`, 'i').exec(s);
  if (m && MACHINE.test(m[1].split(/\s+(?:in|on|at|within|near|from|during|after|before|starting|beginning)\s/i)[0])) return rule(null, true, `operate ${m[1]}`);
  if (m && APPLIED.test(m[1].split(/\s+(?:in|on|at|within|near|from|during|after|before|starting|beginning)\s/i)[0])) return rule(null, true, `apply ${m[1]}`);
  if (m) return { ...rule(null, true, `[sell, use, or distribute] ${m[1]}`)!, unnamedAct: true };
  // "Nobody may smoke or vape in any city park …".
  m = /^(?:nobody|no\s+one|no\s+person)\s+(?:may|shall|can|should|will|is\s+allowed\s+to|is\s+permitted\s+to)\s+(.+)$/i.exec(s);
  if (m) return rule(null, true, m[1], true);
  // "No District agency may obtain …" (a statute's "No … shall"); "no one may …" binds any person.
  m = NO_ONE_MAY.exec(s.replace(/^nobody\b/i, 'no body'));
  // "Nobody gardening at a city-owned community garden can use …": no person so qualified.
  const qualified = m && /^(?:one|body|person|individual)\s+((?:\w+ing|who|that|under|over|without|with)\b.*)$/i.exec(m[1].trim());
  if (m && qualified && m[1].split(/\s+/).length <= 12) return rule(`person ${qualified[1]}`, true, m[2], true);
  if (m && m[1].split(/\s+/).length <= 8) {
    const found = rule(NOBODY.test(m[1].trim()) ? null : m[1], true, m[2], true);
    return found && !NOBODY.test(m[1].trim()) ? { ...found, none: true } : found;
  }
  // "Residents may only keep chickens on a single-family lot if they obtain an annual permit": not unless.
  m = /^(.+?)\s+(?:may|can|shall)\s+only\s+(.+?)\s+(?:if|when|where|provided\s+that)\s+(.+)$/i.exec(s);
  if (m && m[1].split(/\s+/).length <= 8) return rule(m[1], true, `${m[2]} unless ${m[3]}`, true);
  // "Slaughtering chickens on residential property is prohibited": no person may.
  m = new RegExp(String.raw`^(${GERUND}\b.*?)\s+(?:is|are|shall\s+be|will\s+be)\s+(?:prohibited|banned|forbidden|unlawful|illegal|not\s+(?:allowed|permitted))\b(.*)$`, 'i').exec(s);
  if (m) return rule(null, true, `${baseOfGerunds(m[1])}${m[2]}`, true);
  // "Roosters are not allowed at all": what may not be is not permitted.
  m = /^((?:[\w'’-]+\s+){0,4}[\w'’-]+?)\s+(?:are|is)\s+not\s+(?:allowed|permitted)(?:\s+at\s+all)?(.*)$/i.exec(s);
  if (m && !/^(?:it|this|that|there|they|we|you)$/i.test(m[1].trim())) return { actor: null, thing: m[1].trim(), negative: false, act: `not be permitted${m[2]}`.replace(/\s+$/, ''), core: m[1].trim() };
  // "A permit from the Department of Parks is required to hold an event in a park": no one may without it.
  m = /^(?:a|an)\s+(permit|license|licence|registration|certificate)\s+(?:from\s+(.+?)\s+)?(?:is|shall\s+be|will\s+be)\s+required\s+(?:to|for|before)\s+(.+)$/i.exec(s);
  if (m) return rule(null, true, `${baseOfGerunds(m[3])} without a ${m[1].toLowerCase()}${m[2] ? ` from ${m[2]}` : ''}`);
  // "Contractors and residents who want to put a dumpster on a city street need a right-of-way permit from the Department first":
  // no one may do it without the permit.
  m = /^(?:.+?)\s+(?:who|that)\s+(?:want|wants|plan|plans|intend|intends|wish|wishes)\s+to\s+(.+?)\s+(?:need|needs|must\s+(?:get|obtain|have)|(?:have|has)\s+to\s+(?:get|obtain))\s+(a|an)\s+((?:[\w'’-]+\s+){0,4}?(?:permit|license|licence|registration|certificate))\b(.*?)(?:,?\s+first)?$/i.exec(s);
  if (m) return rule(null, true, `${m[1]} without first obtaining ${m[2].toLowerCase()} ${m[3]}${m[4]}`);
  // "X must V" said plainly ("landlords must give 60 days' notice").
  // ("will need a barrier" is "shall have a barrier".)
  m = /^(.+?)\s+(must\s+not|may\s+not|shall\s+not|cannot|can['’]?t|shouldn['’]?t(?:\s+be\s+able\s+to)?|won['’]?t|must|shall|should\s+have\s+to|should\s+not|should|would|(?:have|has|need|needs)\s+to|(?:will\s+be|are|is)\s+required\s+to)\s+(.+)$/i.exec(s.replace(NEEDS_PERMIT, 'must obtain ').replace(/\b(?:will\s+need|would\s+need|needs|must\s+have)\s+(?=(?:a|an|the|at\s+least)\s)/i, 'must have ')
      // "New commercial buildings over 25,000 square feet need short-term bike racks …": what a thing needs, it shall have.
      .replace(/^(.{3,120}?)(?<!\b(?:we|i|you|they|he|she|it|us)\s*)\s+(?:need|needs)\s+(?!to\b|(?:a|an|the|at\s+least|more|less|help|something|someone)\b)(?=[a-z])/i, '$1 must have '));
  // (Whom it binds is a noun phrase: "Honestly just need something saying gyms" is no one.)
  // ("The Chief would like to brief the committee in two weeks": a wish, not a duty.)
  if (m && m[1].split(/\s+/).length <= 12 && !/^(?:it|this|that|there|we|i|you|they)$/i.test(m[1].trim()) && !/\b(?:need|want|something|please|draft|honestly|just|would\s+like)\b/i.test(m[1]) && !WISH.test(m[3])) return rule(m[1], /not|n['’]?t\b/i.test(m[2]), m[3], true);
  // "Only allow sidewalk cafes to put tables … if at least 6 feet … remains": X shall not V unless ….
  m = ONLY_IF_DONE.exec(s);
  if (m) return rule(m[3], true, `${PARTICIPLE[m[2].toLowerCase()]} ${m[1].trim()} unless it ${m[4]}${m[5]}`);
  m = /^only\s+(?:allow|permit|let)\s+(.+?)\s+to\s+(.+?)\s+(?:if|when|where|provided\s+that)\s+(.+)$/i.exec(s);
  if (m) return rule(m[1], true, `${m[2]} unless ${m[3]}`);
  // "No removal of any tree … unless …": the act named by its noun.
  m = /^no\s+(\w+)\s+of\s+(.+)$/i.exec(s);
  if (m && NOMINAL_ACTS[m[1].toLowerCase()]) return rule(null, true, `${NOMINAL_ACTS[m[1].toLowerCase()]} ${m[2]}`);
  // "Set a maximum of 10 percent of face value on the service fees that ticket resellers can charge": a cap.
  m = /^set(?:ting|s)?\s+a\s+(?:maximum|cap|limit|ceiling)\s+of\s+(.+?)\s+(?:on|for)\s+(.+)$/i.exec(s);
  if (m) {
    const { act: what, rest } = cutAct(m[2]);
    const then = thenOf(rest, null);
    return { actor: null, negative: false, act: '', core: what, cap: { what, limit: m[1].trim() }, ...(then.length ? { then } : {}) };
  }
  return null;
}

/** The rule as a statute's sentence: "Beekeepers shall keep ...", "A person shall not sell ...", "No District agency shall …". */
export function ruleSentence(r: RuleRequest): string {
  if (r.from) return `Beginning ${r.from}, ${ruleSentence({ ...r, from: undefined }).replace(/^(?!No\s)(\w)/, (c) => c.toLowerCase())}`;
  if (r.negative && r.actor && /^any\s+/i.test(r.actor) && !r.aside) return ruleSentence({ ...r, actor: r.actor.replace(/^any\s+/i, ''), none: true });
  if (r.cap) return `${capitalize(r.cap.what.replace(/^(?!the\s|each\s|every\s)/i, 'the '))} shall not exceed ${r.cap.limit}.`;
  if (r.absent) return `There shall be no ${r.act}.`.replace(/\.\.$/, '.');
  // "shall not leave handbills …, or to throw them onto driveways": a second act joined to the first takes no "to"
  // (a verb is known by the object after it: "or to persons under 21" is where, not what).
  const act = withListJoined(r.act, r.negative ? 'or' : 'and').replace(/^shall\s+/i, '').replace(/(,?\s+(?:or|and)\s+)to\s+(?=[a-z]+\s+(?:them|it|him|her|a|an|the|any|such|their|its|his)\b)/g, '$1');
  if (r.thing) return `${capitalize(r.thing)} shall ${act}.`.replace(/\.\.$/, '.');
  if (r.none && r.actor) return `No ${r.actor} shall ${act}.`.replace(/\.\.$/, '.');
  // "Anyone who owns a ferret" ("anyone driving …") is "A person who owns a ferret" in a statute; "container has to have …" is "A container shall have …".
  const actor = r.actor ? capitalize(withArticle(r.actor.replace(/^(?:anyone|anybody|everyone|everybody|any\s+person)\s+(?=who\b|\w+ing\b)/i, 'a person '))) : 'A person';
  return `${actor} shall${r.negative ? ' not' : ''}${r.aside ? `, ${r.aside},` : ''} ${act}.`.replace(/\.\.$/, '.');
}

/** A rule and the duties its request's sentence adds ("…, and requires a sign at the register"), each alone. */
export const eachRule = (r: RuleRequest): RuleRequest[] => [{ ...r, then: undefined }, ...(r.then ?? []).flatMap(eachRule)];
/** Their sentences. */
export const ruleSentences = (r: RuleRequest): string[] => eachRule(r).map(ruleSentence);

/** "a, b, and c" (a statute's serial comma); two are "a and b", or "a, or b" where `pairComma` (each long). */
export const series = (items: string[], conjunction: 'and' | 'or', pairComma = false) =>
  items.length > 2 ? `${items.slice(0, -1).join(', ')}, ${conjunction} ${items.at(-1)}` : items.join(`${pairComma ? ',' : ''} ${conjunction} `);

/** "in parks, playgrounds, school grounds" -> "in parks, playgrounds, or school grounds": a place list said with commas alone, at the act's end, joined as a statute joins it. */
const withListJoined = (act: string, join: 'or' | 'and') =>
  act.replace(/(\b(?:in|on|at|near|within|from|to)\s+[\w'’-]+(?:\s+[\w'’-]+){0,2}(?:,\s+[\w'’-]+(?:\s+[\w'’-]+){0,2})+),\s+([\w'’-]+(?:\s+[\w'’-]+){0,2})([.]?)$/i, (m, head: string, last: string, end: string) =>
    /\b(?:and|or)\b/i.test(`${head} ${last}`) ? m : `${head}, ${join} ${last}${end}`,
  );

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
/** A phrase said mid-sentence: a common noun or an article that opened a sentence loses its capital ("School buses …", "A building …"); a name keeps its own. */
const midSentence = (x: string) => (/^(?:[A-Z][a-z]+|A|An)\s+[a-z]/.test(x) ? x[0].toLowerCase() + x.slice(1) : x);

/** "8 a.m." -> "8:00 a.m.", "6pm" -> "6:00 p.m.", "7:30 PM" -> "7:30 p.m.". */
export function statuteTime(time: string): string {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(time.trim());
  if (!m) return time.trim();
  return `${m[1]}:${m[2] ?? '00'} ${m[3].toLowerCase()}.m.`;
}

/** The steps of a fine that rises, by their place. */
export const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth'];

/** Words that already say which or how many ("every landlord", "the owner", "no person", "all hotels"). */
const DETERMINER = /^(?:a|an|the|every|each|any|all|no|some|this|that|these|those|its|their|his|her|our|one|both|either|neither|another|such|most|many|few|several|more|less|\d[\d,]*)$/i;
/** A singular common noun said bare ("container", "owner of the lot") takes "a" in a statute; a plural, a name or a mass of people does not. */
function withArticle(actor: string): string {
  const words = actor.trim().split(/\s+/);
  if (!words.length || DETERMINER.test(words[0]) || !/^[a-z]/.test(words[0]) || /^(?:any|every|some|no)(?:one|body|thing)$/i.test(words[0])) return actor;
  const head = withoutClause(actor).split(/\s+(?:of|with|in|on|at|for|from|under|over|within|near|that|who)\s+/i)[0].split(/\s+/).at(-1) ?? '';
  if (!/^[a-z]+$/.test(head) || /s$/.test(head) || /^(?:staff|personnel|people|police|public|management|children|men|women|anyone|everyone|someone|nobody|no-one)$/.test(head)) return actor;
  return `${/^[aeio]/.test(words[0]) ? 'an' : 'a'} ${actor}`;
}

/** "anyone who owns a dog that has been declared dangerous" -> "anyone"; "owners of vacant buildings" stays. */
const withoutClause = (phrase: string) => phrase.replace(/\s+(?:who|that|which|whose|where)\b.*$/i, '').trim();
/** "launch, land, or fly", "exclude or evict", "make sure": the verbs an act starts with. */
const LEADING_VERBS = /^(?:make\s+sure\s+(?:that\s+)?|ensure\s+(?:that\s+)?)?\w+(?:\s*,\s*(?:(?:or|and)\s+)?\w+|\s+(?:or|and)\s+\w+)*(?:\s+(?:up|out|off|down|away|back)\b)?\s+/i;
/** Where an act's object ends: a list, a clause, a second duty, whom or where it is done. */
const OBJECT_END = /\s*,\s*|\s+and\s+other\s+|\s+and\s+shall\s+|\s+(?:with|to|by)\s+the\s+(?:Department|Office|Mayor|Council|Board|Commission|Director|Agency)\b|\s+(?:who|that|which|whose)\s+|\s+(?:to\s+(?:anyone|any\s+person|minors?|children|persons|people|customers|every|each|all|its|their)|anywhere|throughout|in\s+the\s+District)\b/i;
const firstClause = (s: string) => s.split(OBJECT_END)[0].replace(/\s+(?:of|to|for|with|on|in|at|by)$/i, '').trim();
/** "smoke" -> "smoking", "ride" -> "riding", "fly" -> "flying". */
const gerundOf = (verb: string) => (/^be$/i.test(verb) ? 'being' : /[^e]e$/.test(verb) ? `${verb.slice(0, -1)}ing` : `${verb}ing`);

/**
 * What the rule is about, as the phrases its home is looked for by: whom it binds ("beekeepers")
 * and what it acts on ("a fresh water source"; "sky lanterns"; "smoke in sidewalk cafés").
 */
/** What an object names, without where or how it is held: "public post-election manual audits on its website" -> "public post-election manual audits". */
const headPhrase = (object: string) => object.split(/\s+(?:on|at|in|from|within|into|onto|by|with|near|inside|outside|through)\s+(?:its|their|his|her|the|a|an|each|every|any|all)\b/i)[0].trim();

export function ruleTopics(r: RuleRequest): { actor: string | null; object: string } {
  if (r.thing) return { actor: null, object: r.thing.replace(/^(?:a|an|the|one|each|every)\s+/i, '') };
  // ("the number of garage sales at each address" is about garage sales: what is counted.)
  if (r.cap) return { actor: null, object: firstClause(/^(?:the\s+)?number\s+of\s/i.test(r.cap.what) ? r.core : r.cap.what.replace(/^the\s+/i, '')) };
  // "clean up after their dogs": a verb and its particle with no object ("clean up") is read with what follows it.
  // ("[sell, use, or distribute] plastic straws": the act left to the drafter is no word of the topic.)
  const named = r.unnamedAct ? r.core.replace(/^\[[^\]]*\]\s*/, '') : r.core;
  const core = /^\w+\s+(?:up|out|off|down|away|back)$/i.test(named) ? r.act : named;
  const rest = r.unnamedAct ? core : core.replace(LEADING_VERBS, '');
  // "smoke in sidewalk cafés": an act with no object is its own topic ("smoking in sidewalk cafés", "cleaning up after their dogs").
  const verb = core.slice(0, core.length - rest.length).trim().split(/\s+/);
  const object = /^(?:in|on|at|near|within|inside|outside|over|along|after|for)\s/i.test(rest)
    ? `${[gerundOf(verb[0]), ...verb.slice(1)].join(' ')} ${firstClause(rest)}`
    : headPhrase(firstClause(rest.replace(/^(?:(?:a|an|the|any|all|its|their|every|each)\s+)+/i, ''))) || core;
  if (r.about) return { actor: r.actor ? withoutClause(r.actor) : null, object: r.about };
  if (!r.actor) return { actor: null, object };
  // "anyone who owns a dog that has been declared dangerous": whom it binds is said by its clause.
  // ("A person gardening at a city-owned community garden": a person doing something is anyone; the rule is about what they may not do.)
  const head = withoutClause(r.actor).replace(/^((?:(?:a|any)\s+)?persons?|individuals?)\s+\w+ing\b.*$/i, '$1');
  if (!ANYONE.test(head)) return { actor: head, object };
  return { actor: doerOf(r.actor.slice(head.length).replace(/^\s*(?:who|that|which)\s+/i, '').trim()) || null, object };
}

/** Doers by their verb: "owns a dog" -> "owners of a dog". */
const DOERS: Record<string, string> = { owns: 'owners', keeps: 'keepers', operates: 'operators', runs: 'operators', manages: 'managers', sells: 'sellers', employs: 'employers', drives: 'drivers', rents: 'renters', leases: 'lessees', holds: 'holders', uses: 'users', builds: 'builders', installs: 'installers' };

/**
 * Whom a clause binds, named as a statute names them: "owns a dog that has been declared dangerous"
 * -> "owners of a dangerous dog", the words a section about them holds ("Dangerous dog … owner
 * responsibilities"), not the clause's verbs.
 */
export function doerOf(clause: string): string {
  const declared = clause.replace(/\b(?:(a|an|the|any|each)\s+)?([\w-]+(?:\s+[\w-]+)?)\s+(?:that|which|who)\s+(?:has|have|is|are)\s+been\s+(?:declared|designated|deemed|determined|found|classified)\s+(?:to\s+be\s+|as\s+)?(?:an?\s+)?([\w-]+)$/i, (_m, article: string | undefined, noun: string, quality: string) => `${article ? `${/^an?$/i.test(article) ? (/^[aeiou]/i.test(quality) ? 'an' : 'a') : article} ` : ''}${quality} ${noun}`);
  const verb = /^(\w+)\s+(.+)$/.exec(declared);
  const doer = verb && DOERS[verb[1].toLowerCase()];
  return doer ? `${doer} of ${verb[2]}` : declared;
}

/** "be kept at no less than 68 degrees", "be enclosed by a fence": a passive act, whose heading is what it is said of. */
export const PASSIVE = /^be\s+(?:\w+(?:ed|en)|kept|built|sent|left|held|paid|made|shut|set|put)\b/i;

/** Duties a heading names by their noun: "register each hive" -> "hive registration". */
const DUTY_NOUNS: Record<string, string> = { register: 'registration', inspect: 'inspection', license: 'licensing', vaccinate: 'vaccination', test: 'testing', label: 'labeling', remove: 'removal', tell: 'disclosure', inform: 'disclosure', warn: 'warning', remind: 'reminder', disclose: 'disclosure', report: 'reporting', insure: 'insurance', microchip: 'microchipping', spay: 'spaying', neuter: 'neutering', repair: 'repair', clean: 'cleaning', shovel: 'shoveling', mow: 'mowing', trim: 'trimming', maintain: 'maintenance', install: 'installation', replace: 'replacement', notify: 'notice', post: 'posting' };

/** A new section's heading: "Beekeepers; fresh water source", "Sky lanterns", "Beekeepers; hive registration". */
export function ruleHeading(r: RuleRequest): string {
  // A rule the request names is headed by its name ("Right to disconnect").
  if (r.name) return capitalize(r.name);
  if (r.absent) return capitalize(r.about ?? r.core);
  const topics = ruleTopics(r);
  const actor = topics.actor ? headingActor(topics.actor) : null;
  // A heading names its object, not all it says: "log of the hours each leaf blower is used" -> "log".
  const object = headingObject(topics.object, r.core);
  const long = object && object.split(/\s+/).length > 5 ? object.split(/\s+(?:of|for|to|from|in|on|at|with|by)\s+/i)[0] : object;
  // "face recognition technology or information derived": a long object by its first alternative.
  const named = long && long.split(/\s+/).length > 3 && / or /.test(long) && long.split(' or ')[0].split(/\s+/).length >= 2 ? long.split(' or ')[0] : long;
  // An act with no object ("a vehicle's alarm … sound for more than 5 minutes") is headed by what it binds alone.
  // (An object the heading's actor already names says nothing more: "Persons with a dog in a public park", not "…; dog".)
  const actorWords = new Set(actor ? contentWords(actor) : []);
  const said = (x: string) => actor !== null && contentWords(x).every((w) => actorWords.has(w));
  const duty = r.negative || r.cap ? undefined : DUTY_NOUNS[r.core.split(/\s+/)[0]?.toLowerCase() ?? ''];
  if (actor && (!named || named.toLowerCase() === r.core.toLowerCase() || (!duty && said(named)) || (!r.about && PASSIVE.test(r.act)))) {
    // "Landlords must tell anyone who applies …": whom the act is done to is no object; the duty's noun says what the section is about.
    return capitalize(!named && duty ? `${actor}; ${duty}` : actor.replace(/['’]s\s+/, ' '));
  }
  if (!named) return capitalize(actor ?? topics.object);
  // A one-word object says little alone: with its duty's noun it says what the section is about ("Beekeepers; hive registration").
  const headed = duty && !/\s/.test(named) ? `${named.replace(/(?<![su])s$/i, '')} ${duty}` : named;
  return capitalize(actor ? `${actor}; ${headed}` : headed);
}

/** "restaurant" -> "restaurants", "grocery" -> "groceries", "bus" -> "buses": a heading names a class. */
const plural = (word: string) => (/(?:s|x|z|ch|sh)$/i.test(word) ? `${word}es` : /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
/** "swimming pool or hot tub" -> "swimming pools or hot tubs": each alternative's last word. */
const pluralPhrase = (phrase: string) => phrase.split(/\s+(and|or)\s+/).map((part, i) => (i % 2 ? part : part.replace(/(\S+)$/, (w) => (/s$/i.test(w) ? w : plural(w))))).join(' ');
/** A class named by one of its members ("every restaurant", "any shop", "each plot holder", "one vehicle"). */
const ONE_OF = /^(?:every|each|any|a|an|one)\s+/i;
/** Whom a heading cannot name alone: anyone at all. */
const GENERIC_PERSON = /^(?:anyone|anybody|everyone|everybody|someone|persons?|people|individuals?)$/i;
/** Words beyond which a list of classes is named by its last noun. */
const LONG_CLASS = 7;
/** What narrows a class after its noun: "with 50 or more employees", "deeper than 24 inches", "licensed to serve alcohol", "under 17 years of age". */
const QUALIFIER = /\s+(?:(?:with|who|that|which|whose|under|over|licensed|driving|operating|holding|using)\b|\w+er\s+than\b).*$/i;

/**
 * Whom a rule binds as a heading names them: a class, in the plural, without what narrows it or how the
 * request listed it ("1. Any new multifamily building with more than 10 units" -> "New multifamily buildings",
 * "Bars and restaurants with an on-premises liquor license" -> "Bars and restaurants"). Null for anyone at all.
 */
function headingActor(phrase: string): string | null {
  const listed = phrase.replace(/^\s*(?:\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/i, '').replace(/[:;,]+\s*$/, '').replace(/,\s+including\b.*$/i, '').replace(/\s+(?:also|too)$/i, '').trim();
  const one = ONE_OF.test(listed);
  const bare = listed.replace(ONE_OF, '').replace(/^(?:the|all|no)\s+/i, '');
  // "Anyone driving on a provisional permit": after anyone at all, whatever follows narrows it, and names them as persons.
  const first = bare.split(/\s+/)[0];
  if (GENERIC_PERSON.test(first)) return first === bare ? null : `Persons ${bare.slice(first.length).trim()}`;
  const narrowed = bare.replace(QUALIFIER, '').trim() || bare;
  // A list of classes named at length ("D.C. public and public charter middle school and high school") by its last noun.
  const words = narrowed.split(/\s+/);
  if (words.length > LONG_CLASS && /\s(?:and|or)\s/.test(narrowed) && !/\s(?:of|in|on|at|for|to|by)\s/i.test(narrowed)) return plural(words.at(-1)!);
  return one ? pluralPhrase(narrowed) : narrowed;
}

/** Whom an act is done to, not what it acts on: "tell anyone who applies", "give tenants …". */
const PERSON_OBJECT = /^(?:anyone|anybody|everyone|everybody|someone|them|him|her|it|they|this|these|those|one)$/i;
/** The person an act is done for, before what is given: "charge tenants a convenience fee" -> "convenience fee". */
const TO_WHOM = /^(?:[a-z]+s|children|people)\s+(?:a|an|any|their)\s+(?=\S)/i;
/**
 * What a heading leaves out of an object: the clause that says when ("whenever they have live music"), the comparison
 * ("more often than once", its "than" within a few words, so the reader stays linear in a long request), the purpose ("to keep each unit …").
 */
const OBJECT_TAIL = /\s+(?:(?:whenever|when|while|if|unless|until|because|whether|where)\b|(?:(?:no|not)\s+)?(?:more|less|fewer|longer|later|earlier|often)\s+(?:\S+\s+){0,4}?than\b|to\s+(?:keep|make|ensure|allow|prevent)\b).*$/i;
/** A word that says the state the object is kept in: "keep free period products stocked", "leave a dog unattended". */
const STATE_WORD = /\s+(?:stocked|closed|open|opened|unattended|audible|sufficient|clean|clear|locked|secured|covered|lit|available|posted|visible|running|idling|on hand|on site|in stock|in place|at all times)$/i;
/** Acts whose object is whom they are done to: the heading names the duty by its noun ("Landlords; disclosure"). */
const TOLD = /^(?:tell|inform|notify|warn|remind)\s/i;
/** Words that begin no thing: "can get out of any room", "prohibited from parking", "to brief the committee". */
const NO_THING = /^(?:can|could|may|must|shall|should|will|would|to|be|being|is|are|prohibited|kept|ok|okay)\b/i;

/** What a rule acts on as a heading names it, or null when the request's words name no thing. */
function headingObject(object: string, core: string): string | null {
  // "tell prospective tenants whether …", "notify neighbors before …": these acts are done to a person, never to a thing.
  if (TOLD.test(core)) return null;
  const whole = object.replace(TO_WHOM, '').replace(OBJECT_TAIL, '').replace(STATE_WORD, '').trim();
  if (!whole || PERSON_OBJECT.test(whole) || NO_THING.test(whole)) return null;
  // One word that is the act itself ("idle", "vend", "enclosed", "never run"): no object.
  const verb = core.replace(/^(?:never|also|not|always|only)\s+/i, '').split(/\s+/)[0];
  if (!/\s/.test(whole) && (verb.toLowerCase() === whole.toLowerCase() || /ed$/i.test(whole))) return null;
  return whole;
}

/**
 * The rule as a long title's purpose ("To amend … to require beekeepers to keep …"), for a request
 * whose own words make none ("makes beekeepers keep …" is not a verb a title starts with).
 */
export function rulePurpose(given: RuleRequest): string {
  // Said mid-sentence, whom it binds loses the capital of the request's first word ("to provide that residents shall …"), a name keeps its own.
  const common = (x: string | null) => (x && /^[A-Z][a-z]+(?:\s+[a-z]|$)/.test(x) && !/^(?:District|City|County|Council|Mayor|Department|Board|Office|Commission|Metropolitan|Washington)\b/.test(x) ? x[0].toLowerCase() + x.slice(1) : x);
  const r = { ...given, actor: common(given.actor), thing: given.thing && common(given.thing)! };
  if (r.cap) return `cap ${r.cap.what} at ${r.cap.limit}`;
  if (r.absent) return `prohibit ${r.act}`;
  if (r.thing) return `require ${r.thing} to ${r.act}`;
  if (r.none && r.actor) return `provide that no ${r.actor} shall ${r.act}`;
  if (!r.negative && r.actor) return `require ${r.actor} to ${r.act}`;
  return `provide that ${r.actor ?? (r.negative ? 'no person' : 'a person')} shall ${r.negative && r.actor ? 'not ' : ''}${r.act}`;
}

/** A text without the names of bodies that hold "Enforcement" ("the Code Enforcement Division", "Housing Code Enforcement"): a name says nothing of who enforces this rule. */
export const withoutEnforcementNames = (text: string) => text.replace(/\b(?:[A-Z][\w-]*\s+)+Enforcement(?:\s+[A-Z][\w-]*)*/g, ' ');
/** A sentence about a fine, a penalty or who enforces: read by the provision's own clauses (provision.ts). */
const SANCTION = /\b(?:fines?|penalt(?:y|ies)|enforc\w*)\b/i;
/** "It should not apply to natural stones like granite or marble", "Should apply to self-service stations too", "Apply it to hotels of every size". */
const SCOPE = /^(?:(?:it|this|they|these|the\s+(?:ban|rule|requirements?|ordinance|law|prohibition|bill))\s+)?(?:(?:should|shall|must|would|will|does|do)(?:\s+(not|also)|(n['’]?t))?\s+)?(?:also\s+)?apply(?:\s+(?:it|this|them))?\s+(?:also\s+)?to\s+(.+?)(?:,?\s+(?:too|as\s+well))?$/i;
/** "Exempt New Year's Eve", "Exempt emergency response workers during an active emergency". */
const EXEMPT = /^(?:exempt|exceptions?\s*(?::|are|include)|except\s+for|not\s+covered\s*:)\s*(.+?)()$/i;
/** "TNR colonies registered with Animal Control aren't covered", "Bird feeders are fine as long as they're at least 5 ft off the ground", "One vehicle under a car cover should be ok". */
const NOT_COVERED = /^(.+?)\s+(?:are|is)(?:\s*n['’]?t|\s+not)\s+(?:covered|included|affected)$|^(.+?)\s+(?:are|is|(?:should|would|will|can)\s+be)\s+(?:fine|ok|okay|exempt|still\s+allowed|allowed)(?:\s+(?:if|as\s+long\s+as|provided(?:\s+that)?|when)\s+(.+))?$/i;
/** "Political and religious literature should be left out of the restriction except where …": an exemption, and the case it still holds in. */
const LEFT_OUT = /^(.+?)\s+(?:should|shall|would|will|must)\s+be\s+(?:left\s+out|excluded|carved\s+out|kept\s+out)(?:\s+(?:of|from)\s+(?:the\s+)?(?:restriction|ban|rule|requirements?|ordinance|prohibition|this|it|them))?(?:,?\s+((?:except|unless)\s+.+))?$/i;
/** Whether a request's sentence only exempts ("… should be ok", "exceptions: …", "… are exempt"): it states no rule to draft. */
export const isExemption = (sentence: string) => {
  const text = sentence.replace(/[.!?\s]+$/, '').trim();
  return [EXEMPT, EXEMPTED, NOT_COVERED, LEFT_OUT].some((pattern) => pattern.test(text));
};
/** Repeated violations that cost a permit: how many, in how many months, suspended or revoked, for how long, by whom. */
const PERMIT_NAME = String.raw`((?:[\w-]+\s+){0,2}(?:permit|license|licence))`;
const REPEATED = new RegExp(
  String.raw`^(\d+|two|three|four|five|six)\s+violations?\s+(?:in|within)\s+(?:a\s+|any\s+)?(\d+)[- ]months?(\s+period)?,?\s+(?:and\s+|can\s+|will\s+|may\s+|shall\s+|should\s+)?(?:(?:lead\s+to|result\s+in|mean|means)\s+(?:the\s+)?(suspension|revocation)\s+of\s+(?:the\s+)?${PERMIT_NAME}|(?:the\s+)?${PERMIT_NAME}\s+(?:gets|is|will\s+be|shall\s+be|should\s+be)\s+(suspended|revoked))(?:\s+for\s+((?:one|two|three|\d+)\s+(?:years?|months?|days?)))?(?:\s+by\s+(.{3,80}))?$`,
  'i',
);
/** "72 hours posted notice before …", "48 hours' written notice prior to …". */
const NOTICE_BEFORE = /^(\d{1,3}\s+(?:hours?|days?|weeks?|months?))['’]?\s+(?:(posted|written|mailed|published)\s+|advance\s+|public\s+)?notice\s+(?:before|prior\s+to|ahead\s+of)\s+(.{3,200})$/i;
/** An exemption said as a time or case ("during a declared emergency", "while on duty"). */
const WHEN_EXEMPT = /^(?:during|while|when|whenever|if|in\s+(?:the\s+)?case\s+of)\b/i;
/** An exemption said as what a person is doing or how ("accompanied by a parent or guardian", "traveling to or from work"). */
const PERSON_EXEMPT = /^\w+(?:ed|ing)\s+(?:by|to|from|for|with|under|on|at|in)\b/i;
/** An exemption of a day ("New Year's Eve", "Sundays") is "on" it, not "to" it. */
const A_DAY = /\b(?:Eve|Day|holidays?|weekends?|(?:Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)days?)$/i;
/** "School buses … are exempt, as are all vehicles when …". */
const EXEMPTED = /^(.+?)\s+(?:are|is|shall\s+be|should\s+be|would\s+be|will\s+be)\s+exempt(?:ed)?(?:,\s+as\s+(?:are|is)\s+(.+))?$/i;
/** "Applies to retail stores with 20 or more employees": whom the list that follows binds. */
const APPLIES_TO = /^(?:it\s+|this\s+|the\s+(?:rule|ordinance|law|bill)\s+)?applies\s+(?:only\s+)?to\s+(.+)$/i;
/** "- post work schedules …", "• pay …", "2. offer …": an item of a list. */
const BULLET = /^\s*(?:[-•*–]|\d{1,2}[.)])\s+(.+)$/;
/** A list's item that is a duty of whom the list binds: its verb first, after a modal or a "not" ("must keep …", "not rent …"). */
const LISTED_DUTY = new RegExp(String.raw`^(?:(?:must|shall|should|has\s+to|have\s+to)\s+)?(?:(not|never)\s+)?((?:${DUTY_VERBS}|${FORBIDDEN_VERBS})\b.*)$`);
/** A permit's term, what it allows and its fee, as a request says them ("The permit is good for up to 14 days and can be renewed once", "Permit allows up to 6 hens", "Permit fee $25"). */
const PERMIT_WORD = String.raw`(?:the\s+|a\s+|each\s+|every\s+)?(?:(?:annual|new|[\w-]+-of-way|vendor|special)\s+)?(permit|license|licence|registration)`;
const PERMIT_VALID = new RegExp(String.raw`^${PERMIT_WORD}\s+(?:is|shall\s+be|will\s+be|would\s+be|should\s+be)\s+(?:good|valid)\s+for\s+(?:up\s+to\s+|a\s+maximum\s+of\s+|no\s+more\s+than\s+)?(.{2,60}?)(?:,?\s+and\s+(?:can|may|could)\s+be\s+renewed(\s+.{2,60})?)?$`, 'i');
const PERMIT_ALLOWS = new RegExp(String.raw`^${PERMIT_WORD}\s+(?:allows|permits|covers)\s+(?:up\s+to|a\s+maximum\s+of|no\s+more\s+than|at\s+most)\s+(.{2,80})$`, 'i');
const PERMIT_FEE = new RegExp(String.raw`^${PERMIT_WORD}\s+fee\s*(?:is|of|:|shall\s+be|will\s+be|should\s+be|would\s+be)?\s*(\$\d[\d,]*(?:\.\d\d)?)(.{0,80})$`, 'i');
export function permitTermOf(sentence: string): string | null {
  const valid = PERMIT_VALID.exec(sentence);
  if (valid) return `A ${valid[1].toLowerCase()} issued under this section shall be valid for not more than ${valid[2]}${valid[3] !== undefined || /renew/i.test(sentence) ? ` and may be renewed${valid[3] ?? ''}` : ''}.`;
  const allows = PERMIT_ALLOWS.exec(sentence);
  if (allows) return `A ${allows[1].toLowerCase()} issued under this section shall allow not more than ${allows[2]}.`;
  const fee = PERMIT_FEE.exec(sentence);
  if (fee) return `The fee for a ${fee[1].toLowerCase()} under this section shall be ${fee[2]}${fee[3].trim() ? ` ${fee[3].trim().replace(/^[,;]\s*/, '')}` : ''}.`;
  return null;
}

/** A duty written as a note: whom it binds (a class a statute binds), then "to" and the duty's verb, no modal. */
const NOTED_DUTY = new RegExp(String.raw`^((?:all\s+|every\s+|each\s+)?(?:owners?|operators?|landlords?|employers?|businesses|vendors?|contractors?|retailers?|restaurants?|stores?|property\s+managers?|developers?|applicants?|permit\s+holders?|licensees?)\b(?:(?!\b(?:will|shall|must|should|would|can|may|required|need|needs|have|has|want|wants|able|allowed|going|used|ought|expected|asked|permitted|encouraged|like|trying|plan|plans|wish|wishes)\b).){0,150}?)\s+to\s+(${DUTY_VERBS})\b(.*)$`, 'i');

/** "… need short-term bike racks for at least 8 bicycles": a thing a class must have (not "need to", not "need help", not what "we need"). */
const NEEDS_THING = /^.{3,120}?(?<!\b(?:we|i|you|they|he|she|it|us)\s*)\s+needs?\s+(?!to\b|(?:a|an|the|at\s+least|more|less|help|something|someone)\b)[a-z]/i;
/** A later sentence states a rule itself: a modal or "No … may". */
const STATES_RULE = /\b(?:must|shall|may\s+not|may\s+only|cannot|can['’]?t|should|would|(?:has|have|need|needs|required)\s+to|prohibited|not\s+(?:allowed|permitted)|(?:can|may)\s+(?:only\s+)?be\s+\w+\s+only\s+(?:if|when|where))\b|^no(?:\s|body\b)|^(?:require|prohibit|ban|bar|forbid|make\s+it|limit|cap|set\s+a\s+maximum|mandate)\b/i;

/**
 * What a request says in its sentences after the one that asks, as a statute says it (issue 32):
 * further rules ("No District agency, including MPD, may obtain …", "Every gas station … should have to
 * let customers fill their tires for free") and the rules' scope ("It should not apply to natural
 * stones" -> "{rules} shall not apply to natural stones such as granite or marble."). What a request
 * says before it asks is its reason ("Students shouldn't miss class …"), never a rule; a fine and who
 * enforces are the provision's own clauses.
 */
export function laterRules(request: string, subject: string): { rules: RuleRequest[]; scope: string[] } {
  const sentences = requestClauses(request);
  const head = subject.slice(0, 40).toLowerCase();
  const asking = sentences.findIndex((x) => x.toLowerCase().includes(head));
  const rules: RuleRequest[] = [];
  const scope: string[] = [];
  if (asking < 0) return { rules, scope };
  // Whom a list of duties binds: "Applies to retail stores with 20 or more employees.", else whom the asked rule binds.
  let listBinds: string | null = ruleOf(subject)?.actor ?? null;
  let appliesTo: string | null = null;
  for (const sentence of sentences.slice(asking + 1)) {
    const said = sentence.replace(/[.!?\s]+$/, '').trim();
    // ("Bird feeders are fine as long as …" says nothing of a fine.)
    // (Nor does "register … with the Code Enforcement Division" say who enforces: a body's name is no sanction.)
    if (!said || SANCTION.test(withoutEnforcementNames(said.replace(/\b(?:is|are|be|['’]re|['’]s)\s+fine\b/gi, ' ')))) continue;
    const item = BULLET.exec(said);
    // An item that is a sentence of its own ("4. Applies to …", "1. Any new building must …"): its marker is no word of it.
    const text = item ? item[1] : said;
    const whom = APPLIES_TO.exec(text);
    if (whom) {
      listBinds = appliesTo = whom[1].trim();
      continue;
    }
    // "- post work schedules at least 14 days in advance", "- must keep 6 feet clear": a duty of a list, said without
    // whom it binds ("- tables and chairs brought inside by 11 p.m." names no duty of theirs).
    const listed = item && listBinds ? LISTED_DUTY.exec(item[1]) : null;
    if (listed) {
      const duty = rule(listBinds, !!listed[1], listed[2]);
      if (duty) {
        rules.push(duty);
        appliesTo = null;
        continue;
      }
    }
    // "buildings less than 2 years old are exempt from the first report": exempt from one duty, not from the section.
    const exemptFrom = /^(.{3,120}?)\s+(?:are|is|shall\s+be|should\s+be|would\s+be|will\s+be)\s+exempt(?:ed)?\s+from\s+(.{3,120})$/i.exec(text);
    if (exemptFrom && !/^(?:it|this|they|we)$/i.test(exemptFrom[1].trim())) {
      scope.push(`${capitalize(exemptFrom[1].trim())} shall be exempt from ${exemptFrom[2].trim()}.`);
      continue;
    }
    const exempt = EXEMPT.exec(text) ?? EXEMPTED.exec(text);
    if (exempt) {
      // ("School buses …" opened the sentence: mid-sentence it is "school buses …".)
      // (A sentence the request did not end before a figure, "… by the Health Officer. 72 hours posted notice …", ends there.)
      // ("exceptions: invasive species control, public health emergencies declared by …": a list said with commas alone is each of them.)
      const first = exempt[1].split(/\.\s+(?=\d)/)[0];
      const listed = !/\b(?:and|or)\b/i.test(first) && first.split(/,\s+/).every((x) => x.split(/\s+/).length <= 8) ? first.split(/,\s+/) : [first];
      const whom = [...listed, exempt[2]]
        .filter((x): x is string => !!x)
        .map((x) => x.trim())
        .map(midSentence)
        // "during a public health emergency" is when; "accompanied by a parent, traveling to or from work" is a person who is so.
        .map((x) => (WHEN_EXEMPT.test(x) ? x : PERSON_EXEMPT.test(x) ? `to a person who is ${x}` : `${A_DAY.test(x) ? 'on' : 'to'} ${x}`));
      // ("… to a person who is supervised by a lifeguard or training with the fire department": persons so are one class.)
      const PERSON = 'to a person who is ';
      const said = whom.length > 1 && whom.every((x) => x.startsWith(PERSON)) ? [`${PERSON}${series(whom.map((x) => x.slice(PERSON.length)), 'or')}`] : whom;
      scope.push(`{rules} shall not apply ${series(said, 'or', true)}.`);
      continue;
    }
    // "Three violations in a 36-month period and the license gets revoked for one year", "Three violations in 12 months can lead to
    // suspension of the entertainment permit by the Entertainment Commission": what repeated violations cost the permit.
    const repeated = REPEATED.exec(text);
    if (repeated) {
      const [, count, months, period, action, permitOf, permitGets, passive, term, body] = repeated;
      const permit = (permitOf ?? permitGets ?? 'license').trim().toLowerCase();
      const revoke = /revo/i.test(action ?? passive ?? '');
      const by = body ? capitalize(/^the\s/i.test(body) ? body.trim() : `the ${body.trim()}`) : '[The licensing agency]';
      scope.push(`${by} ${revoke ? 'shall revoke' : 'may suspend'} the ${permit} of a holder who commits ${count.toLowerCase()} violations of this section within ${period ? `a ${months}-month period` : `${months} months`}${term ? `, for ${term.trim()}` : ''}.`);
      continue;
    }
    // "72 hours posted notice before any other pesticide application on city land": notice, and how long before what.
    const notice = NOTICE_BEFORE.exec(text);
    if (notice) {
      scope.push(`Notice shall be ${notice[2] ? notice[2].toLowerCase() : 'given'} at least ${notice[1]} before ${notice[3]}.`);
      continue;
    }
    const term = permitTermOf(text);
    if (term) {
      scope.push(term);
      continue;
    }
    const covered = NOT_COVERED.exec(text);
    if (covered && !/^(?:it|this|that|they|we|you|i)$/i.test((covered[1] ?? covered[2]).trim())) {
      const what = (covered[1] ?? covered[2]).trim();
      // "as long as they're at least 5 ft off the ground" says which of them: "that are at least 5 ft off the ground".
      const which = covered[3] ? (/^(?:they|it)(?:['’]re|['’]s|\s+are|\s+is)\s+/i.test(covered[3]) ? ` that ${/^it/i.test(covered[3]) ? 'is' : 'are'} ${covered[3].replace(/^(?:they|it)(?:['’]re|['’]s|\s+are|\s+is)\s+/i, '')}` : ` if ${covered[3]}`) : '';
      scope.push(`{rules} shall not apply to ${midSentence(what)}${which}.`);
      continue;
    }
    const left = LEFT_OUT.exec(text);
    if (left && !/^(?:it|this|that|they|we|you|i)$/i.test(left[1].trim())) {
      scope.push(`{rules} shall not apply to ${midSentence(left[1].trim())}${left[2] ? `, ${left[2].trim()}` : ''}.`);
      continue;
    }
    const applies = SCOPE.exec(text);
    if (applies) {
      const to = applies[3].replace(/\s+like\s+/i, ' such as ').trim();
      scope.push(`{rules} shall ${applies[1]?.toLowerCase() === 'not' || applies[2] ? 'not ' : ''}apply to ${to}.`);
      continue;
    }
    // "owners of commercial buildings over 50,000 square feet … to report annual energy usage …": a note's duty, said without "must".
    const noted = NOTED_DUTY.exec(text);
    if (noted) {
      const duty = rule(noted[1], false, `${noted[2]}${noted[3]}`);
      if (duty) {
        rules.push(duty);
        continue;
      }
    }
    if (!STATES_RULE.test(text) && !NEEDS_PERMIT.test(text) && !NEEDS_THING.test(text) && !NO_THING_DONE.test(text)) continue;
    const found = ruleOf(text);
    if (found && !found.unnamedAct) {
      rules.push(found);
      // A list's item that names whom it binds ("- restaurants need an annual permit") binds the items after it that name no one ("- must keep 6 feet clear").
      if (item && found.actor) listBinds = found.actor;
    }
  }
  // A class the request named for no list ("Applies to hotels of every size.") is the rules' scope.
  if (appliesTo) scope.push(`{rules} shall apply to ${appliesTo}.`);
  return { rules, scope };
}

/**
 * The rule a request asks for: its asking sentence's, unless that names no act ("Ban facial
 * recognition.") and a later sentence states the rule ("No District agency … may obtain …").
 */
export function requestRule(subject: string, request: string): RuleRequest | null {
  const asked = ruleOf(subject);
  if (asked && !asked.unnamedAct) return asked;
  // A request that names only its topic ("regulating digital billboards", "Community gardens ordinance", or
  // a reason: "Heat illness … went up last summer. Require …") takes the rule its later sentences state;
  // one that asks for what is no rule ("creating a program") keeps none.
  if (!asked && /^(?:creat|establish|fund|appropriat|authoriz|approv|amend|repeal|increas|rais|reduc|lower|extend|chang)\w*\b/i.test(subject)) return null;
  return laterRules(request, subject).rules[0] ?? asked;
}
