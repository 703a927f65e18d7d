import type { Slicer } from '../workers/slices';
import { add, type Bitset, emptySet } from './bitset';

/**
 * The inverted index of one location (decision 017): for each lexeme of the stored tsvectors, the
 * records holding it (ascending record numbers), which weights it has there (a bit per weight) and
 * its positions, packed as PostgreSQL packs them (14 bits of position, 2 bits of weight: A=3 … D=0).
 * Built by parsing `search::text`, so matching uses PostgreSQL's own lexemes.
 */
export const WEIGHT_A = 3;
export const weightOf = (packed: number) => packed >>> 14;
export const positionOf = (packed: number) => packed & 0x3fff;
/** Bit of a weight in a posting's weight mask (A = 8 … D = 1). */
export const maskOf = (weight: number) => 1 << weight;

export class PostingList {
  docs = new Int32Array(2);
  masks = new Uint8Array(2);
  /** starts[i]…starts[i + 1] are posting i's positions. */
  starts = new Int32Array(3);
  positions = new Uint16Array(4);
  length = 0;
  /**
   * For a lexeme in many records, the same records as bits (and those where it has weight A, the
   * title): a search copies n/32 words instead of setting a bit per posting.
   */
  bits: Bitset | null = null;
  titleBits: Bitset | null = null;

  push(doc: number, mask: number, positions: Uint16Array, count: number) {
    const n = this.length;
    if (n + 1 >= this.docs.length) {
      const size = this.docs.length * 2;
      this.docs = grow(this.docs, size);
      this.masks = grow(this.masks, size);
      this.starts = grow(this.starts, size + 1);
    }
    const start = this.starts[n];
    if (start + count > this.positions.length) this.positions = grow(this.positions, Math.max(this.positions.length * 2, start + count));
    this.positions.set(positions.subarray(0, count), start);
    this.docs[n] = doc;
    this.masks[n] = mask;
    this.starts[n + 1] = start + count;
    this.length = n + 1;
    if (this.bits) {
      this.bits = setBit(this.bits, doc);
      if (mask & maskOf(WEIGHT_A)) this.titleBits = setBit(this.titleBits!, doc);
    }
  }

  /** Keeps the records as bits too (a lexeme in many records). */
  materialize(size: number) {
    this.bits = emptySet(size);
    this.titleBits = emptySet(size);
    const titled = maskOf(WEIGHT_A);
    for (let i = 0; i < this.length; i++) {
      add(this.bits, this.docs[i]);
      if (this.masks[i] & titled) add(this.titleBits, this.docs[i]);
    }
  }

  /** The posting of a record, or -1 (binary search: record numbers ascend). */
  find(doc: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.docs[mid];
      if (value === doc) return mid;
      if (value < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  positionsAt(posting: number): Uint16Array {
    return this.positions.subarray(this.starts[posting], this.starts[posting + 1]);
  }

  /** Gives back the room kept for growth (after a build). */
  trim() {
    this.docs = this.docs.slice(0, this.length);
    this.masks = this.masks.slice(0, this.length);
    this.starts = this.starts.slice(0, this.length + 1);
    this.positions = this.positions.slice(0, this.starts[this.length]);
  }

  get bytes() {
    const bits = (this.bits?.byteLength ?? 0) + (this.titleBits?.byteLength ?? 0);
    return this.docs.byteLength + this.masks.byteLength + this.starts.byteLength + this.positions.byteLength + bits;
  }
}

/** Adds a record to a set, growing the set when the record is past its end. */
function setBit(bits: Bitset, doc: number): Bitset {
  let out = bits;
  if (doc >>> 5 >= bits.length) {
    out = new Uint32Array(Math.max(bits.length * 2, (doc >>> 5) + 1));
    out.set(bits);
  }
  add(out, doc);
  return out;
}

function grow<T extends Int32Array | Uint8Array | Uint16Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}

const QUOTE = 39;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const WEIGHT_CODES: Record<number, number> = { 65: 3, 66: 2, 67: 1, 68: 0, 97: 3, 98: 2, 99: 1, 100: 0 };

export class Lexicon {
  readonly lists = new Map<string, PostingList>();
  private scratch = new Uint16Array(256);

  get(lexeme: string): PostingList | undefined {
    return this.lists.get(lexeme);
  }

  /**
   * Adds a record's tsvector, in PostgreSQL's text form ("'snow':1A,4 'remov':2A"); answers its
   * length as ts_rank_cd counts it (positions, or 1 for a lexeme without positions).
   */
  add(doc: number, vector: string): number {
    let length = 0;
    let i = 0;
    const end = vector.length;
    while (i < end) {
      if (vector.charCodeAt(i) !== QUOTE) {
        i++;
        continue;
      }
      const start = ++i;
      let escaped = false;
      while (i < end) {
        const c = vector.charCodeAt(i);
        if (c === BACKSLASH) {
          escaped = true;
          i += 2;
        } else if (c === QUOTE) {
          if (vector.charCodeAt(i + 1) !== QUOTE) break;
          escaped = true;
          i += 2;
        } else i++;
      }
      const raw = vector.slice(start, i);
      const lexeme = escaped ? raw.replace(/''/g, "'").replace(/\\(.)/g, '$1') : raw;
      i++;
      let count = 0;
      let mask = 0;
      if (vector.charCodeAt(i) === COLON) {
        i++;
        for (;;) {
          let position = 0;
          let c = vector.charCodeAt(i);
          while (c >= 48 && c <= 57) {
            position = position * 10 + (c - 48);
            c = vector.charCodeAt(++i);
          }
          const weight = WEIGHT_CODES[c] ?? 0;
          if (WEIGHT_CODES[c] !== undefined) c = vector.charCodeAt(++i);
          if (count === this.scratch.length) this.scratch = grow(this.scratch, count * 2);
          this.scratch[count++] = (weight << 14) | (position & 0x3fff);
          mask |= maskOf(weight);
          if (c !== COMMA) break;
          i++;
        }
      } else mask = maskOf(0);
      length += Math.max(count, 1);
      let list = this.lists.get(lexeme);
      if (!list) {
        list = new PostingList();
        this.lists.set(lexeme, list);
      }
      list.push(doc, mask, this.scratch, count);
    }
    return length;
  }

  /** After a build: no room kept for growth; lexemes in at least 1 of 32 records (and 4,096) also as bits. */
  async finish(size: number, slicer: Slicer) {
    const dense = Math.max(4096, size / 32);
    for (const list of this.lists.values()) {
      if (slicer.due()) await slicer.pause();
      list.trim();
      if (list.length >= dense) list.materialize(size);
    }
  }

  get bytes() {
    let total = 0;
    for (const list of this.lists.values()) total += list.bytes;
    return total;
  }
}
