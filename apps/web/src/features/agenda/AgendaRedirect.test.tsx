import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AgendaRedirect } from './AgendaRedirect';

function Where() {
  const { pathname, hash } = useLocation();
  return <p>{pathname + hash}</p>;
}

describe('AgendaRedirect', () => {
  it('forwards the API’s agenda-item address to the agenda page with the item marked', () => {
    render(
      <MemoryRouter initialEntries={['/ordinance/agenda/a%201?agenda_item=i9']}>
        <Routes>
          <Route path="/ordinance/agenda/:id" element={<AgendaRedirect />} />
          <Route path="/agenda/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('/agenda/a%201#item-i9')).toBeTruthy();
  });
});
