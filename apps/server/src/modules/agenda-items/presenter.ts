import type { AgendaItem } from '@civicdesk/contract';
import type { AgendaItemRow } from './repo';

/** One agenda item on the wire (snake_case, ISO timestamps). */
export function presentAgendaItem(row: AgendaItemRow, locationCode: string): AgendaItem {
  return {
    id: row.id,
    agenda_id: row.agendaId,
    date: row.date,
    section_name: row.sectionName,
    position: row.position,
    title: row.title,
    description: row.description,
    document_type: row.documentType as AgendaItem['document_type'],
    file_number: row.fileNumber,
    committee: row.committee,
    legislation_id: row.legislationId,
    status: row.status,
    final_category: row.finalCategory,
    sponsor_id: row.sponsorId,
    location_code: locationCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
