import { describe, expect, it } from 'vitest';
import { activeFilterCount, readHomeUrl, wholeYearOf, writeHomeUrl } from './url-state';

const read = (query: string) => readHomeUrl(new URLSearchParams(query));

describe('the Smart Search address', () => {
  it('opens HOME on a bare address and SEARCH when a shared link carries a query', () => {
    expect(read('').tab).toBe('home');
    expect(read('q=snow').tab).toBe('search');
    expect(read('tab=explore&q=snow').tab).toBe('explore');
    expect(read('tab=nonsense').tab).toBe('home');
  });

  it('reads every search parameter and writes the same address back', () => {
    const query = 'tab=search&q=snow+removal&types=RESOLUTION%2CORDINANCE&from=2019-01-01&to=2019-12-31&sort=date_desc&committee=Committee+of+the+Whole&status=Effective&section=FINAL+READING&page=3';
    const state = read(query);
    expect(state.search).toEqual({
      q: 'snow removal',
      page: 3,
      scope: 'all',
      filters: {
        types: ['RESOLUTION', 'ORDINANCE'],
        from: '2019-01-01',
        to: '2019-12-31',
        sort: 'date_desc',
        committee: 'Committee of the Whole',
        status: 'Effective',
        section: 'FINAL READING',
      },
    });
    expect(writeHomeUrl(state).toString()).toBe(query);
  });

  it('leaves defaults out of the address', () => {
    expect(writeHomeUrl(read('tab=home&page=1&sort=relevance&scope=all')).toString()).toBe('');
    expect(writeHomeUrl(read('tab=explore&meeting=CITY+COUNCIL&m_page=2')).toString()).toBe('tab=explore&meeting=CITY+COUNCIL&m_page=2');
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    const { search } = read('page=-4&types=ORDINANCE,bogus,ordinance&from=2024-13-45&to=yesterday&sort=loudest&scope=everything');
    expect(search.page).toBe(1);
    expect(search.filters.types).toEqual(['ORDINANCE']);
    expect(search.filters.from).toBeUndefined();
    expect(search.filters.to).toBeUndefined();
    expect(search.filters.sort).toBe('relevance');
    expect(search.scope).toBe('all');
    expect(read('page=2.5').search.page).toBe(1);
    expect(read('page=99999').search.page).toBe(1000);
  });

  it('drops document types outside the all-category scope', () => {
    const state = read('scope=resolution&types=ORDINANCE&q=tax');
    expect(writeHomeUrl(state).get('types')).toBeNull();
  });
});

describe('filter helpers', () => {
  it('counts a date range once and recognises a whole year', () => {
    const filters = read('types=ORDINANCE,RESOLUTION&from=2019-01-01&to=2019-12-31&status=Effective').search.filters;
    expect(activeFilterCount(filters)).toBe(4);
    expect(wholeYearOf(filters)).toBe('2019');
    expect(wholeYearOf({ from: '2019-01-01', to: '2019-06-30' })).toBeUndefined();
  });
});
