import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_SRC } from '../../../paths';
import type { PrivacyEntityType } from '@civicdesk/contract';
import { ruleBasis, type RuleFinding } from './types';
import { luhnValid, routingNumberValid, ssnValid } from './checksums';
import { tableCells } from './tables';
import { mentionsOf, peopleInRoles, type RolePerson } from './privacy-roles';
import { escapeRegExp } from '../../../platform/regex';

/**
 * Personal data that must not be published (decision 024): recognisers in the manner of Microsoft
 * Presidio — a pattern, a checksum where the number has one (card numbers: Luhn; ABA routing
 * numbers; SSN area/group/serial rules), and the words around it, which raise or lower the
 * confidence. A hit below MIN_CONFIDENCE is not reported. Public officials named in their office
 * ("Councilmember ...", "Mayor ...") and a public building's address where a meeting is held are
 * not personal data; a city office's published phone number or role mailbox neither.
 */
export const MIN_CONFIDENCE = 0.5;

interface Hit {
  type: PrivacyEntityType;
  start: number;
  end: number;
  confidence: number;
}

const BASIS: Record<PrivacyEntityType, [string, string]> = {
  PERSON: ['D.C. Code § 2-534(a)(2)', 'Exemption: information of a personal nature where disclosure would be an unwarranted invasion of personal privacy'],
  ADDRESS: ['D.C. Code § 2-534(a)(2)', 'Exemption: a private person\'s home address'],
  PHONE: ['D.C. Code § 2-534(a)(2)', 'Exemption: a private person\'s telephone number'],
  EMAIL: ['D.C. Code § 2-534(a)(2)', 'Exemption: a private person\'s e-mail address'],
  SSN: ['D.C. Code § 2-534(a)(2); 42 U.S.C. § 405(c)(2)(C)(viii)', 'Social Security numbers are confidential'],
  DATE_OF_BIRTH: ['D.C. Code § 2-534(a)(2)', 'Exemption: a private person\'s date of birth'],
  DRIVER_LICENSE: ['18 U.S.C. § 2721 (Driver\'s Privacy Protection Act)', 'Personal information from motor vehicle records'],
  BANK_ACCOUNT: ['D.C. Code § 2-534(a)(2)', 'Exemption: financial account numbers'],
  CREDIT_CARD: ['D.C. Code § 2-534(a)(2); PCI DSS', 'Payment card numbers'],
};
const LABELS: Record<PrivacyEntityType, string> = {
  PERSON: 'the name of a private person',
  ADDRESS: 'a home address',
  PHONE: 'a personal phone number',
  EMAIL: 'a personal e-mail address',
  SSN: 'a Social Security number',
  DATE_OF_BIRTH: 'a date of birth',
  DRIVER_LICENSE: 'a driver\'s licence number',
  BANK_ACCOUNT: 'a bank account or routing number',
  CREDIT_CARD: 'a payment card number',
};

const capitalised = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
const before = (text: string, start: number, n: number) => text.slice(Math.max(0, start - n), start);
const lineBefore = (text: string, start: number, n: number) => before(text, start, n).split('\n').pop() ?? '';

// ---- Numbers ----

