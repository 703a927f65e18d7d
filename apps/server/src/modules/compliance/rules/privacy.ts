import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrivacyEntityType } from '@civicdesk/contract';
import { ruleBasis, type RuleFinding } from './types';
import { luhnValid, routingNumberValid, ssnValid } from './checksums';

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

const before = (text: string, start: number, n: number) => text.slice(Math.max(0, start - n), start);
const lineBefore = (text: string, start: number, n: number) => before(text, start, n).split('\n').pop() ?? '';

// ---- Numbers ----

const EMAIL = /\b[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g;
const ROLE_MAILBOX = /^(?:foia|info|clerk|records|contact|webmaster|no-?reply|help|support|press|media|council|admin|office|publicrecords|public\.records|opengov|ombudsman|311|mayor|hearings?|testimony)\b/i;
const PHONE = /(?<![\d-])(?:\+?1[\s.-]?)?(?:\(([2-9]\d{2})\)\s?|([2-9]\d{2})[\s.-])([2-9]\d{2})[\s.-](\d{4})(?![\d-])/g;
const PHONE_CONTEXT = /\b(?:phone|tel|telephone|cell|mobile|home|call(?:ed)?|text|contact|reach(?:ed)?|number|ph)\b/i;
const OFFICE_CONTEXT = /\b(?:office|department|clerk|council|agency|hotline|division|bureau|commission|city hall|main line|front desk|switchboard|ombudsman|311|foia officer|help ?line|dc\.gov)\b/i;
const PERSONAL_CONTEXT = /\b(?:my|her|his|their|home|cell|mobile|personal|resident|requester|complainant|applicant|tenant|owner)\b/i;
const SSN = /(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])/g;
const SSN_PLAIN = /(?<![\d-])(\d{9})(?![\d-])/g;
const SSN_CONTEXT = /\b(?:ssn|ss#|soc\.? sec|social security|ss no|taxpayer id|tin)\b/i;
const CARD = /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g;
const CARD_CONTEXT = /\b(?:card|visa|master ?card|amex|american express|discover|credit|debit|cc|payment)\b/i;
const ACCOUNT = /(?<![\d-])\d[\d -]{4,20}\d(?![\d-])/g;
const ACCOUNT_CONTEXT = /\b(?:account|acct|a\/c|routing|aba|bank|checking|savings|iban|deposit)\b[^\n]{0,30}$/i;
const DOB_CONTEXT = /\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|born(?: on)?|birthday)\b[\s:.,#-]*(?:is|was|on)?[\s:]*$/i;
const DATE =
  /\b(?:\d{1,2}[/-]\d{1,2}[/-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.? \d{1,2},? \d{4}|\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4})\b/gy;
const LICENSE_CONTEXT = /\b(?:driver'?s?|drivers)\s+licen[cs]e\b[^\n]{0,25}$|\b(?:DL|D\.L\.|OL|operator'?s? (?:license|permit)|licen[cs]e (?:no\.?|number|#))\s*[:#.]?\s*$/i;
const LICENSE = /[A-Z]{0,2}[-\s]?\d{5,12}|[A-Z]\d{3}-\d{4}-\d{4}|[A-Z]\d{7,12}/y;

function numberHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(EMAIL)) {
    const local = m[0].split('@')[0];
    if (ROLE_MAILBOX.test(local)) continue;
    hits.push({ type: 'EMAIL', start: m.index, end: m.index + m[0].length, confidence: 0.95 });
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
    const context = lineBefore(text, m.index, 80);
    const personal = PERSONAL_CONTEXT.test(context);
    if (OFFICE_CONTEXT.test(context) && !personal) continue;
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
  for (const m of text.matchAll(/\S/g)) {
    // Dates and licence numbers only right after the words that name them.
    const i = m.index;
    if (i > 0 && /\S/.test(text[i - 1])) continue;
    const context = before(text, i, 40);
    if (DOB_CONTEXT.test(context)) {
      DATE.lastIndex = i;
      const d = DATE.exec(text);
      if (d) hits.push({ type: 'DATE_OF_BIRTH', start: i, end: i + d[0].length, confidence: 0.95 });
    }
    if (LICENSE_CONTEXT.test(context)) {
      LICENSE.lastIndex = i;
      const l = LICENSE.exec(text);
      if (l && /\d{5}/.test(l[0].replace(/\D/g, ''))) hits.push({ type: 'DRIVER_LICENSE', start: i, end: i + l[0].length, confidence: 0.9 });
    }
  }
  return hits;
}

// ---- Addresses ----

const SUFFIX = String.raw`(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Alley|Row|Walk|Crescent|Plaza)`;
const QUADRANT = String.raw`(?:\s+(?:NW|NE|SW|SE|N\.W\.|N\.E\.|S\.W\.|S\.E\.|Northwest|Northeast|Southwest|Southeast))`;
const UNIT = String.raw`(?:,?\s+(?:Apt\.?|Apartment|Unit|Suite|Ste\.?|#)\s*[A-Za-z0-9-]+)`;
const CITY_STATE_ZIP = String.raw`(?:,\s*[A-Z][A-Za-z.]+(?:\s+[A-Z][A-Za-z.]+){0,2},?\s+(?:[A-Z]{2}|D\.C\.)(?:\s+\d{5}(?:-\d{4})?)?|,\s*(?:DC|D\.C\.)\s+\d{5}(?:-\d{4})?)`;
const ADDRESS = new RegExp(
  String.raw`\b\d{1,6}[A-Za-z]?(?:\s+[NSEW]\.?)?\s+(?:[A-Z0-9][A-Za-z0-9'.-]*\s+){0,4}${SUFFIX}\b\.?${QUADRANT}?${UNIT}?${CITY_STATE_ZIP}?`,
  'g',
);
const HOME_CONTEXT = /\b(?:resid\w*|home|lives?|living|my address|mailing address|address(?:ed)?|requester|complainant|applicant|tenant|owner|apartment|property at)\b/i;
const PUBLIC_PLACE = /\b(?:held at|meeting|hearing|room|building|located at|offices? (?:at|of)|headquarters|city hall|library|school|recreation center|community center|church|site of|wilson building|judiciary square)\b/i;

function addressHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(ADDRESS)) {
    const context = before(text, m.index, 120);
    const home = HOME_CONTEXT.test(context);
    if (PUBLIC_PLACE.test(lineBefore(text, m.index, 80)) && !home) continue;
    let words = m[0].replace(/[\s,]+$/, '');
    // A full stop ends the sentence unless it belongs to an abbreviation ("St.", "D.C.").
    if (words.endsWith('.') && !/(?:\b[A-Z]|St|Ave|Rd|Blvd|Ln|Dr|Ct|Pl|Ste|Apt|Ter|Cir|Pkwy|Hwy|Sq)\.$/.test(words)) words = words.slice(0, -1);
    hits.push({ type: 'ADDRESS', start: m.index, end: m.index + words.length, confidence: home ? 0.95 : 0.75 });
  }
  return hits;
}

