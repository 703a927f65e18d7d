import { MUNICIPAL_CODE_SECTION_ID_MAX_LENGTH, type CodeSection } from '@civicdesk/contract';
import type { Db } from '../../db/client';
import { sectionNumberKey } from '../../platform/retrieval/section-number';
import { notFound } from '../../platform/errors';
import type { LocationScope } from '../../platform/tenancy';
import * as repo from './repo';

type SectionRow = NonNullable<Awaited<ReturnType<typeof repo.findSectionById>>>;

/** A section as it is asked for: its number without "§", "Sec." or "Section", and the code or Article named before it, if any. */
export function readSectionReference(value: string): { bare: string; code: string | null; article: string | null } {
  let rest = value.trim();
  let code: string | null = null;
  let article: string | null = null;
  // "Park Code § 3.13", "Police Code, Sec. 37"
  const named = /^(.{2,80}?\bcode)\b[\s,:]*(.+)$/i.exec(rest);
  if (named && /\d/.test(named[2])) {
    code = named[1].trim().toLowerCase();
    rest = named[2];
  }
  // "Art. 16, § 4-1", "Article 27 § 4-1"
  const inArticle = /^art(?:icle)?\.?\s*([0-9A-Za-z]+)\s*[,:]?\s*(.+)$/i.exec(rest);
  if (inArticle && /\d/.test(inArticle[2])) {
    article = inArticle[1].toLowerCase();
    rest = inArticle[2];
  }
  return { bare: sectionNumberKey(rest), code, article };
}

/**
 * Spec §5: an id longer than 11 characters is a document id (our section id); otherwise it is a
 * section number looked up in the caller's city, in any common spelling ("§ 2-532", "2-532",
 * "SEC. 1.05", "Sec. 1.05", "Park Code § 3.13", "Art. 16, § 4-1"). Where the number is in several
 * of the city's codes (San Francisco's Police and Health Codes both have a "Sec. 37"), the first in
 * the code's order is answered unless the code is named, and the others are listed to choose from
 * (`same_number`), however the section was asked for (by its id from a citation too).
 */
async function findSection(db: Db, location: LocationScope, idOrNumber: string): Promise<{ row: SectionRow; others: SectionRow[]; ambiguous: boolean }> {
  const value = idOrNumber.trim();
  const byId = value.length > MUNICIPAL_CODE_SECTION_ID_MAX_LENGTH ? await repo.findSectionById(db, location.locationId, value) : undefined;
  const { bare, code, article } = readSectionReference(byId ? byId.number : value);
  const candidates = bare ? await repo.findSectionsByNumberKey(db, location.locationId, bare) : [];
  const chosen = candidates.filter(
    (r) => (!code || r.titleName.toLowerCase().includes(code) || r.path.toLowerCase().startsWith(code)) && (!article || r.titleNumber.toLowerCase() === article),
  );
  const row = byId ?? chosen[0];
  if (!row) throw notFound('Code section');
  // However it was asked for, the reader sees the other codes' sections of the same number.
  const others = candidates.filter((r) => r.id !== row.id);
  return { row, others, ambiguous: !byId && !code && !article && others.length > 0 };
}

/** A division named in the city's own words ("Article 2 - Consumer Protections", "Park Code", "Subtitle 1"), not a D.C. number ("2", "3B", "IV"). */
const OWN_WORDS = /^(?:Article|Art\.|Title|Tit\.|Chapter|Ch\.|Subtitle|Subchapter|Part|Subpart|Division|Book|Appendix)\s+\S|(?:^|\s)[A-Z][\w.]*\s+Code$/;

/** D.C.'s "Title 2. Government Administration"; a city's own name for its top division as it writes it ("Park Code", "Article 2 - Consumer Protections"). */
export function titleLabel(titleNumber: string, titleName: string): string {
  return OWN_WORDS.test(titleName) ? titleName : `Title ${titleNumber}. ${titleName}`;
}

/** "Chapter 5. …" for D.C.'s numbered chapters; "Article 1. …", "Subtitle 1. …" where the city names the division itself. */
export function divisionLabel(word: string, number: string | null, name: string): string {
  if (!number) return `${word} ${name}`;
  return OWN_WORDS.test(number) ? `${number}. ${name}` : `${word} ${number}. ${name}`;
}

async function presentSection(db: Db, location: LocationScope, row: SectionRow, others: SectionRow[] = [], ambiguous = false): Promise<CodeSection> {
  const [amendedBy, neighbours] = await Promise.all([repo.amendingMeasures(db, row.id), repo.neighboursOf(db, location.locationId, row.position)]);
  const hierarchy: CodeSection['hierarchy'] = [{ level: 'title', label: titleLabel(row.titleNumber, row.titleName) }];
  if (row.chapterTitle) hierarchy.push({ level: 'chapter', label: divisionLabel('Chapter', row.chapter, row.chapterTitle) });
  if (row.subchapterTitle) hierarchy.push({ level: 'subchapter', label: divisionLabel('Subchapter', row.subchapter, row.subchapterTitle) });
  hierarchy.push({ level: 'section', label: `${row.number}. ${row.title}` });
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    title_number: row.titleNumber,
    title_name: row.titleName,
    chapter: row.chapter,
    chapter_title: row.chapterTitle,
    subchapter: row.subchapter,
    subchapter_title: row.subchapterTitle,
    path: row.path,
    hierarchy,
    status: row.status as CodeSection['status'],
    text: row.text,
    source_url: row.sourceUrl,
    amended_by: amendedBy,
    history: row.history,
    previous: neighbours.previous,
    next: neighbours.next,
    location: { code: location.code, name: location.name },
    same_number: others.map((o) => ({ id: o.id, number: o.number, title: o.title, code: o.titleName })),
    ambiguous,
  };
}

/** `GET /api/municipal_code/data`: the section asked for, however it was written, as the viewer shows it. */
export async function lookUpSection(db: Db, location: LocationScope, idOrNumber: string): Promise<CodeSection> {
  const { row, others, ambiguous } = await findSection(db, location, idOrNumber);
  return presentSection(db, location, row, others, ambiguous);
}
