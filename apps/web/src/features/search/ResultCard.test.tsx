import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@civicdesk/contract';
import { ResultCard } from './ResultCard';

const hit: SearchHit = {
  id: 'item-1',
  source: 'agenda_item',
  document_type: 'ORDINANCE',
  title: 'Snow Removal Amendment Act of 2026',
  file_number: 'B26-0412',
  date: '2026-03-03',
  committee: null,
  status: 'Passed',
  section_name: 'FIRST READING',
} as SearchHit;

describe('a result card', () => {
  it('calls an agenda item an agenda item, with the reading it was, whatever measure it takes up (issue 22)', () => {
    render(
      <MemoryRouter>
        <ResultCard hit={hit} markFuzzy={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Agenda item')).toBeTruthy();
    expect(screen.queryByText('Ordinance')).toBeNull();
    expect(screen.getByText(/First reading/)).toBeTruthy();
  });
});
