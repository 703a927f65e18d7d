import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { forgetFilters, rememberFilters, rememberedFilters, reloadClientFiltersForTest, useClientFilters } from './filters';
import { EMPTY_FILTERS } from './url-state';

describe('client-held filters', () => {
  beforeEach(() => {
    sessionStorage.clear();
    forgetFilters();
  });

  it('keeps one set per scope for the session, surviving a reload of the page', () => {
    rememberFilters('agenda', { ...EMPTY_FILTERS, section: 'FINAL READING' });
    rememberFilters('resolution', { ...EMPTY_FILTERS, status: 'Effective', sort: 'date_desc' });
    reloadClientFiltersForTest();
    const filters = rememberedFilters();
    expect(filters.agenda.section).toBe('FINAL READING');
    expect(filters.resolution).toMatchObject({ status: 'Effective', sort: 'date_desc' });
    expect(filters.all).toEqual(EMPTY_FILTERS);
  });

  it('ignores tampered storage', () => {
    sessionStorage.setItem('civicdesk.search-filters', JSON.stringify({ all: { types: ['ORDINANCE', 7, 'HACK'], from: '<b>', sort: 'x' } }));
    reloadClientFiltersForTest();
    expect(rememberedFilters().all).toEqual({ ...EMPTY_FILTERS, types: ['ORDINANCE'] });
    sessionStorage.setItem('civicdesk.search-filters', '{not json');
    reloadClientFiltersForTest();
    expect(rememberedFilters().all).toEqual(EMPTY_FILTERS);
  });

  it('tells subscribed components about a change', () => {
    const { result } = renderHook(() => useClientFilters());
    expect(result.current.all.types).toEqual([]);
    act(() => rememberFilters('all', { ...EMPTY_FILTERS, types: ['RESOLUTION'] }));
    expect(result.current.all.types).toEqual(['RESOLUTION']);
  });
});
