import { MUNICIPAL_CODE_SECTION_ID_MAX_LENGTH, type CodeSection } from '@civicdesk/contract';
import type { Db } from '../../db/client';
import { sectionNumberKey } from '../../imports/records';
import { notFound } from '../../platform/errors';
import type { LocationScope } from '../../platform/tenancy';
import * as repo from './repo';

type SectionRow = NonNullable<Awaited<ReturnType<typeof repo.findSectionById>>>;

/**
 * Spec §5: an id longer than 11 characters is a document id (our section id); otherwise it is a
 * section number ("§ 2-532" or "2-532") looked up in the caller's city.
 */
export async function findSection(db: Db, location: LocationScope, idOrNumber: string): Promise<SectionRow> {
  const value = idOrNumber.trim();
  const row =
    value.length > MUNICIPAL_CODE_SECTION_ID_MAX_LENGTH
      ? ((await repo.findSectionById(db, location.locationId, value)) ?? (await repo.findSectionByNumber(db, location.locationId, sectionNumberKey(value))))
      : await repo.findSectionByNumber(db, location.locationId, sectionNumberKey(value));
  if (!row) throw notFound('Code section');
  return row;
}

export async function presentSection(db: Db, location: LocationScope, row: SectionRow): Promise<CodeSection> {
  const [amendedBy, neighbours] = await Promise.all([repo.amendingMeasures(db, row.id), repo.neighboursOf(db, location.locationId, row.position)]);
  const hierarchy: CodeSection['hierarchy'] = [{ level: 'title', label: `Title ${row.titleNumber}. ${row.titleName}` }];
  if (row.chapterTitle) hierarchy.push({ level: 'chapter', label: `Chapter ${row.chapter ?? ''}. ${row.chapterTitle}`.replace('Chapter . ', 'Chapter ') });
  if (row.subchapterTitle) hierarchy.push({ level: 'subchapter', label: `Subchapter ${row.subchapter ?? ''}. ${row.subchapterTitle}`.replace('Subchapter . ', 'Subchapter ') });
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
    previous: neighbours.previous,
    next: neighbours.next,
    location: { code: location.code, name: location.name },
  };
}
