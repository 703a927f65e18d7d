import { describe, expect, it } from 'vitest';
import { searchRequestPath, type SearchState } from './search';

const search = (state: Partial<SearchState> & Pick<SearchState, 'q'>): SearchState => ({
  page: 1,
  scope: 'all',
  ...state,
  filters: { types: [], sort: 'relevance', ...state.filters },
});

describe('searchRequestPath', () => {
  it('calls the scope endpoint with the contract parameter names', () => {
    const state = search({ q: ' budget ', page: 2, filters: { types: ['ORDINANCE'], from: '2020-01-01', sort: 'date_asc', committee: 'Committee on Finance' } });
    const [path, query] = searchRequestPath(state).split('?');
    expect(path).toBe('/search');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      query: 'budget',
      document_types: 'ORDINANCE',
      start_date: '2020-01-01',
      sort_by: 'date_asc',
      committee: 'Committee on Finance',
      page: '2',
      total_limit: '20',
    });
  });

  it('sends agenda and resolution searches to their own engines, without document types', () => {
    expect(searchRequestPath(search({ q: 'tax', scope: 'agenda' }))).toMatch(/^\/agenda_item\/research\?query=tax&sort_by=relevance&page=1/);
    const resolution = searchRequestPath(search({ q: '', scope: 'resolution', filters: { types: ['ORDINANCE'], sort: 'relevance' } }));
    expect(resolution.startsWith('/ordinance/search/?')).toBe(true);
    expect(resolution).not.toContain('document_types');
  });
});
