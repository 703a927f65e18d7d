import { escapeRegExp } from '../../../platform/regex';
/**
 * People a document names in a public role (issue 20): its own author or signatory when that is a
 * public employee (a memo's "From:", a letter signed "Sincerely, … FOIA Officer", a report's
 * "Prepared by:", an e-mail signature over an office), and officials named in their office
 * ("Mayor …", "Councilmember …", "…, Director of …"). They are shown as such and are no redaction
 * candidates by default; every other mention of them ("Ms. Sorensen", "Sorensen") is theirs too.
 */
export interface RolePerson {
  role: 'author' | 'official';
  /** The name as first written ("Ibrahim Sorensen"). */
  name: string;
  /** Where the role was read ("FOIA Officer", "Mayor"). */
  title: string | null;
}

const NAME = String.raw`(?:(?:Dr|Mr|Ms|Mrs|Mx)\.\s+)?\p{Lu}[\p{L}'’-]+(?:[ \t]+(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+)){1,3}`;
/** Words of a public employee's title or office. */
const ROLE_WORDS =
  /\b(?:Officer|Specialist|Inspector|Director|Manager|Coordinator|Analyst|Clerk|Counsel|Attorney|Administrator|Supervisor|Assistant|Advisor|Adviser|Investigator|Caseworker|Case Manager|Liaison|Secretary|Chief|Deputy|Associate|Program|Department|Office|Agency|Administration|Division|Bureau|Commission|Council|Government|Services|Authority|Public Schools|Police|Fire)\b/;
/** A line that can be a title under a signature: not a header ("From: ..."), an address or a sentence. */
const TITLE_LINE = (line: string) => ROLE_WORDS.test(line) && line.length <= 90 && !/^[\w -]{1,20}:/.test(line) && !/^\d/.test(line) && !/[.?!]$/.test(line) && !/\b(?:I|we|my|our|you)\b/i.test(line);
const GOV_MAIL = /@[\w.-]*\.(?:gov|k12\.[a-z]{2}\.us)\b|@(?:[\w-]+\.)*k12\.dc\.gov\b/i;
/** Labels that name the writer of a record, who is staff by the label itself. */
const STAFF_LABEL = /^[ \t]*(?:Prepared by|Author|Written by|Submitted by|Reporting officer|Investigating officer|Inspector|Investigator|Caseworker|Case manager|Care coordinator|Reviewed by|Approved by|Analyst|Staff contact)[ \t]*:[ \t]*/im;
/** Labels for a member of the public: a name after one is never the author. */
const PRIVATE_LABEL = /\b(?:requester|requestor|complainant|applicant|resident|owner|tenant|witness|victim|patient|student|caller|parent|guardian|claimant|petitioner|respondent|homeowner|landlord|beneficiary|occupant|grievant|spouse|child|contact|name|to|cc|plaintiff|defendant|client|customer|employee)\b/i;
const FROM = /^[ \t]*From[ \t]*:[ \t]*/im;
const SIGN_OFF = /^[ \t]*(?:Sincerely(?: yours)?|Respectfully(?: submitted)?|Regards|Best regards|Kind regards|Warm regards|With regards|Thank you|Thanks|Best|Cordially|Yours truly|Very truly yours)[ \t]*[,.!]?[ \t]*$/gim;
const OFFICIAL_TITLES = String.raw`\b(?:Deputy Mayor|Mayor|Council ?(?:member|man|woman)|Chairman|Chairwoman|Chairperson|Council Chair|Acting Director|Director|Magistrate Judge|Associate Judge|Chief Judge|Judge|Justice|ANC Commissioner|Commissioner|Attorney General|Inspector General|Chancellor|Superintendent|Senator|Representative|Delegate|Hon\.|Honorable|City Administrator|Auditor|Ombudsman|Chief of Police|Fire Chief)`;
const OFFICIAL_AFTER = /^,?[ \t]+(?:the[ \t]+)?(?:Mayor|Deputy Mayor|Director|Acting Director|Chief|Commissioner|Judge|Chancellor|Superintendent|Councilmember|Chair(?:man|woman|person)?|Attorney General|Inspector General|City Administrator)\b/;

const clean = (name: string) => name.replace(/^(?:Dr|Mr|Ms|Mrs|Mx)\.\s+/, '').replace(/[ \t]+\p{Lu}\.$/u, '').trim();
const lineAt = (text: string, offset: number) => {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end < 0 ? text.length : end);
};
const nextLines = (text: string, offset: number, n: number) => text.slice(offset).split('\n').slice(1, n + 1);

