import type { Db } from '../../db/client';
import { codeName, conventionsOf } from '../drafting/forms';
import { sectionsByNumberKeys } from '../../platform/retrieval/repo';
import type { CodeBook } from './rules/legal';

/** The location's code, as the legal rules read it. */
export function codeBookOf(db: Db, location: { id: string; code: string; name: string }): CodeBook {
  return {
    name: codeName(conventionsOf(location.code), location.name),
    locationCode: location.code,
    async lookup(keys) {
      const rows = await sectionsByNumberKeys(db, location.id, keys);
      return new Map(rows.map((r) => [r.numberKey.toLowerCase(), r]));
    },
  };
}
