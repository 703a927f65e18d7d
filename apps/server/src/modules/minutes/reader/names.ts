/**
 * People in minutes: the titles they are written with ("Councilmember", "Cmsr.", "Ms."), a name as a
 * pattern, and the roster of the meeting's members, which turns "Quarles", "The Chairman" or
 * "COUNCILMEMBER QUARLES" into the member as the attendance list writes her.
 */
export const TITLE = String.raw`(?:Mayor Pro Tem|Mayor|Vice[ -]Chair(?:man|woman|person)?|Chair(?:man|woman|person)?|Council(?:member|man|woman| member)s?|Alder(?:man|woman|person)|Commissioners?|Cmsr\.|Supervisors?|Board Members?|Members?|Trustees?|Directors?|Vice President|President|Secretary|Treasurer|Delegate|Senator|Representative|Judge|Hon\.|Mr\.|Ms\.|Mrs\.|Dr\.)`;
const WORD = String.raw`[A-Z][\w'’-]+`;
/**
 * A person: "The Chair", a title and a name, or a first and last name. It starts where a word
 * starts: tried inside a word as well, each capital of a long run of letters ("AbAbAb…") read the
 * rest of the run again, and 64 KB of them took 30 s.
 */
export const NAME = String.raw`(?<![\w'’-])(?:[Tt]he (?:Vice[ -])?(?:Chair(?:man|woman|person)?|President|Mayor)|${TITLE}[ \t]+${WORD}(?:[ \t]+${WORD}){0,2}|${WORD}[ \t]+${WORD})`;

const TITLE_AT_START = new RegExp(`^(?:${TITLE}\\s+)+`, 'i');
const CHAIR = /^(?:the )?(?:vice[ -])?(?:chair(?:man|woman|person)?|president|mayor|presiding officer)$/i;

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

/** A name with its title and trailing punctuation removed; a name in capitals (a transcript's speaker) in title case. */
export function cleanName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let name = raw.replace(/\([^)]*\)/g, '').replace(/[.,;:]+$/, '').trim();
  if (CHAIR.test(name)) return name.replace(/^the /i, 'The ').replace(/^(?!The )/, 'The ');
  name = name.replace(TITLE_AT_START, '').trim();
  if (name && name === name.toUpperCase() && /\p{Lu}{2}/u.test(name)) name = titleCase(name);
  return name || null;
}

/** The meeting's members, to write every mention of one of them the same way. */
export class Roster {
  private readonly members: string[];
  constructor(
    present: string[],
    private readonly absent: string[],
    private readonly presiding: string | null,
    /** The city's council as its settings list it: names a record gives by surname only are resolved to them when its attendance does not name them. */
    private readonly known: string[] = [],
  ) {
    this.members = [...new Set([...(presiding ? [presiding] : []), ...present, ...absent])];
  }

  /** Members the attendance lists as absent. */
  absentMembers() {
    return this.absent;
  }

  get size() {
    return this.members.length;
  }

  all() {
    return this.members;
  }

  /** "Quarles", "Ms. Quarles", "The Chair" → the roster's "Teresa Quarles" (or the presiding officer); otherwise the name as written. */
  resolve(raw: string | null | undefined): string | null {
    const name = cleanName(raw);
    if (!name) return null;
    if (CHAIR.test(name)) return this.presiding ?? name;
    const surname = name.split(/\s+/).pop()!.toLowerCase();
    const match = (list: string[]) => list.filter((m) => m.toLowerCase() === name.toLowerCase() || m.split(/\s+/).pop()!.toLowerCase() === surname);
    const hits = match(this.members);
    if (hits.length === 1) return hits[0];
    const council = hits.length ? [] : match(this.known);
    return council.length === 1 ? council[0] : name;
  }
}

/** "Councilmembers Pruitt, Okonkwo and Ambrose; Chairman Holloway" → each name, titles dropped. */
export function nameList(list: string): string[] {
  return list
    .replace(/\([^)]*\)/g, '')
    .replace(/\.\s*$/, '')
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((n) => cleanName(n))
    .filter((n): n is string => !!n && /^\p{Lu}/u.test(n) && !/^(?:none|n\/a)$/i.test(n) && n.split(/\s+/).length <= 4);
}
