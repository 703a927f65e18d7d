import { randomUUID } from 'node:crypto';
import type { AgendaDetail, AgendaListQuery, AgendaStats, AgendaSummary, CreateAgendaRequest } from '@civicdesk/contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { type LocationScope, resolveLocation } from '../../platform/tenancy';
import { presentAgendaItem } from '../agenda-items/presenter';
import * as repo from './repo';

/** Agendas are meetings; the demo city's are reconstructed from vote history, and say so. */
function presentAgenda(row: repo.AgendaRow, itemCount: number, locationCode: string): AgendaSummary {
  return {
    id: row.id,
    date: row.date,
    meeting_type: row.meetingType,
    title: row.title,
    body: row.body,
    status: row.status,
    sections: row.sections,
    item_count: Number(itemCount),
    reconstructed: Boolean(row.derivedFrom),
    derived_from: row.derivedFrom,
    location_code: locationCode,
  };
}

export async function listAgendas(db: Db, principal: Principal, q: AgendaListQuery) {
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code });
  const { rows, total } = await repo.listAgendas(db, scope.locationId, q);
  return { agendas: rows.map((r) => presentAgenda(r.agenda, r.itemCount, scope.code)), total, skip: q.skip, limit: q.limit };
}

export async function agendaStats(db: Db, principal: Principal, cityCode?: string): Promise<AgendaStats> {
  const scope = await resolveLocation(db, principal, { cityCode });
  return { location_code: scope.code, ...(await repo.agendaStatistics(db, scope.locationId)) };
}

/** The agenda of the caller's location; ADMIN reads any city's agenda by id. */
async function scopeOfAgenda(db: Db, principal: Principal, id: string): Promise<{ scope: LocationScope; found: Awaited<ReturnType<typeof repo.findAgenda>> | undefined }> {
  const own = await resolveLocation(db, principal);
  const found = await repo.findAgenda(db, own.locationId, id);
  if (found || principal.role !== 'ADMIN') return { scope: own, found };
  const code = await repo.locationCodeOfAgenda(db, id);
  if (!code) return { scope: own, found: undefined };
  const scope = await resolveLocation(db, principal, { cityCode: code });
  return { scope, found: await repo.findAgenda(db, scope.locationId, id) };
}

export async function readAgenda(db: Db, principal: Principal, id: string): Promise<AgendaDetail> {
  const { scope, found } = await scopeOfAgenda(db, principal, id);
  if (!found) throw notFound('Agenda');
  const items = (await repo.itemsOfAgenda(db, scope.locationId, id)).map((r) => presentAgendaItem(r, scope.code));
  const agenda = presentAgenda(found.agenda, found.itemCount, scope.code);
  // Sections in the agenda's order, then any section only the items name, then unsectioned items.
  const names = [...agenda.sections];
  for (const item of items) if (item.section_name && !names.includes(item.section_name)) names.push(item.section_name);
  const sections = names.map((name) => ({ name, items: items.filter((i) => i.section_name === name) }));
  const ordered = [...sections.flatMap((s) => s.items), ...items.filter((i) => !i.section_name)];
  return {
    ...agenda,
    note: agenda.reconstructed
      ? `Reconstructed from the ${agenda.derived_from}: the votes and dates are real; the agenda layout (sections and order) is not the published agenda.`
      : null,
    sections_with_items: sections,
    items: ordered,
  };
}

export async function createAgenda(db: Db, principal: Principal, body: CreateAgendaRequest) {
  const scope = await resolveLocation(db, principal, { cityCode: body.city_code });
  const id = randomUUID();
  await repo.insertAgenda(db, {
    id,
    locationId: scope.locationId,
    date: body.date,
    meetingType: body.meeting_type,
    title: body.title,
    body: body.body ?? null,
    sections: body.sections ?? [],
    status: 'NEWLY_CREATED',
    createdBy: principal.userId,
  });
  return readAgenda(db, principal, id);
}

export async function setAgendaSections(db: Db, principal: Principal, id: string, sections: string[]) {
  const { scope, found } = await scopeOfAgenda(db, principal, id);
  if (!found) throw notFound('Agenda');
  await repo.setSections(db, scope.locationId, id, sections);
  return readAgenda(db, principal, id);
}