// ---- Names ----

const namesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'names/first-names.txt');
let firstNames: Set<string> | null = null;
const givenNames = () => (firstNames ??= new Set(readFileSync(namesFile, 'utf8').split('\n').filter(Boolean)));

/** Given names that are also everyday words: a name only after a title or a label. */
const WORD_NAMES = new Set(
  ('Will May June April August Bill Grant Mark Art Hope Faith Joy Rose Page Chase Dean Drew Frank Gay Grace Guy Hunter Jack Lane Major Miles Pat Ray Rich Rob Sue Van Wade Ward Young Don Dale Glen Case Bishop Sterling Summer Winter Autumn Dawn Eve Ivy Holly Iris Jewel Lily Olive Pearl Ruby Sky Star Sunny Christian Christmas Justice Madison Lincoln Washington Jefferson Kennedy Jordan Carter Marshall Mason Morgan Parker Taylor Tucker Wells Warren Wallace Walker Lee King Price Sterling Royal Carol Precious Honor Merry Penny Cash Gene Noble Earl Duke Prince Baron Colin Clay Cliff Heath Rocky Sandy Storm Wolf Fox Bud Buck Chip Dusty Forest Glenn Harmony Liberty Mercy Patience Prudence Temperance Trinity Unity Victory Verity Section Article Chapter Title Council').split(' '),
);
/** Words that make a capitalised run a place or a body, not a person. */
const NOT_PERSON =
  /^(?:Street|St|Avenue|Ave|Road|Park|Library|School|Elementary|Middle|High|Center|Centre|Building|Hall|Bridge|Station|Council|Committee|Department|Office|Agency|District|Columbia|Act|Code|Amendment|Resolution|Court|University|College|Church|Hospital|Foundation|Association|Inc|LLC|Corp|Company|Fund|Plaza|Square|Circle|Way|Boulevard|Drive|Place|Terrace|Memorial|Recreation|Avenue|Jr\.\s+(?:Avenue|Library|Park|Blvd))$/;
