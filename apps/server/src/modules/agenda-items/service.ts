import { randomUUID } from 'node:crypto';
import type {
  AgendaItemFilter,
  AgendaItemPage,
  agendaItemResearchQuerySchema,
  CreateAgendaItemRequest,
  SearchResponse,
  UpdateAgendaItemRequest,
} from '@civicdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { runSearch } from '../../platform/search/engine';
import { refreshSearchRecords } from '../../platform/search/index-registry';
import { resolveLocation } from '../../platform/tenancy';
import { learnWords } from '../../platform/search/typo';
import { presentAgendaItem } from './presenter';
import * as repo from './repo';

export async function listAgendaItems(db: Db, principal: Principal, filter: AgendaItemFilter): Promise<AgendaItemPage> {
  const scope = await resolveLocation(db, principal, { cityCode: filter.city_code });
  const { rows, total } = await repo.listAgendaItems(db, scope.locationId, filter);
  return { items: rows.map((r) => presentAgendaItem(r, scope.code)), total, skip: filter.skip, limit: filter.limit };
}

/** Links must point at records of the same location; anything else is "not found". */
async function checkLinks(db: Db, locationId: string, body: { agenda_id?: string | null; legislation_id?: string | null }) {
  const agenda = body.agenda_id ? await repo.findAgendaOfLocation(db, locationId, body.agenda_id) : undefined;
  if (body.agenda_id && !agenda) throw notFound('Agenda');
  if (body.legislation_id && !(await repo.legislationExists(db, locationId, body.legislation_id))) throw notFound('Ordinance');
  return agenda;
}

export async function createAgendaItem(db: Db, principal: Principal, body: CreateAgendaItemRequest) {
  const scope = await resolveLocation(db, principal, { cityCode: body.city_code });
  const agenda = await checkLinks(db, scope.locationId, body);
  const section = body.section_name?.toUpperCase() ?? null;
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (agenda && section) await repo.appendAgendaSection(t, agenda.id, agenda.sections, section);
    return repo.insertAgendaItem(t, {
      id: randomUUID(),
      locationId: scope.locationId,
      agendaId: agenda?.id ?? null,
      date: body.date ?? agenda?.date ?? null,
      sectionName: section,
      position: agenda ? await repo.nextPosition(t, agenda.id) : 0,
      title: body.title,
      description: body.description ?? '',
      documentType: body.document_type ?? 'AGENDA_ITEM',
      fileNumber: body.file_number?.toUpperCase() ?? null,
      committee: body.committee ?? null,
      legislationId: body.legislation_id ?? null,
      status: body.status ?? null,
      finalCategory: body.final_category ?? null,
      sponsorId: body.sponsor_id ?? null,
      createdBy: principal.userId,
    });
  });
  learnWords(scope.locationId, `${row.title} ${row.description}`);
  await refreshSearchRecords(db, scope.locationId, 'agenda_item', [row.id]);
  return presentAgendaItem(row, scope.code);
}

/** PUT /agenda_item: only items of the caller's location (ADMIN: any); unknown ids are "not found". */
export async function updateAgendaItem(db: Db, principal: Principal, body: UpdateAgendaItemRequest) {
  const scopes = principal.role === 'ADMIN' ? await itemScopeForAdmin(db, principal, body.id) : await resolveLocation(db, principal);
  const current = await repo.findAgendaItem(db, scopes.locationId, body.id);
  if (!current) throw notFound('Agenda item');
  const agenda = await checkLinks(db, scopes.locationId, body);
  const section = body.section_name === undefined ? undefined : (body.section_name?.toUpperCase() ?? null);
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const target = agenda ?? (current.agendaId ? await repo.findAgendaOfLocation(t, scopes.locationId, current.agendaId) : undefined);
    if (target && section) await repo.appendAgendaSection(t, target.id, target.sections, section);
    return repo.updateAgendaItem(t, scopes.locationId, body.id, {
      agendaId: body.agenda_id,
      date: body.date,
      sectionName: section,
      title: body.title,
      description: body.description,
      documentType: body.document_type,
      fileNumber: body.file_number === undefined ? undefined : (body.file_number?.toUpperCase() ?? null),
      committee: body.committee,
      legislationId: body.legislation_id,
      status: body.status,
      finalCategory: body.final_category,
      sponsorId: body.sponsor_id,
      ...(body.agenda_id && agenda && body.agenda_id !== current.agendaId ? { position: await repo.nextPosition(t, agenda.id) } : {}),
    });
  });
  learnWords(scopes.locationId, `${row.title} ${row.description}`);
  await refreshSearchRecords(db, scopes.locationId, 'agenda_item', [row.id]);
  return presentAgendaItem(row, scopes.code);
}

/** ADMIN may edit any city's item: the item's own location is the scope. */
async function itemScopeForAdmin(db: Db, principal: Principal, id: string) {
  const code = await repo.locationCodeOfItem(db, id);
  if (!code) throw notFound('Agenda item');
  return resolveLocation(db, principal, { cityCode: code });
}

/** GET /agenda_item/research: the search engine over agenda items only. */
export async function researchAgendaItems(
  db: Db,
  principal: Principal,
  q: z.infer<typeof agendaItemResearchQuerySchema>,
): Promise<SearchResponse> {
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code, stateCode: q.state_code });
  return runSearch(db, scope, {
    query: q.query,
    sources: ['agenda_item'],
    documentTypes: q.document_type ? [q.document_type] : undefined,
    startDate: q.start_date,
    endDate: q.end_date,
    committee: q.committee,
    status: q.status,
    section: q.section,
    sort: q.sort_by,
    page: q.page,
    pageSize: q.total_limit,
  });
}