/** An e-mail address from where it may start (a letter or digit at a word's start); see emailAddresses. */
const EMAIL_FROM = /[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/y;
const ROLE_MAILBOX = /^(?:foia|info|clerk|records|contact|webmaster|no-?reply|help|support|press|media|council|admin|office|publicrecords|public\.records|opengov|ombudsman|311|mayor|hearings?|testimony)\b/i;
const PHONE = /(?<![\d-])(?:\+?1[\s.-]?)?(?:\(([2-9]\d{2})\)\s?|([2-9]\d{2})[\s.-])([2-9]\d{2})[\s.-](\d{4})(?![\d-])/g;
const PHONE_CONTEXT = /\b(?:phone|tel|telephone|cell|mobile|home|call(?:ed)?|text|contact|reach(?:ed)?|number|ph)\b/i;
const OFFICE_CONTEXT = /\b(?:office|department|department's|clerk|council|agency|hotline|division|bureau|commission|unit|program|services|service|center|city hall|main line|line at|front desk|switchboard|ombudsman|advocate|311|foia officer|help ?line|dc\.gov|visit|questions)\b/i;
/** An agency's initials (DOB, DOEE, OTR, MOTA): the number near them is the agency's. */
const ACRONYM = /\b(?!(?:SSN|DOB|DL|ID|ZIP|NW|NE|SW|SE|DC|USA|PO|APT|CELL|TEL|AM|PM|II|III|IV|OK)\b)[A-Z]{2,6}\b(?![-\d])/;
const PERSONAL_CONTEXT = /\b(?:my|her|his|their|home|cell|mobile|personal|resident|requester|complainant|applicant|tenant|guardian|reached at|number is)\b|^\s*(?:daytime |evening |home |cell |work )?(?:phone|tel|telephone)\s*:\s*$/i;
const SSN = /(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])/g;
const SSN_PLAIN = /(?<![\d-])(\d{9})(?![\d-])/g;
const SSN_CONTEXT = /\b(?:ssn|ss#|soc\.? sec|social security|ss no|taxpayer id|tin)\b/i;
const CARD = /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g;
const CARD_CONTEXT = /\b(?:card|visa|master ?card|amex|american express|discover|credit|debit|cc|payment)\b/i;
const ACCOUNT = /(?<![\d-])\d[\d -]{4,20}\d(?![\d-])/g;
const ACCOUNT_CONTEXT = /\b(?:account|acct|a\/c|routing|aba|bank|checking|savings|iban|deposit)\b[^\n]{0,30}$/i;
const DOB_WORDS = /\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|born|birthday)\b/i;
const DATE =
  /\b(?:\d{1,2}[/-]\d{1,2}[/-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.? \d{1,2},? \d{4}|\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4})\b/g;
const LICENSE_WORDS = /\b(?:driver'?s?|drivers)\s+licen[cs]e\b|\b(?:CDL|DL|D\.L\.|operator'?s? (?:license|permit)|learner'?s? permit)\b/i;
/** State formats: 7-9 digits (D.C.: 7), a letter and 7-12 digits, Maryland's "M-240-518-337-691". */
const LICENSE = /(?<![\w-])(?:[A-Z]-?\d{3}-\d{3}-\d{3}-\d{3}|[A-Z]\d{3}-\d{4}-\d{4}|[A-Z]{1,2}\d{6,12}|\d{7,9})(?![\w-])/g;

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** What a local part may hold: letters, digits and . _ % + -. */
const isLocal = (c: number) => isAlnum(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;

/**
 * The e-mail addresses in a text, found from each '@': each address holds exactly one, so its start
 * is the first place in the run of local-part characters before the '@' where a word starts. (The
 * one pattern tried at every such place read a long run of "1-1-1-…" to its end from each: a
 * 128 KB text took 20 s.)
 */
function emailAddresses(text: string): { index: number; address: string }[] {
  const found: { index: number; address: string }[] = [];
  /** Addresses do not overlap: the next one starts at or after the last one's end. */
  let from = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', Math.max(at + 1, from))) {
    let start = at;
    while (start > from && isLocal(text.charCodeAt(start - 1))) start--;
    while (start < at && !(isAlnum(text.charCodeAt(start)) && (start === 0 || !(isAlnum(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 95)))) start++;
    if (start === at) continue;
    EMAIL_FROM.lastIndex = start;
    const m = EMAIL_FROM.exec(text);
    if (!m) continue;
    found.push({ index: start, address: m[0] });
    from = start + m[0].length;
  }
  return found;
}

function numberHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of emailAddresses(text)) {
    const [local, domain] = m.address.split('@');
    // A government mailbox named for its office ("dpw.snow@dc.gov") is not a person's.
    if (ROLE_MAILBOX.test(local) || (/\.gov$/i.test(domain) && /^[a-z]{2,5}[._-]/i.test(local) && !givenNames().has(capitalised(local.split(/[._-]/)[0])))) continue;
    hits.push({ type: 'EMAIL', start: m.index, end: m.index + m.address.length, confidence: 0.95 });
  }
  for (const m of text.matchAll(SSN)) {
    if (!ssnValid(m[1], m[3], m[4])) continue;
    const context = SSN_CONTEXT.test(before(text, m.index, 40));
    // A spaced form ("123 45 6789") is an SSN only when the words around it say so.
    if (m[2] === ' ' && !context) continue;
    hits.push({ type: 'SSN', start: m.index, end: m.index + m[0].length, confidence: context ? 0.99 : 0.9 });
  }
  for (const m of text.matchAll(SSN_PLAIN)) {
    if (!SSN_CONTEXT.test(before(text, m.index, 40))) continue;
    if (!ssnValid(m[1].slice(0, 3), m[1].slice(3, 5), m[1].slice(5))) continue;
    hits.push({ type: 'SSN', start: m.index, end: m.index + m[0].length, confidence: 0.9 });
  }
  for (const m of text.matchAll(PHONE)) {
    const context = lineBefore(text, m.index, 110);
    // A person's number is named so right before it ("my cell", "Home phone:"); an office's by the body it belongs to.
    const personal = PERSONAL_CONTEXT.test(context.slice(-25)) || /\b(?:phone|cell|tel|mobile)[\s:#.]*$/i.test(context);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
    if ((OFFICE_CONTEXT.test(context) || ACRONYM.test(context.slice(-45)) || /^\s*\((?:office|work|main)\)/i.test(after)) && !personal) continue;
    hits.push({ type: 'PHONE', start: m.index, end: m.index + m[0].length, confidence: PHONE_CONTEXT.test(context) || personal ? 0.95 : 0.8 });
  }
  for (const m of text.matchAll(CARD)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) continue;
    const context = CARD_CONTEXT.test(before(text, m.index, 60));
    const issuer = /^(?:4|5[1-5]|2[2-7]|3[47]|6(?:011|5|4[4-9])|3(?:0[0-5]|[68])|35)/.test(digits);
    if (!issuer && !context) continue;
    hits.push({ type: 'CREDIT_CARD', start: m.index, end: m.index + m[0].length, confidence: context ? 0.98 : 0.85 });
  }
  for (const m of text.matchAll(ACCOUNT)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length < 6 || digits.length > 17) continue;
    if (!ACCOUNT_CONTEXT.test(lineBefore(text, m.index, 50))) continue;
    const routing = digits.length === 9 && routingNumberValid(digits);
    hits.push({ type: 'BANK_ACCOUNT', start: m.index, end: m.index + m[0].trimEnd().length, confidence: routing ? 0.95 : 0.8 });
  }
  // Dates and licence numbers only after the words that name them, on the same line.
  for (const m of text.matchAll(DATE)) {
    const context = lineBefore(text, m.index, 70);
    const keyword = DOB_WORDS.exec(context);
    // The date nearest the words: no other date between them.
    if (keyword && !/\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{4}-\d{2}-\d{2}|\b\d{4}\b/.test(context.slice(keyword.index))) {
      hits.push({ type: 'DATE_OF_BIRTH', start: m.index, end: m.index + m[0].length, confidence: 0.95 });
    }
  }
  for (const m of text.matchAll(LICENSE)) {
    const context = lineBefore(text, m.index, 60);
    if (!LICENSE_WORDS.test(context) || /business licen[cs]e|licen[cs]e plate|tag/i.test(context)) continue;
    if (!/\d{5}/.test(m[0].replace(/\D/g, ''))) continue;
    hits.push({ type: 'DRIVER_LICENSE', start: m.index, end: m.index + m[0].length, confidence: 0.9 });
  }
  return hits;
}

