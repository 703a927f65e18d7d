import type { SearchHit } from '@civicdesk/contract';

/**
 * The page that shows a hit, built from the hit's own fields so every link lands on a route
 * this app has: a law on its ordinance page; a vote on the measure it was about (with the vote
 * marked), or on its meeting when it names no measure; an upload in the document viewer.
 */
export function hitHref(hit: SearchHit): string {
  const id = encodeURIComponent(hit.id);
  if (hit.source === 'legislation') return `/ordinance/${encodeURIComponent(hit.legislation_id ?? hit.id)}`;
  if (hit.source === 'agenda_item') {
    if (hit.legislation_id) return `/ordinance/${encodeURIComponent(hit.legislation_id)}?agenda_item=${id}`;
    if (hit.agenda_id) return agendaItemHref(hit.agenda_id, hit.id);
  }
  return `/pdf-viewer?${new URLSearchParams({ document: hit.id, name: hit.title })}`;
}

export const agendaItemHref = (agendaId: string, itemId: string) => `/agenda/${encodeURIComponent(agendaId)}#item-${encodeURIComponent(itemId)}`;

/** A vote found by search also links to the meeting it was taken at. */
export function meetingHref(hit: SearchHit): string | null {
  return hit.source === 'agenda_item' && hit.agenda_id && hit.legislation_id ? agendaItemHref(hit.agenda_id, hit.id) : null;
}