const OFFICIAL_TITLE =
  /\b(?:Councilmembers?|Council\s?members?|CMs?|Mayor|Chairman|Chairwoman|Chairperson|Chair|Director|Deputy|Judge|Justice|Senator|Representative|Delegate|Commissioner|Secretary|Attorney General|President|Governor|Administrator|Inspector General|Chancellor|Superintendent|Chief|Vice Chair|Speaker|Officer|Sgt\.?|Sergeant|Lt\.?|Captain|Detective|Ward \d Councilmember|ANC Commissioner|Treasurer|Auditor|Ombudsman|Clerk)\s*$/;
const LEADING_TITLE = /^(?:Councilmembers?|Mayor|Chairman|Chairwoman|Chairperson|Chair|Director|Deputy|Judge|Justice|Senator|Representative|Delegate|Commissioner|Secretary|President|Governor|Administrator|Chancellor|Superintendent|Chief|Speaker|Officer|Sergeant|Captain|Detective|Treasurer|Auditor|Ombudsman|Clerk|Honorable|Hon\.)$/;
const LEADING_WORD = /^(?:Dear|The|At|On|In|By|From|To|And|Or|But|If|When|Per|Thank|Thanks|Hello|Hi)$/;
const HONORIFIC = /\b(?:Mr|Ms|Mrs|Miss|Mx|Dr)\.?\s+$/;
const LABEL = /\b(?:name|requester|requestor|complainant|applicant|resident|owner|tenant|employee|witness|victim|submitted by|signed|contact|patient|student|from|to|dear|sincerely|respectfully|regards|caller|reported by|spoke with|cc|parent|guardian|claimant|petitioner|respondent|homeowner|landlord|beneficiary)\s*[:,]?\s*$/i;
const CAP = String.raw`[A-Z][a-z]+(?:['’-][A-Z]?[a-z]+)*|[A-Z][a-z]*[A-Z][a-z]+|[A-Z]'[A-Z][a-z]+|Ó?[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+`;
const NAME_RUN = new RegExp(String.raw`(?<![\p{L}])(?:${CAP})(?:\s+(?:[A-Z]\.|${CAP}|de|del|de la|van|von|da|dos|bin|al|el)){1,3}(?![\p{L}])`, 'gu');

function nameHits(text: string): Hit[] {
  const names = givenNames();
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
    const cut = tokens.findIndex((t, i) => i > 0 && NOT_PERSON.test(t));
    if (cut === 1) continue;
    if (cut > 1) tokens = tokens.slice(0, cut);
    if (tokens.length < 2 || tokens.slice(1).every((t) => /^(?:de|del|la|van|von|da|dos|bin|al|el)$/.test(t))) continue;
    if (NOT_PERSON.test(tokens[tokens.length - 1].replace(/\.$/, ''))) continue;
    const run = tokens.join(' ').replace(/\s+[A-Z]\.$/, '');
    if (text.slice(start, start + run.length) !== run) continue;
    const end = start + run.length;
    const context = before(text, start, 40);
    if (titled || OFFICIAL_TITLE.test(context)) {
      officials.add(run);
      continue;
    }
    const first = tokens[0];
    const labelled = LABEL.test(context) || HONORIFIC.test(context);
    const known = names.has(first) && !WORD_NAMES.has(first);
    if (!labelled && !known) continue;
    // A run starting a sentence with a word-name ("May Council...") needs its label.
    hits.push({ type: 'PERSON', start, end, confidence: labelled ? 0.9 : 0.75 });
    found.add(run);
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
  const hits = [...numberHits(text), ...addressHits(text), ...nameHits(text)].filter((h) => h.confidence >= MIN_CONFIDENCE && h.end > h.start);
  return resolveOverlaps(hits);
}

export function checkPrivacy(text: string): RuleFinding[] {
  return findPersonalData(text).map((hit) => {
    const [reference, title] = BASIS[hit.type];
    const critical = hit.type === 'SSN' || hit.type === 'CREDIT_CARD' || hit.type === 'BANK_ACCOUNT';
    return {
      ruleSet: 'privacy',
      rule: `privacy.${hit.type.toLowerCase()}`,
      entityType: hit.type,
      severity: critical ? 'critical' : hit.type === 'PERSON' ? 'medium' : 'high',
      start: hit.start,
      end: hit.end,
      quote: text.slice(hit.start, hit.end),
      basis: ruleBasis(reference, title),
      explanation: `This looks like ${LABELS[hit.type]} (confidence ${Math.round(hit.confidence * 100)} %). Personal data of a private person is withheld from a published or released document.`,
      suggestion: 'Accept the finding to redact it from the released PDF, or dismiss it if it is public information.',
      confidence: Math.round(hit.confidence * 100) / 100,
    };
  });
}
