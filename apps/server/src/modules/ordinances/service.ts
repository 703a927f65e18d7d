import type { OrdinanceDetail, OrdinanceStatistics, SearchResponse, ordinanceSearchQuerySchema } from '@civicdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { runSearch } from '../../platform/search/engine';
import { type LocationScope, resolveLocation } from '../../platform/tenancy';
import * as repo from './repo';
import { readVote, summaryAndNote } from './record-fields';

export async function ordinanceStatistics(db: Db, principal: Principal, q: { state?: string; city_code?: string }): Promise<OrdinanceStatistics> {
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code, stateCode: q.state });
  return { location_code: scope.code, ...(await repo.ordinanceStatistics(db, scope.locationId)) };
}

/** GET /ordinance/search/: the search engine restricted to the location's legislation. */
export async function searchOrdinances(db: Db, principal: Principal, q: z.infer<typeof ordinanceSearchQuerySchema>): Promise<SearchResponse> {
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code, stateCode: q.state_code });
  return runSearch(db, scope, {
    query: q.query,
    sources: ['legislation'],
    startDate: q.start_date,
    endDate: q.end_date,
    committee: q.committee,
    status: q.status,
    sort: q.sort_by,
    page: q.page,
    pageSize: q.total_limit,
  });
}

/** An ordinance of the caller's location (ADMIN: of any location); anything else is "not found". */
export async function findOrdinance(db: Db, principal: Principal, id: string): Promise<{ scope: LocationScope; row: repo.OrdinanceRow }> {
  let scope = await resolveLocation(db, principal);
  let row = await repo.findOrdinance(db, scope.locationId, id);
  if (!row && principal.role === 'ADMIN') {
    const code = await repo.locationCodeOfOrdinance(db, id);
    if (code) {
      scope = await resolveLocation(db, principal, { cityCode: code });
      row = await repo.findOrdinance(db, scope.locationId, id);
    }
  }
  if (!row) throw notFound('Ordinance');
  return { scope, row };
}

export async function readOrdinance(db: Db, principal: Principal, id: string): Promise<OrdinanceDetail> {
  const { scope, row } = await findOrdinance(db, principal, id);
  const items = await repo.agendaItemsOfOrdinance(db, scope.locationId, row.id);
  return {
    id: row.id,
    source_id: row.sourceId,
    kind: row.kind,
    document_type: row.documentType,
    file_number: row.fileNumber,
    law_number: row.lawNumber,
    act_number: row.actNumber,
    bill_number: row.billNumber,
    council_period: row.councilPeriod,
    title: row.title,
    long_title: row.longTitle,
    ...summaryAndNote(row.summary),
    committee: row.committee,
    status: row.status,
    introduced: row.introduced,
    enacted: row.enacted,
    effective: row.effective,
    votes: row.votes.map(readVote),
    history_url: row.historyUrl,
    text: row.text,
    agenda_items: items,
    location_code: scope.code,
  };
}