// ---- Addresses ----

const SUFFIX = String.raw`(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Alley|Row|Walk|Crescent|Plaza)`;
const QUADRANT = String.raw`(?:\s+(?:NW|NE|SW|SE|N\.W\.|N\.E\.|S\.W\.|S\.E\.|Northwest|Northeast|Southwest|Southeast))`;
const UNIT = String.raw`(?:,?\s+(?:Apt\.?|Apartment|Unit|Suite|Ste\.?|#)\s*[A-Za-z0-9-]+)`;
const CITY_STATE_ZIP = String.raw`(?:,\s*[A-Z][A-Za-z.]+(?:\s+[A-Z][A-Za-z.]+){0,2},?\s+(?:[A-Z]{2}|D\.C\.)(?:\s+\d{5}(?:-\d{4})?)?|,\s*(?:DC|D\.C\.)\s+\d{5}(?:-\d{4})?)`;
const ADDRESS = new RegExp(
  String.raw`\b\d{1,6}[A-Za-z]?(?:[ \t]+[NSEW]\.?)?[ \t]+(?:[A-Z0-9][A-Za-z0-9'.-]*[ \t]+){1,4}${SUFFIX}\b\.?${QUADRANT}?${UNIT}?${CITY_STATE_ZIP}?`,
  'g',
);
const HOME_CONTEXT = /\b(?:resid\w*|home|lives?|living|live at|my address|mailing address|address|requester|complainant|applicant|tenant|apartment)\b/i;
const PUBLIC_PLACE = /\b(?:held at|meeting|hearing|room|building|located at|offices? (?:at|of)|headquarters|city hall|library|school|cent(?:er|re)|facility|church|site of|wilson building|judiciary square|visit|walk-in|business|premises|property:|restaurant|store|shop|supermarket|market|pharmacy|bank|hotel|company|inc\.?|llc|corp\.?|& sons|department|office|agency|division|administration|services|commission|authority|councilmember|council)\b/i;
/** An address followed by a floor or suite is an office's. */
const OFFICE_TAIL = /^,?\s*(?:\d+(?:st|nd|rd|th) Floor|Suite|Ste\.)/i;

/** Every street address the pattern finds, whoever's it is (the Summarizer decides whose by where it stands). */
export function streetAddresses(text: string): { start: number; end: number; match: string }[] {
  return [...text.matchAll(ADDRESS)].map((m) => {
    let words = m[0].replace(/[\s,]+$/, '');
    // A full stop ends the sentence unless it belongs to an abbreviation ("St.", "D.C.").
    if (words.endsWith('.') && !/(?:\b[A-Z]|St|Ave|Rd|Blvd|Ln|Dr|Ct|Pl|Ste|Apt|Ter|Cir|Pkwy|Hwy|Sq)\.$/.test(words)) words = words.slice(0, -1);
    return { start: m.index, end: m.index + words.length, match: m[0] };
  });
}

function addressHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const { start, end, match } of streetAddresses(text)) {
    const line = lineBefore(text, start, 100);
    // The line before too: an agency's name heads its address ("Department of Buildings\n1100 4th Street SW").
    const previousLine = before(text, start - line.length, 100).split('\n').slice(-2, -1)[0] ?? '';
    const home = HOME_CONTEXT.test(line.slice(-40));
    const office = PUBLIC_PLACE.test(line) || (!line.trim() && PUBLIC_PLACE.test(previousLine)) || OFFICE_TAIL.test(text.slice(start + match.length, start + match.length + 20));
    if ((office || /\b(?:Suite|Ste\.?)\s/.test(match)) && !home) continue;
    hits.push({ type: 'ADDRESS', start, end, confidence: home ? 0.95 : 0.75 });
    const below = /^[ \t,]*\n[ \t]*([A-Z][A-Za-z.]+(?:[ \t]+[A-Z][A-Za-z.]+){0,2},[ \t]*(?:[A-Z]{2}|D\.C\.)[ \t]+\d{5}(?:-\d{4})?)[ \t]*(?=\n|$)/.exec(text.slice(end, end + 60));
    if (below) {
      const at = end + below[0].indexOf(below[1]);
      hits.push({ type: 'ADDRESS', start: at, end: at + below[1].length, confidence: home ? 0.95 : 0.75 });
    }
  }
  return hits;
}

// ---- Names ----

const namesFile = path.join(SERVER_SRC, 'modules/compliance/rules/names/first-names.txt');
let firstNames: Set<string> | null = null;
const givenNames = () => (firstNames ??= new Set(readFileSync(namesFile, 'utf8').split('\n').filter(Boolean)));
let lexicon: Set<string> | null = null;
/** Words the D.C. Code writes in lower case (names/common-words.txt): a capitalised word outside it is likely a name. */
const commonWords = () => (lexicon ??= new Set(readFileSync(path.join(path.dirname(namesFile), 'common-words.txt'), 'utf8').split('\n').filter(Boolean)));
const isWord = (token: string) => token.toLowerCase().replace(/["“”.]/g, '').split(/[-'’]/).some((part) => part.length > 1 && commonWords().has(part));

/** Given names that are also everyday words: a name only after a title or a label. */
const WORD_NAMES = new Set(
  ('Will May June April August Bill Grant Mark Art Hope Faith Joy Rose Page Chase Dean Drew Frank Gay Grace Guy Hunter Jack Lane Major Miles Pat Ray Rich Rob Sue Van Wade Ward Young Don Dale Glen Case Bishop Sterling Summer Winter Autumn Dawn Eve Ivy Holly Iris Jewel Lily Olive Pearl Ruby Sky Star Sunny Christian Christmas Justice Madison Lincoln Washington Jefferson Kennedy Jordan Carter Marshall Mason Morgan Parker Taylor Tucker Wells Warren Wallace Walker Lee King Price Sterling Royal Carol Precious Honor Merry Penny Cash Gene Noble Earl Duke Prince Baron Colin Clay Cliff Heath Rocky Sandy Storm Wolf Fox Bud Buck Chip Dusty Forest Glenn Harmony Liberty Mercy Patience Prudence Temperance Trinity Unity Victory Verity Section Article Chapter Title Council').split(' '),
);
/** Words that make a capitalised run a place or a body, not a person. */
const NOT_PERSON =
  /^(?:Street|St|Avenue|Ave|Road|Rd|Park|Library|School|Elementary|Middle|High|Center|Centre|Building|Hall|Bridge|Station|Council|Committee|Commission|Department|Office|Agency|Division|Unit|Bureau|Services|Service|District|Columbia|Act|Code|Amendment|Resolution|Court|University|College|Church|Hospital|National|Foundation|Association|Inc|LLC|Corp|Company|Development|Properties|Partners|Holdings|Management|Group|Gardens|Apartments|Manor|Towers|Homes|Fund|Plaza|Square|Circle|Way|Boulevard|Drive|Place|Terrace|Memorial|Recreation|Program|Case|Fire|Police|Bank|Credit|Union|Market|Cafe|Restaurant|Bar|Social|Club|Center|Clinic|Academy|Institute|Trust|Ward|Row|Streets|Avenues|Registry|Neighborhood|Lantern|Lounge|Tavern|Grill|Kitchen|Bakery|Salon)$/;
const OFFICIAL_TITLE =
  /\b(?:Councilmembers?|Council\s?members?|CMs?|Mayor|Chairman|Chairwoman|Chairperson|Chair|Director|Deputy|Judge|Justice|Senator|Representative|Delegate|Commissioner|Secretary|Attorney General|President|Governor|Administrator|Inspector General|Chancellor|Superintendent|Chief|Vice Chair|Speaker|Officer|Sgt\.?|Sergeant|Lt\.?|Captain|Detective|Ward \d Councilmember|ANC Commissioner|Treasurer|Auditor|Ombudsman|Clerk)\s*$/;
const LEADING_TITLE = /^(?:Councilmembers?|Mayor|Chairman|Chairwoman|Chairperson|Chair|Director|Deputy|Judge|Justice|Senator|Representative|Delegate|Commissioner|Secretary|President|Governor|Administrator|Chancellor|Superintendent|Chief|Speaker|Officer|Sergeant|Captain|Detective|Treasurer|Auditor|Ombudsman|Clerk|Honorable|Hon\.)$/;
const LEADING_WORD = /^(?:Dear|The|At|On|In|By|From|To|And|Or|But|If|When|Per|Thank|Thanks|Hello|Hi)$/;
/** A court caption names the parties before ", Plaintiff" / "Defendant". */
const COURT_PARTY = /^[ \t,]*(?:\n[ \t]*)?(?:plaintiff|defendant|petitioner|respondent|appellant|appellee)s?\b/i;
const HONORIFIC = /\b(?:Mr|Ms|Mrs|Miss|Mx|Dr)\.?\s+$/;
/** Form fields and headers ("Name:", "From:"), and words that introduce a person without a colon. */
const LABEL =
  /\b(?:(?:full |legal )?name|requester|requestor|complainant|applicant|resident|owner|tenant|employee|witness|victim|contact|patient|student|from|to|cc|caller|parent|guardian|claimant|petitioner|respondent|homeowner|landlord|beneficiary|co-applicant|household member|occupant|grievant|spouse|child|signature)[ \t]*:[ \t]*$|\b(?:dear|sincerely|respectfully|regards|submitted by|signed by|reported by|spoke with|spoke to|met with|signed|requested by|filed by|prepared by for|on behalf of)[ \t,]*\n?[ \t]*$/i;
const CAP = String.raw`\p{Lu}\p{Ll}+(?:['’-]\p{Lu}?\p{Ll}+)*|\p{Lu}\p{Ll}*\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?|\p{Lu}'\p{Lu}\p{Ll}+`;
/** Capitalised words on one line (a name never runs on into the next line). */
const NAME_RUN = new RegExp(String.raw`(?<![\p{L}])(?:${CAP})(?:[ \t]+(?:\p{Lu}\.|${CAP}|["“]\p{Lu}\p{Ll}+["”]|de|del|de la|van|von|da|dos|bin|al|el)){1,3}(?![\p{L}])`, 'gu');
/** "ADAEZE NWACHUKWU", "REYES, MATEO J.": a name in capitals, as court captions and forms write them. */
const CAPS_NAME = /(?<![\p{L}])\p{Lu}{2,}(?:[-'’]\p{Lu}{2,})*(?:,?[ \t]+(?:\p{Lu}\.|\p{Lu}{2,}(?:[-'’]\p{Lu}{2,})*)){1,3}(?![\p{L}])/gu;
/** "R. Castellanos": an initial and a surname. */
const INITIAL_NAME = new RegExp(String.raw`(?<![\p{L}.])\p{Lu}\.[ \t]+(${CAP})(?![\p{L}])`, 'gu');
/** "Mwangi-Holloway, Ignatius": a listing's surname first, after a label. */
const SURNAME_FIRST = new RegExp(String.raw`(?<![\p{L}])(${CAP}),[ \t]+(${CAP})(?![\p{L}])`, 'gu');
const GREETING = /(?:^|\n)[ \t]*(?:dear|hi|hello|thanks|thank you|regards|best|sincerely|cheers)[ \t,]*(?:\n[ \t]*)?$|\b(?:my (?:neighbou?r|wife|husband|son|daughter|partner|mother|father|sister|brother))[ \t]+$/i;

