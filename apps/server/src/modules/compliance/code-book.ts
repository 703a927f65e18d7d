import type { Db } from '../../db/client';
import { sectionsByNumberKeys } from '../../platform/retrieval/repo';
import type { CodeBook } from './rules/legal';

/** The location's code, as the legal rules read it; `codeName` is the city's (its drafting settings). */
export function codeBookOf(db: Db, location: { id: string; code: string; codeName: string }): CodeBook {
  return {
    name: location.codeName,
    locationCode: location.code,
    async lookup(keys) {
      const rows = await sectionsByNumberKeys(db, location.id, keys);
      return new Map(rows.map((r) => [r.numberKey, r]));
    },
  };
}
