/**
 * A new rule as a request asks for it, read without a model (issue 32): who it binds, whether it
 * commands or forbids, and the act, in the base form a statute writes ("Beekeepers shall keep a
 * fresh water source within 20 feet of each hive"). Requests say a rule many ways: "requiring X to
 * V", "makes X V", "prohibiting X from V-ing", "banning the sale of X", "banning V-ing", "saying
 * that X must V", "no one may V unless", "X: operators must V", "capping X at Y". What the request
 * says after the rule (why, a fine, a second duty) is not the rule's act.
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
}

/** Verbs a "makes X V" request commands with (X's end is the verb). */
const DUTY_VERBS =
  'keep|give|provide|post|use|pay|carry|install|clear|remove|register|obtain|maintain|notify|display|allow|ensure|have|hold|file|submit|wear|stop|close|follow|take|get|put|show|accept|offer|inspect|disclose|publish|collect|repair|replace|clean|leash|insure|spay|neuter|vaccinate|microchip|shovel|mow|trim|verify|inform|warn|tell|designate|reduce|shut|lock|unlock|attend|apply|send|retain|livestream|stream|broadcast|make|let|hire|train';

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
  const joiner = /\band\b/i.test(m[1]) ? 'and' : 'or';
  const list = verbs.length <= 2 ? verbs.join(` ${joiner} `) : `${verbs.slice(0, -1).join(', ')}, ${joiner} ${verbs.at(-1)}`;
  return `${list}${m[2]}`;
}

