/** Sets of record numbers as bits: AND / OR / AND NOT over a whole location cost n/32 word operations. */
export type Bitset = Uint32Array;

export const emptySet = (size: number): Bitset => new Uint32Array((size + 31) >>> 5);
export const add = (set: Bitset, doc: number) => {
  set[doc >>> 5] |= 1 << (doc & 31);
};
export const has = (set: Bitset, doc: number) => (set[doc >>> 5] & (1 << (doc & 31))) !== 0;

export function fullSet(size: number): Bitset {
  const set = emptySet(size).fill(0xffffffff);
  const rest = size & 31;
  if (rest) set[set.length - 1] = (1 << rest) - 1;
  return set;
}

export function andInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i] &= other[i];
  return target;
}

export function orInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i] |= other[i];
  return target;
}

export function andNotInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i] &= ~other[i];
  return target;
}

export function isEmpty(set: Bitset): boolean {
  for (let i = 0; i < set.length; i++) if (set[i]) return false;
  return true;
}

/** Calls `visit` for each member, ascending. */
export function forEach(set: Bitset, visit: (doc: number) => void) {
  for (let i = 0; i < set.length; i++) {
    let word = set[i];
    while (word) {
      const low = word & -word;
      visit((i << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}

/** How many members (a bit count per word). */
export function count(set: Bitset): number {
  let total = 0;
  for (let i = 0; i < set.length; i++) {
    let v = set[i];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}
