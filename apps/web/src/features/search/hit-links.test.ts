import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@civicdesk/contract';
import { hitHref, meetingHref } from './hit-links';

const hit = (fields: Partial<SearchHit>): SearchHit => ({
  id: 'h1',
  source: 'legislation',
  document_type: 'ORDINANCE',
  title: 'Snow Removal Act',
  file_number: 'B21-921',
  date: '2017-04-07',
  committee: null,
  status: 'Effective',
  section_name: null,
  agenda_id: null,
  legislation_id: null,
  snippet: '',
  url: 'https://elsewhere.example/x',
  score: 1,
  match: 'all_terms',
  ...fields,
});

describe('result links', () => {
  it('opens a law on its ordinance page and never follows an outside address', () => {
    expect(hitHref(hit({ id: 'L1', legislation_id: 'L1' }))).toBe('/ordinance/L1');
  });

  it('opens a vote on its measure with the vote marked, and offers its meeting', () => {
    const vote = hit({ id: 'i 9', source: 'agenda_item', agenda_id: 'a1', legislation_id: 'L1' });
    expect(hitHref(vote)).toBe('/ordinance/L1?agenda_item=i%209');
    expect(meetingHref(vote)).toBe('/agenda/a1#item-i%209');
    expect(hitHref(hit({ id: 'i2', source: 'agenda_item', agenda_id: 'a1' }))).toBe('/agenda/a1#item-i2');
  });

  it('opens an uploaded document in the viewer by its id', () => {
    expect(hitHref(hit({ id: 'd1', source: 'external_document', document_type: 'DOCUMENT', title: 'Budget & plan' }))).toBe(
      '/pdf-viewer?document=d1&name=Budget+%26+plan',
    );
  });
});