export function peopleInRoles(text: string): RolePerson[] {
  const out: RolePerson[] = [];
  const add = (role: RolePerson['role'], raw: string, title: string | null) => {
    const name = clean(raw);
    if (name.split(/\s+/).length < 2 || out.some((p) => p.name === name) || /\b(?:Team|Unit|Desk|Staff|Services|Office|Department|Center|Division)\b/.test(name)) return;
    out.push({ role, name, title });
  };
  const nameAt = (s: string) => new RegExp(`^(?:/s/[ \\t]*)?(${NAME})`, 'u').exec(s)?.[1] ?? null;

  // A record's writer, by a label that makes her staff: "Prepared by: Ibrahim Sorensen, Program Analyst".
  for (const m of text.matchAll(new RegExp(STAFF_LABEL.source, 'gim'))) {
    const name = nameAt(text.slice(m.index + m[0].length, m.index + m[0].length + 80));
    if (name) add('author', name, m[0].replace(/:\s*$/, '').trim());
  }
  // "From: Name, FOIA Officer" or "From: Name <name@agency.dc.gov>": staff by the title or the address.
  for (const m of text.matchAll(new RegExp(FROM.source, 'gim'))) {
    const rest = lineAt(text, m.index + m[0].length).slice(m[0].length);
    const name = nameAt(rest);
    if (!name) continue;
    const after = rest.slice(rest.indexOf(name) + name.length);
    const title = /^,\s*([^<\n]+)/.exec(after)?.[1]?.trim() ?? null;
    if ((title && ROLE_WORDS.test(title)) || GOV_MAIL.test(after) || nextLines(text, m.index, 1).some((l) => /^\s*(?:Title|Office|Agency)\s*:/i.test(l))) add('author', name, title);
  }
  // A signature: the name under a sign-off, over a title or an office, or with a government address.
  for (const m of text.matchAll(SIGN_OFF)) {
    const lines = nextLines(text, m.index, 5).map((l) => l.trim());
    const at = lines.findIndex((l) => l.length > 0);
    if (at < 0) continue;
    const name = nameAt(lines[at]);
    if (!name) continue;
    // The title is on the name's line or the line right under it; the address under a signature may be a government one.
    const below = lines.slice(at + 1, at + 4).filter((l) => !/^[\w -]{1,20}:/.test(l)).join('\n');
    const sameLine = lines[at].slice(lines[at].indexOf(name) + name.length);
    const role = /^,\s*(.+)$/.exec(sameLine)?.[1] ?? lines[at + 1] ?? null;
    if ((role && TITLE_LINE(role)) || GOV_MAIL.test(below.split('\n').slice(0, 2).join('\n'))) add('author', name, role && TITLE_LINE(role) ? role.trim() : null);
  }
  // An e-mail signature without a sign-off: a line that is only a name, over a title line of an office, at a message's end.
  for (const m of text.matchAll(new RegExp(`^[ \\t]*(?:--[ \\t]*\\n[ \\t]*)?(${NAME})[ \\t]*\\n[ \\t]*([^\\n]{3,90})$`, 'gmu'))) {
    const title = m[2].trim();
    if (!TITLE_LINE(title)) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 200);
    if (/^\s*(?:\n|$)|^\s*\n?\s*(?:[\w.+-]+@|\(?\d{3}\)?[\s.-]\d{3}|Phone|Tel|Email|E-mail|\d{1,5} [A-Z])/i.test(after) || GOV_MAIL.test(after)) add('author', m[1], title);
  }
  // "Reviewer: Kwabena Lindholm, Permit Specialist", "Anjali Rasmussen, Staff Attorney, Office of the Tenant Advocate":
  // a line that gives a name with a public employee's title (not after a label for a member of the public).
  for (const m of text.matchAll(new RegExp(`^[ \\t]*(?:([\\w '’/-]{2,40}):[ \\t]*)?(?:/s/[ \\t]*)?(${NAME}),[ \\t]*([^\\n]{3,120})$`, 'gmu'))) {
    if (m[1] && PRIVATE_LABEL.test(m[1])) continue;
    const title = m[3].split(/[;(]/)[0].trim();
    if (TITLE_LINE(title.replace(/,?\s*\d{1,2}\/\d{1,2}\/\d{2,4}\.?$/, ''))) add('author', m[2], title);
  }
  // Officials in their office: "Mayor Rowena Pike", "Judge Amos Kell", "Tamsin Reyes, Director of ...".
  for (const m of text.matchAll(new RegExp(`(${OFFICIAL_TITLES})[ \\t]+(${NAME})`, 'gu'))) add('official', m[2], m[1]);
  for (const m of text.matchAll(new RegExp(NAME, 'gu'))) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (OFFICIAL_AFTER.test(after)) add('official', m[0], /\b(\p{Lu}[\p{L} ]+)/u.exec(after)?.[1]?.trim() ?? null);
  }
  // Someone named both ways (a Director who also signs) is the author.
  return out.filter((p, i) => !(p.role === 'official' && out.some((q, j) => j !== i && q.role === 'author' && q.name === p.name)));
}

/** The words that name a role person: the full name, the surname, and "Ms. Surname" forms. */
export function mentionsOf(text: string, person: RolePerson): { start: number; end: number }[] {
  const tokens = person.name.split(/\s+/);
  const surname = tokens[tokens.length - 1];
  const given = tokens[0];
  const forms = [person.name, `${surname}, ${given}`, `${given[0]}. ${surname}`, surname, ...(given.length > 2 ? [given] : [])].map(escapeRegExp);
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}])(?:${forms.join('|')})(?![\\p{L}])`, 'gu'))) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}
