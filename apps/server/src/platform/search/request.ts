import type { SearchSort } from '@civicdesk/contract';
import type { LocationScope } from '../tenancy';
import type { SearchSource } from './repo';

/**
 * One search as every caller asks for it (GET /search, research, ordinance search) and as both
 * paths execute it (decision 017): declared here once; the plans of the SQL path (repo.ts) and of
 * the in-process index (memory-search.ts) and the index's filters (match-visit.ts) derive from it.
 */
export interface SearchRequest {
  query: string;
  sources: SearchSource[];
  documentTypes?: string[];
  startDate?: string;
  endDate?: string;
  committee?: string;
  status?: string;
  section?: string;
  sort: SearchSort;
  page: number;
  pageSize: number;
  limitPerType?: number;
}

/** What a record must be to count at all: the request's filters. */
export type SearchFilters = Pick<SearchRequest, 'sources' | 'documentTypes' | 'startDate' | 'endDate' | 'committee' | 'status' | 'section'>;

/**
 * A request planned for one path: its page as limit and offset, its words compiled as that path
 * matches them (`Text`), and whether records with only some of the words count (`useAny`).
 */
export interface PlannedSearch<Text> extends SearchFilters, Pick<SearchRequest, 'sort' | 'limitPerType'> {
  text: Text;
  useAny: boolean;
  limit: number;
  offset: number;
}

/** What a search needs of its location: whose records, and the name its answer shows. */
export type SearchScope = Pick<LocationScope, 'locationId' | 'code' | 'name'>;
