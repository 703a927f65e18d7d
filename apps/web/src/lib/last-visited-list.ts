/**
 * Where "Back to search" and "All meetings" lead: the results or meeting list the clerk last
 * looked at in this session, with its query, filters and page, rather than an empty page.
 */
export type ListKind = 'search' | 'explore';

const KEY = 'civicdesk.last-list';
const FALLBACK: Record<ListKind, string> = { search: '/?tab=search', explore: '/?tab=explore' };

function read(): Partial<Record<ListKind, string>> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<Record<ListKind, string>>;
  } catch {
    return {};
  }
}

export function rememberList(kind: ListKind, search: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [kind]: `/${search}` }));
  } catch {
    // Without storage the links fall back to the plain tab.
  }
}

/** A same-site path only: a tampered entry cannot send the clerk elsewhere. */
export function lastListHref(kind: ListKind): string {
  const href = read()[kind];
  return typeof href === 'string' && href.startsWith('/?') ? href : FALLBACK[kind];
}
