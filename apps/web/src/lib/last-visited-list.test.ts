import { beforeEach, describe, expect, it } from 'vitest';
import { lastListHref, rememberList } from './last-visited-list';

describe('last visited lists', () => {
  beforeEach(() => sessionStorage.clear());

  it('leads back to the last results and meeting list of the session', () => {
    expect(lastListHref('search')).toBe('/?tab=search');
    rememberList('search', '?tab=search&q=snow&page=2');
    rememberList('explore', '?tab=explore&m_from=2016-12-01');
    expect(lastListHref('search')).toBe('/?tab=search&q=snow&page=2');
    expect(lastListHref('explore')).toBe('/?tab=explore&m_from=2016-12-01');
  });

  it('ignores an entry that is not a Smart Search address', () => {
    sessionStorage.setItem('civicdesk.last-list', JSON.stringify({ search: 'https://evil.example/' }));
    expect(lastListHref('search')).toBe('/?tab=search');
  });
});