/**
 * The line after the one a position is on (text.slice(at).split('\n', 3)[1]), from a list of the
 * text's line breaks made once: splitting the rest of a long text at every name read it to its end
 * each time.
 */
function lineAfterOf(text: string): (at: number) => string {
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) breaks.push(at);
  return (at) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (breaks[mid] < at) low = mid + 1;
      else high = mid;
    }
    if (low >= breaks.length) return '';
    return text.slice(breaks[low] + 1, low + 1 < breaks.length ? breaks[low + 1] : text.length);
  };
}

/** lineAfter.trim().split(/[ ,]/)[0] without splitting the whole of a long line. */
function firstWordOf(line: string): string {
  const m = /^\s*([^ ,]*)/.exec(line)!;
  // Only spaces after the word: trim() took them off the line before it was split.
  return /^\s*$/.test(line.slice(m[0].length)) ? m[1].trimEnd() : m[1];
}

function nameHits(text: string): Hit[] {
  const names = givenNames();
  const lineAfterAt = lineAfterOf(text);
  const hits: Hit[] = [];
  const officials = new Set<string>();
  const found = new Set<string>();
  for (const m of text.matchAll(NAME_RUN)) {
    let tokens = m[0].split(/\s+/);
    let start = m.index;
    let titled = false;
    // "Mayor Muriel Bowser": the title opens the run; the name after it is an official's.
    while (tokens.length && (LEADING_TITLE.test(tokens[0]) || LEADING_WORD.test(tokens[0]))) {
      if (LEADING_TITLE.test(tokens[0])) titled = true;
      start += text.slice(start).indexOf(tokens[0]) + tokens[0].length;
      start += text.slice(start).length - text.slice(start).trimStart().length;
      tokens = tokens.slice(1);
    }
    // Trim words that make the run a place or a body ("Kenyon Street", "Example Council").
    // A run that names a place or a body ("Kenyon Street", "John A. Wilson Building") is not a person.
    if (tokens.some((t, i) => i > 0 && NOT_PERSON.test(t.replace(/\.$/, '')))) continue;
    const next = /^\.?(?:[ \t]+(?:Jr|Sr|II|III)\.?)?[ \t]+(\p{Lu}\p{Ll}+)/u.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 30));
    if (next && NOT_PERSON.test(next[1])) continue;
    if (tokens.length < 2 || tokens.slice(1).every((t) => /^(?:de|del|la|van|von|da|dos|bin|al|el)$/.test(t))) continue;
    if (NOT_PERSON.test(tokens[tokens.length - 1].replace(/\.$/, ''))) continue;
    const run = tokens.join(' ').replace(/\s+[A-Z]\.$/, '');
    if (text.slice(start, start + run.length) !== run) continue;
    const end = start + run.length;
    const context = before(text, start, 40);
    // "Matthew Frumin\nCouncilmember, Ward 3": a signature over an office.
    const lineAfter = lineAfterAt(end);
    if (titled || OFFICIAL_TITLE.test(context) || LEADING_TITLE.test(firstWordOf(lineAfter))) {
      officials.add(run);
      continue;
    }
    const first = tokens[0];
    const labelled = LABEL.test(context) || HONORIFIC.test(context);
    const known = names.has(first) && !WORD_NAMES.has(first);
    // Words no dictionary holds ("Temitope Oyelaran"), not after "the" or "of" (a place or a body).
    const unknown = tokens.length <= 3 && !tokens.some((t) => /^\p{Lu}\.$/u.test(t) ? false : isWord(t)) && !/\b(?:the|of|at|on|in)[ \t]+$/i.test(context);
    if (!labelled && !known && !unknown) continue;
    hits.push({ type: 'PERSON', start, end, confidence: labelled ? 0.9 : known ? 0.75 : 0.6 });
    found.add(run);
  }
  for (const m of text.matchAll(CAPS_NAME)) {
    const tokens = m[0].split(/[, \t]+/).filter((t) => !/^\p{Lu}\.$/u.test(t));
    if (!LABEL.test(before(text, m.index, 40)) && !COURT_PARTY.test(text.slice(m.index + m[0].length, m.index + m[0].length + 30))) continue;
    if (tokens.some(isWord) || tokens.some((t) => NOT_PERSON.test(capitalised(t)))) continue;
    hits.push({ type: 'PERSON', start: m.index, end: m.index + m[0].replace(/[.,]+$/, '').length, confidence: 0.8 });
  }
  for (const m of text.matchAll(INITIAL_NAME)) {
    if (isWord(m[1]) || NOT_PERSON.test(m[1])) continue;
    // "John A. Wilson Building", "Francis A. Gregory Neighborhood Library": a middle initial of a place's name.
    if (/^\p{Lu}\p{Ll}+[ \t]+$/u.test(before(text, m.index, 20).split(/[\n,;:(]/).pop() ?? '') || /^[ \t]+(?:\p{Lu}\p{Ll}+[ \t]+)?(\p{Lu}\p{Ll}+)/u.test(text.slice(m.index + m[0].length, m.index + m[0].length + 40)) && NOT_PERSON.test(/^[ \t]+(?:\p{Lu}\p{Ll}+[ \t]+)?(\p{Lu}\p{Ll}+)/u.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 40))![1])) continue;
    hits.push({ type: 'PERSON', start: m.index, end: m.index + m[0].length, confidence: 0.6 });
  }
  for (const m of text.matchAll(SURNAME_FIRST)) {
    if (LEADING_TITLE.test(m[1])) continue;
    if (!LABEL.test(before(text, m.index, 40)) && !/^\s*$/.test(lineBefore(text, m.index, 40).replace(/^\s*\d+[.)]?\s*/, ''))) continue;
    if (!(names.has(m[2]) || !isWord(m[2])) || isWord(m[1]) || NOT_PERSON.test(m[1])) continue;
    hits.push({ type: 'PERSON', start: m.index, end: m.index + m[0].length, confidence: 0.85 });
  }
  // A given name on its own after a greeting or "my neighbor": "Hi Greta,", "my neighbor Greta".
  for (const m of text.matchAll(/(?<![\p{L}])\p{Lu}\p{Ll}+(?![\p{L}])/gu)) {
    if (!names.has(m[0]) || WORD_NAMES.has(m[0]) || !GREETING.test(before(text, m.index, 40))) continue;
    hits.push({ type: 'PERSON', start: m.index, end: m.index + m[0].length, confidence: 0.7 });
    found.add(m[0]);
  }
  // Once a given name stood alone for a person, its other mentions are that person too.
  const single = new Set([...found].filter((n) => !n.includes(' ')));
  for (const m of text.matchAll(/(?<![\p{L}])\p{Lu}\p{Ll}+(?![\p{L}])/gu)) {
    if (single.has(m[0])) hits.push({ type: 'PERSON', start: m.index, end: m.index + m[0].length, confidence: 0.7 });
  }
  // "Ms. Lopez" and the surname after a title, once the full name was seen.
  const surnames = new Set([...found].map((n) => n.split(' ').pop()!).filter((s) => s.length > 1));
  for (const m of text.matchAll(/\b(?:Mr|Ms|Mrs|Miss|Mx|Dr)\.?\s+([A-Z][A-Za-z'’-]+)\b/g)) {
    const surname = m[1];
    if (!surnames.has(surname) && !LABEL.test(before(text, m.index, 30))) {
      // An honorific and a capitalised word is a person on its own too.
      if (NOT_PERSON.test(surname)) continue;
    }
    const start = m.index + m[0].length - surname.length;
    hits.push({ type: 'PERSON', start, end: start + surname.length, confidence: 0.85 });
  }
  // One person named several ways: once "Maria Ortega" is found, "Ortega, Maria", "Ortega" and "Maria" on
  // their own are her too (a given name only when no other person found has it, and neither is an everyday word).
  const people = hits.filter((h) => h.confidence >= MIN_CONFIDENCE).map((h) => text.slice(h.start, h.end).split(/\s+/)).filter((t) => t.length >= 2 && !t.some((w) => w.endsWith(',')));
  const givenCount = new Map<string, number>();
  for (const t of people) givenCount.set(t[0], (givenCount.get(t[0]) ?? 0) + 1);
  const forms = new Set<string>();
  for (const t of new Set(people.map((x) => `${x[0]} ${x[x.length - 1]}`))) {
    const [given, surname] = t.split(' ');
    forms.add(`${surname}, ${given}`);
    if (surname.length > 2 && !isWord(surname) && !NOT_PERSON.test(surname)) forms.add(surname);
    if (given.length > 2 && !isWord(given) && !WORD_NAMES.has(given) && names.has(given) && new Set(people.filter((x) => x[0] === given).map((x) => x[x.length - 1])).size === 1) forms.add(given);
  }
  if (forms.size) {
    // The mentions come in order and do not overlap one another: the hits found before them are
    // swept once in order of their start (asking every hit for every mention was quadratic).
    const earlier = [...hits].sort((a, b) => a.start - b.start);
    let next = 0;
    let reach = -1;
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}])(?:${[...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\\p{L}])`, 'gu'))) {
      const end = m.index + m[0].length;
      while (next < earlier.length && earlier[next].start < end) reach = Math.max(reach, earlier[next++].end);
      if (reach <= m.index) hits.push({ type: 'PERSON', start: m.index, end, confidence: 0.75 });
    }
  }
  return hits.filter((h) => !officials.has(text.slice(h.start, h.end)));
}

/** Longest first; a hit inside a longer one of any type is dropped (a ZIP inside an address, a name inside an e-mail). */
function resolveOverlaps(hits: Hit[]): Hit[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || b.confidence - a.confidence);
  const kept: Hit[] = [];
  for (const hit of sorted) {
    const last = kept[kept.length - 1];
    if (last && hit.start < last.end) {
      if (hit.end - hit.start > last.end - last.start && hit.confidence >= last.confidence) kept[kept.length - 1] = hit;
      continue;
    }
    kept.push(hit);
  }
  return kept;
}

export function findPersonalData(text: string): Hit[] {
  const cells = tableCells(text).map((c) => ({ ...c, confidence: 0.85 }));
  const hits = [...numberHits(text), ...addressHits(text), ...nameHits(text), ...cells].filter((h) => h.confidence >= MIN_CONFIDENCE && h.end > h.start);
  return resolveOverlaps(hits);
}

/** The words of a name, honorifics and initials aside, given name first ("Ortega, Maria" → Maria Ortega). */
function nameTokens(words: string): string[] {
  const bare = words.replace(/\b(?:Mr|Ms|Mrs|Miss|Mx|Dr)\.?\s+/g, '').trim();
  const comma = /^([^,]+),\s*(.+)$/.exec(bare);
  const ordered = comma ? `${comma[2]} ${comma[1]}` : bare;
  return ordered.split(/\s+/).filter((t) => t && !/^\p{Lu}\.$/u.test(t)).map((t) => capitalised(t));
}

/** What makes two hits the same value: a person's given name and surname, a number's digits, an address's words. */
function valueKey(text: string, hit: Hit): string {
  const words = text.slice(hit.start, hit.end);
  if (hit.type === 'EMAIL') return words.toLowerCase();
  if (hit.type === 'ADDRESS') return words.toLowerCase().replace(/[^a-z0-9 ]/g, '').split(/\s+/).slice(0, 3).join(' ');
  if (hit.type === 'PHONE') return words.replace(/\D/g, '').slice(-10);
  return words.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

interface Group {
  type: PrivacyEntityType;
  hits: Hit[];
  given: string | null;
  surname: string | null;
}

/**
 * One finding per person or value (issue 20): "Maria Ortega", "Ms. Ortega", "Ortega, Maria" and
 * "Maria" are one person when the document names no other Ortega or Maria; a phone number written
 * twice is one value. The first place is the finding's span, the others its places.
 */
function groupHits(text: string, hits: Hit[]): Group[] {
  const groups: Group[] = [];
  const people = hits.filter((h) => h.type === 'PERSON').map((h) => ({ h, t: nameTokens(text.slice(h.start, h.end)) }));
  // Full names make the people; a surname or a given name alone joins the one person it can be.
  for (const { h, t } of people.filter((p) => p.t.length >= 2)) {
    const [given, surname] = [t[0], t[t.length - 1]];
    const same = groups.find((g) => g.given === given && g.surname === surname);
    if (same) same.hits.push(h);
    else groups.push({ type: 'PERSON', hits: [h], given, surname });
  }
  for (const { h, t } of people.filter((p) => p.t.length === 1)) {
    const word = t[0];
    const bySurname = groups.filter((g) => g.type === 'PERSON' && g.surname === word);
    const byGiven = groups.filter((g) => g.type === 'PERSON' && g.given === word);
    const one = bySurname.length === 1 ? bySurname[0] : bySurname.length === 0 && byGiven.length === 1 ? byGiven[0] : null;
    if (one) one.hits.push(h);
    else {
      const alone = groups.find((g) => g.type === 'PERSON' && g.given === null && g.surname === word);
      if (alone) alone.hits.push(h);
      else groups.push({ type: 'PERSON', hits: [h], given: null, surname: word });
    }
  }
  const byValue = new Map<string, Group>();
  for (const h of hits.filter((x) => x.type !== 'PERSON')) {
    const key = `${h.type}:${valueKey(text, h)}`;
    const group = byValue.get(key);
    if (group) group.hits.push(h);
    else {
      const g: Group = { type: h.type, hits: [h], given: null, surname: null };
      byValue.set(key, g);
      groups.push(g);
    }
  }
  for (const g of groups) g.hits.sort((a, b) => a.start - b.start);
  return groups.sort((a, b) => a.hits[0].start - b.hits[0].start);
}

const ROLE_TEXT: Record<RolePerson['role'], string> = {
  author: "the document's author",
  official: 'an official named in a public role',
};

export function checkPrivacy(text: string): RuleFinding[] {
  // The author and officials named in their office are shown as such, never proposed for redaction.
  const roles = peopleInRoles(text).map((person) => ({ person, places: mentionsOf(text, person), tokens: new Set(person.name.split(/\s+/).map(capitalised)) }));
  const roleOf = (h: Hit) =>
    h.type === 'PERSON' ? roles.find((r) => r.places.some((p) => p.start < h.end && h.start < p.end) && nameTokens(text.slice(h.start, h.end)).every((t) => r.tokens.has(t))) : undefined;
  const hits = findPersonalData(text);
  const privateHits = hits.filter((h) => !roleOf(h));
  const privatePeople = privateHits.filter((h) => h.type === 'PERSON');
  const findings: RuleFinding[] = groupHits(text, privateHits).map((group) => {
    const [first, ...rest] = group.hits;
    const [reference, title] = BASIS[group.type];
    const critical = group.type === 'SSN' || group.type === 'CREDIT_CARD' || group.type === 'BANK_ACCOUNT';
    const confidence = Math.max(...group.hits.map((h) => h.confidence));
    const times = group.hits.length > 1 ? ` It stands in ${group.hits.length} places; accepting it redacts every one.` : '';
    return {
      ruleSet: 'privacy',
      rule: `privacy.${group.type.toLowerCase()}`,
      entityType: group.type,
      severity: critical ? 'critical' : group.type === 'PERSON' ? 'medium' : 'high',
      start: first.start,
      end: first.end,
      quote: text.slice(first.start, first.end),
      basis: ruleBasis(reference, title),
      explanation: `This looks like ${LABELS[group.type]} (confidence ${Math.round(confidence * 100)} %). Personal data of a private person is withheld from a published or released document.${times}`,
      suggestion: 'Accept the finding to redact it from the released PDF, or dismiss it if it is public information.',
      confidence: Math.round(confidence * 100) / 100,
      places: rest.map((h) => ({ start: h.start, end: h.end, quote: text.slice(h.start, h.end) })),
    };
  });
  for (const { person, places } of roles) {
    // A mention inside a private person's name ("Maria Sorensen" beside the author Ibrahim Sorensen) is hers.
    const own = places.filter((p) => !privatePeople.some((h) => h.start < p.end && p.start < h.end));
    if (!own.length) continue;
    const [first, ...rest] = own;
    findings.push({
      ruleSet: 'privacy',
      rule: `privacy.${person.role}`,
      entityType: 'PERSON',
      severity: 'low',
      status: 'dismissed',
      start: first.start,
      end: first.end,
      quote: text.slice(first.start, first.end),
      basis: ruleBasis('D.C. Code § 2-534(a)(2)', 'A public employee or official acting in a public role is not a private person'),
      explanation: `${person.name} is ${ROLE_TEXT[person.role]}${person.title ? ` (${person.title})` : ''}, acting in a public role: not a private person, so not proposed for redaction${own.length > 1 ? ` (named in ${own.length} places)` : ''}.`,
      suggestion: 'Left out of Accept all. To redact this name anyway, reopen the finding and accept it.',
      confidence: null,
      places: rest.map((p) => ({ ...p, quote: text.slice(p.start, p.end) })),
    });
  }
  return findings.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}
