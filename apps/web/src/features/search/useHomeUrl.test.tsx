import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { forgetFilters, rememberedFilters } from './filters';
import { useHomeUrl } from './useHomeUrl';
import { EMPTY_FILTERS } from './url-state';

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ home: useHomeUrl(), location: useLocation() }), { wrapper });
}

describe('useHomeUrl', () => {
  beforeEach(() => forgetFilters());

  it('writes a search to the address and starts it on page 1', () => {
    const { result } = renderAt('/?tab=search&q=tax&page=4');
    act(() => result.current.home.setQuery('snow removal'));
    expect(result.current.location.search).toBe('?tab=search&q=snow+removal');
    act(() => result.current.home.setPage(2));
    expect(result.current.home.search.page).toBe(2);
  });

  it('remembers each scope’s filters for the session and brings them back when the scope returns', () => {
    const { result } = renderAt('/?tab=search&q=tax');
    act(() => result.current.home.setFilters({ ...EMPTY_FILTERS, status: 'Effective' }));
    expect(result.current.location.search).toBe('?tab=search&q=tax&status=Effective');
    expect(rememberedFilters().all.status).toBe('Effective');

    act(() => result.current.home.setScope('resolution'));
    expect(result.current.home.search).toMatchObject({ scope: 'resolution', filters: EMPTY_FILTERS });
    act(() => result.current.home.setScope('all'));
    expect(result.current.home.search.filters.status).toBe('Effective');
  });

  it('keeps the date range and the sort across scopes (issue 22), each scope keeping its own other filters', () => {
    const { result } = renderAt('/?tab=search&q=tax');
    act(() => result.current.home.setFilters({ ...EMPTY_FILTERS, status: 'Effective', from: '2019-01-01', to: '2019-12-31', sort: 'date_desc' }));
    act(() => result.current.home.setScope('agenda'));
    expect(result.current.home.search).toMatchObject({ scope: 'agenda', filters: { ...EMPTY_FILTERS, from: '2019-01-01', to: '2019-12-31', sort: 'date_desc' } });
    expect(result.current.location.search).toContain('from=2019-01-01');
    expect(result.current.location.search).toContain('sort=date_desc');
    act(() => result.current.home.setScope('all'));
    expect(result.current.home.search.filters).toMatchObject({ status: 'Effective', from: '2019-01-01', sort: 'date_desc' });
  });

  it('restores the session’s filters when the results are opened from a bare address, not on a shared link', () => {
    const first = renderAt('/?tab=search&q=tax');
    act(() => first.result.current.home.setFilters({ ...EMPTY_FILTERS, from: '2019-01-01', to: '2019-12-31' }));
    first.unmount();

    const bare = renderAt('/?tab=search');
    expect(bare.result.current.location.search).toBe('?tab=search&from=2019-01-01&to=2019-12-31');

    const shared = renderAt('/?q=budget');
    expect(shared.result.current.location.search).toBe('?q=budget');
  });
});
