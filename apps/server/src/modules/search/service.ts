import type { SearchDocumentType, SearchQuery, SearchResponse } from '@civicdesk/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import { runSearch } from '../../platform/search/engine';
import type { SearchSource } from '../../platform/search/repo';
import { resolveLocation } from '../../platform/tenancy';

/** Which tables can hold records of the requested document types (all of them when none is asked). */
export function sourcesFor(types: readonly SearchDocumentType[] | undefined): SearchSource[] {
  if (!types?.length) return ['legislation', 'agenda_item', 'external_document'];
  const sources: SearchSource[] = [];
  if (types.some((t) => t === 'ORDINANCE' || t === 'RESOLUTION' || t === 'PROCLAMATION')) sources.push('legislation');
  if (types.some((t) => t !== 'DOCUMENT')) sources.push('agenda_item');
  sources.push('external_document');
  return sources;
}

/** GET /search: every document type of the caller's (or, for ADMIN, the named) location. */
export async function searchAll(db: Db, principal: Principal, q: SearchQuery): Promise<SearchResponse> {
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code, stateCode: q.state_code });
  return runSearch(db, scope, {
    query: q.query,
    sources: sourcesFor(q.document_types),
    documentTypes: q.document_types,
    startDate: q.start_date,
    endDate: q.end_date,
    committee: q.committee,
    status: q.status,
    section: q.section,
    sort: q.sort_by,
    page: q.page,
    pageSize: q.total_limit,
    limitPerType: q.limit_per_type,
  });
}

/** GET /{cityCode}/research/meili/{query}: the same engine, the city in the path. */
export async function research(
  db: Db,
  principal: Principal,
  cityCode: string,
  query: string,
  q: { start_date?: string; end_date?: string; sort_by: SearchQuery['sort_by']; page: number; total_limit: number; document_types?: SearchDocumentType[] },
): Promise<SearchResponse> {
  const scope = await resolveLocation(db, principal, { cityCode });
  return runSearch(db, scope, {
    query,
    sources: sourcesFor(q.document_types),
    documentTypes: q.document_types,
    startDate: q.start_date,
    endDate: q.end_date,
    sort: q.sort_by,
    page: q.page,
    pageSize: q.total_limit,
  });
}