/** What a statute says for the request's modal verbs: "must" -> "shall", "may not" -> "shall not". */
const statuteModals = (text: string) => text.replace(/\b(?:must|may|can|should)\s+not\b|\bcannot\b|\bcan['’]t\b/gi, 'shall not').replace(/\b(?:must|should|will\s+have\s+to|have\s+to|has\s+to)\b/gi, 'shall');

/** The request's words without asides: "sky lanterns -- the paper lanterns ... --", "(such as ...)", ", such as ..., ". */
function withoutAsides(text: string): string {
  return text
    .replace(/\s+(?:--|—|–)\s+.*?(?:\s+(?:--|—|–)\s+|$)/g, ' ')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/,\s+(?:such\s+as|like|including|e\.g\.)\s+[^,]*,/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where the rule's act ends: a reason, a fine, a second request. */
const ACT_END = /,?\s+(?:so\s+(?:that\s+)?|because|since|in\s+order\s+to)\b|,\s+when\b|,?\s+with\s+(?:a|an)\s+(?:\$[\d,]+\s+)?(?:civil\s+)?(?:fine|penalty)\b|,?\s+and\s+(?:set(?:ting)?|impos(?:e|ing)|establish(?:ing)?|add(?:ing)?|provid(?:e|ing)\s+for|requir\w*|require)\s|,?\s+(?:to\s+be\s+)?enforced\s+by\b|,\s+and\s+(?=\w+ing\b)|[.;](?:\s|$)/i;
const cutAct = (act: string) => {
  const end = ACT_END.exec(act);
  return (end ? act.slice(0, end.index) : act).replace(/[.,;:\s]+$/, '').trim();
};

/** The act without what says when, where or how much: "keep a fresh water source" (the home is found by what the rule is about). */
const CONDITION = /\s+(?:unless|except|between|within|at\s+least|no\s+(?:more|less|later|earlier)\s+than|more\s+than|less\s+than|before|after|during|from\s+\w+\s+\d|by\s+\d|on\s+or\s+before|at\s+any\s+time|every\s+(?:day|week|month|year|\d+))\b.*$/i;
const coreOf = (act: string) => act.replace(CONDITION, '').trim();

const actorOf = (phrase: string): string | null => {
  const actor = phrase.replace(/^(?:that|the\s+council\s+)\s*/i, '').trim();
  return !actor || ANYONE.test(actor) ? null : actor;
};

function rule(actor: string | null, negative: boolean, act: string): RuleRequest | null {
  const cut = cutAct(statuteModals(act));
  if (!cut) return null;
  return { actor: actor ? actorOf(actor) : null, negative, act: cut, core: coreOf(cut) };
}

const NOMINAL_ACTS: Record<string, string> = { sale: 'sell', use: 'use', operation: 'operate', possession: 'possess', distribution: 'distribute', display: 'display', installation: 'install', storage: 'store', release: 'release', feeding: 'feed', launch: 'launch' };

/** The rule a request asks for, or null when it asks in no form read here. */
export function ruleOf(subject: string): RuleRequest | null {
  const s = withoutAsides(subject).replace(/^(?:an?\s+)?(?:ordinance|bill|law)\s+(?:that\s+|which\s+|to\s+)?/i, '').trim();

  // "... : operators must be licensed, must show ..." (a rule after a colon).
  // Found by position, not by one pattern over the whole request: that pattern backtracked at every colon (quadratic).
  const at = s.indexOf(':');
  const modal = at >= 0 ? /\s(must\s+not|may\s+not|shall\s+not|cannot|must|shall)\s+/i.exec(s.slice(at + 1)) : null;
  const colon = modal && s.slice(at + 1, at + 1 + modal.index).trim() ? [s, s.slice(0, at), s.slice(at + 1, at + 1 + modal.index).trim(), modal[1], s.slice(at + 1 + modal.index + modal[0].length)] : null;
  if (colon && colon[4]) {
    const found = rule(colon[2], /not/i.test(colon[3]), colon[4]);
    // "regulating cryptocurrency kiosks, the machines that ...: operators must ...": what the rule is about is said before the colon.
    const about = colon[1].replace(/^(?:regulat\w*|govern\w*|on|about|concerning|for|to\s+protect|protect\w*)\s+/i, '').split(/\s*,\s*|\s+from\s+/)[0].trim();
    return found && about ? { ...found, about } : found;
  }

  let m = /^(?:requir(?:e|es|ing)|forc(?:e|es|ing)|obligat(?:e|es|ing)|direct(?:s|ing)?|order(?:s|ing)?|mandat(?:e|es|ing))\s+(.+?)(?<!\b(?:have|has|had|need|needs|ought|used|able|going))\s+to\s+(.+)$/i.exec(s);
  if (m) return rule(m[1], false, m[2]);
  m = new RegExp(String.raw`^(?:mak(?:e|es|ing)|hav(?:e|es|ing)|get(?:s|ting)?)\s+(.+?)\s+((?:${DUTY_VERBS})\b.*)$`, 'i').exec(s);
  if (m) return rule(m[1], false, m[2]);
  m = new RegExp(String.raw`^(?:prohibit|ban|bar|stop|forbid|prevent|keep|restrict)\w*\s+(.+?)\s+from\s+(${GERUND}\b.*)$`, 'i').exec(s);
  if (m) return rule(m[1], true, baseOfGerunds(m[2]));
  m = /^(?:saying|stating|providing|declaring|so|ensuring)\s+(?:that\s+)?(.+?)\s+(must\s+not|may\s+not|shall\s+not|cannot|can['’]t|must|shall|may\s+only|may|should|can)\s+(.+)$/i.exec(s);
  if (m) {
    const nobody = /^(?:no\s+one|nobody|no\s+person)$/i.test(m[1].trim());
    return rule(m[1], nobody || /not|n['’]t/i.test(m[2]), m[3]);
  }
  // "exempting diapers and baby wipes from the District's sales tax": what is exempt, and from what.
  m = /^(?:exempt(?:s|ing)?)\s+(.+?)\s+from\s+(.+)$/i.exec(s);
  if (m) {
    const from = cutAct(m[2]).replace(/,\s+(?:starting|beginning|effective)\b.*$/i, '');
    return { actor: m[1].trim(), negative: false, act: `be exempt from ${from}`, core: `be exempt from ${from}`, about: `${from.replace(/^(?:the\s+)?(?:District['’]s\s+)?/i, '')} exemptions` };
  }
  m = /^(?:cap|caps|capping)\s+(.+?)\s+at\s+(.+)$/i.exec(s);
  if (m) {
    const limit = cutAct(m[2]);
    return { actor: null, negative: false, act: '', core: m[1].trim(), cap: { what: m[1].trim(), limit } };
  }
  m = /^(?:prohibit|ban|bar|forbid|outlaw)\w*\s+(?:the\s+)?(\w+)\s+of\s+(.+)$/i.exec(s);
  if (m && NOMINAL_ACTS[m[1].toLowerCase()]) return rule(null, true, `${NOMINAL_ACTS[m[1].toLowerCase()]} ${m[2]}`);
  m = new RegExp(String.raw`^(?:prohibit|ban|bar|forbid|outlaw)\w*\s+(${GERUND}\b.*)$`, 'i').exec(s);
  if (m) return rule(null, true, baseOfGerunds(m[1]));
  // "banning plastic straws": the act forbidden is the drafter's to name.
  m = /^(?:prohibit|ban|bar|forbid|outlaw)\w*\s+(.+)$/i.exec(s);
  if (m) return rule(null, true, `[sell, use, or distribute] ${m[1]}`);
  // "X must V" said plainly ("landlords must give 60 days' notice").
  m = /^(.+?)\s+(must\s+not|may\s+not|shall\s+not|cannot|must|shall)\s+(.+)$/i.exec(s);
  if (m && m[1].split(/\s+/).length <= 8) return rule(m[1], /not/i.test(m[2]), m[3]);
  return null;
}

/** The rule as a statute's sentence: "Beekeepers shall keep ...", "A person shall not sell ...". */
export function ruleSentence(r: RuleRequest): string {
  if (r.cap) return `${capitalize(r.cap.what.replace(/^(?!the\s)/i, 'the '))} shall not exceed ${r.cap.limit}.`;
  const actor = r.actor ? capitalize(r.actor) : 'A person';
  return `${actor} shall ${r.negative ? 'not ' : ''}${r.act.replace(/^shall\s+/i, '')}.`.replace(/\.\.$/, '.');
}

const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "anyone who owns a dog that has been declared dangerous" -> "anyone"; "owners of vacant buildings" stays. */
const withoutClause = (phrase: string) => phrase.replace(/\s+(?:who|that|which|whose|where)\b.*$/i, '').trim();
/** "launch, land, or fly", "exclude or evict", "make sure": the verbs an act starts with. */
const LEADING_VERBS = /^(?:make\s+sure\s+(?:that\s+)?|ensure\s+(?:that\s+)?)?\w+(?:\s*,\s*(?:(?:or|and)\s+)?\w+|\s+(?:or|and)\s+\w+)*(?:\s+(?:up|out|off|down|away|back)\b)?\s+/i;
/** Where an act's object ends: a list, a clause, a second duty, whom or where it is done. */
const OBJECT_END = /\s*,\s*|\s+and\s+other\s+|\s+and\s+shall\s+|\s+(?:with|to|by)\s+the\s+(?:Department|Office|Mayor|Council|Board|Commission|Director|Agency)\b|\s+(?:who|that|which|whose)\s+|\s+(?:to\s+(?:anyone|any\s+person|minors?|children|persons|people|customers)|anywhere|throughout|in\s+the\s+District)\b/i;
const firstClause = (s: string) => s.split(OBJECT_END)[0].replace(/\s+(?:of|to|for|with|on|in|at|by)$/i, '').trim();
/** "smoke" -> "smoking", "ride" -> "riding", "fly" -> "flying". */
const gerundOf = (verb: string) => (/[^e]e$/.test(verb) ? `${verb.slice(0, -1)}ing` : `${verb}ing`);

/**
 * What the rule is about, as the phrases its home is looked for by: whom it binds ("beekeepers")
 * and what it acts on ("a fresh water source"; "sky lanterns"; "smoke in sidewalk cafés").
 */
/** What an object names, without where or how it is held: "public post-election manual audits on its website" -> "public post-election manual audits". */
const headPhrase = (object: string) => object.split(/\s+(?:on|at|in|from|within|into|onto|by|with|near|inside|outside|through)\s+(?:its|their|his|her|the|a|an|each|every|any|all)\b/i)[0].trim();

export function ruleTopics(r: RuleRequest): { actor: string | null; object: string } {
  if (r.cap) return { actor: null, object: firstClause(r.cap.what.replace(/^the\s+/i, '')) };
  // "clean up after their dogs": a verb and its particle with no object ("clean up") is read with what follows it.
  const core = /^\w+\s+(?:up|out|off|down|away|back)$/i.test(r.core) ? r.act : r.core;
  const rest = core.replace(LEADING_VERBS, '');
  // "smoke in sidewalk cafés": an act with no object is its own topic ("smoking in sidewalk cafés", "cleaning up after their dogs").
  const verb = core.slice(0, core.length - rest.length).trim().split(/\s+/);
  const object = /^(?:in|on|at|near|within|inside|outside|over|along|after)\s/i.test(rest)
    ? `${[gerundOf(verb[0]), ...verb.slice(1)].join(' ')} ${firstClause(rest)}`
    : headPhrase(firstClause(rest.replace(/^(?:(?:a|an|the|any|all|its|their|every|each)\s+)+/i, ''))) || core;
  if (r.about) return { actor: r.actor ? withoutClause(r.actor) : null, object: r.about };
  if (!r.actor) return { actor: null, object };
  // "anyone who owns a dog that has been declared dangerous": whom it binds is said by its clause.
  const head = withoutClause(r.actor);
  if (!ANYONE.test(head)) return { actor: head, object };
  return { actor: r.actor.slice(head.length).replace(/^\s*(?:who|that|which)\s+/i, '').trim() || null, object };
}

/** Duties a heading names by their noun: "register each hive" -> "hive registration". */
const DUTY_NOUNS: Record<string, string> = { register: 'registration', inspect: 'inspection', license: 'licensing', vaccinate: 'vaccination', test: 'testing', label: 'labeling', remove: 'removal', disclose: 'disclosure', report: 'reporting', insure: 'insurance', microchip: 'microchipping', spay: 'spaying', neuter: 'neutering', repair: 'repair', clean: 'cleaning', shovel: 'shoveling', mow: 'mowing', trim: 'trimming', maintain: 'maintenance', install: 'installation', replace: 'replacement', notify: 'notice', post: 'posting' };

/** A new section's heading: "Beekeepers; fresh water source", "Sky lanterns", "Beekeepers; hive registration". */
export function ruleHeading(r: RuleRequest): string {
  const topics = ruleTopics(r);
  // A heading names its object, not all it says: "log of the hours each leaf blower is used" -> "log".
  const named = topics.object.split(/\s+/).length > 5 ? topics.object.split(/\s+(?:of|for|to|from|in|on|at|with|by)\s+/i)[0] : topics.object;
  // A one-word object says little alone: with its duty's noun it says what the section is about ("Beekeepers; hive registration").
  const duty = r.negative || r.cap ? undefined : DUTY_NOUNS[r.core.split(/\s+/)[0]?.toLowerCase() ?? ''];
  const object = duty && !/\s/.test(named) && !/^(?:them|it|they|this|these|those|one)$/i.test(named) ? `${named.replace(/(?<![su])s$/i, '')} ${duty}` : named;
  // A heading names without an article: "Board of Elections; …", not "The Board of Elections; …".
  return capitalize(topics.actor ? `${topics.actor.replace(/^(?:the|a|an)\s+/i, '')}; ${object}` : object);
}

/**
 * The rule as a long title's purpose ("To amend … to require beekeepers to keep …"), for a request
 * whose own words make none ("makes beekeepers keep …" is not a verb a title starts with).
 */
export function rulePurpose(r: RuleRequest): string {
  if (r.cap) return `cap ${r.cap.what} at ${r.cap.limit}`;
  if (!r.negative && r.actor) return `require ${r.actor} to ${r.act}`;
  return `provide that ${r.actor ?? (r.negative ? 'no person' : 'a person')} shall ${r.negative && r.actor ? 'not ' : ''}${r.act}`;
}
