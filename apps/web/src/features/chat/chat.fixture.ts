import type { Citation } from '@civicdesk/contract';

/** A verified citation of the D.C. records law, for the chat's tests. */
export const RECORDS_CITATION: Citation = {
  number: '§ 2-532',
  title: 'Right of access to public records.',
  quote: 'within 15 days (excluding Saturdays, Sundays, and legal public holidays)',
  source_url: 'https://code.dccouncil.gov/us/dc/council/code/sections/2-532',
  status: 'in_force',
  verified: true,
  kind: 'code_section',
  source_id: 'dc-2-532',
};

/** The body of a Server-Sent Events stream holding these events. */
export const sseText = (events: { event: string; data: unknown }[]) =>
  events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
