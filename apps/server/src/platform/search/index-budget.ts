/**
 * The memory the in-process search indexes of one process may hold (decision 017,
 * SEARCH_INDEX_BUDGET_MB): each index kept is counted at its measured bytes, least recently
 * searched first. Making room for one evicts from the front; an index larger than the whole budget
 * is not kept at all. Its owner (index-registry.ts) drops what is evicted and searches go to SQL.
 */
export class IndexBudget<Key> {
  /** Map order is recency: the first entry is the least recently searched. */
  private readonly held = new Map<Key, { bytes: number; searchedAt: number }>();
  used = 0;
  evictions = 0;

  constructor(
    private readonly limit: () => number,
    private readonly evict: (key: Key, bytes: number) => void,
  ) {}

  get limitBytes() {
    return this.limit();
  }

  /** A search used this index: it moves to the back of the line. */
  touch(key: Key) {
    const entry = this.held.get(key);
    if (!entry) return;
    this.held.delete(key);
    entry.searchedAt = Date.now();
    this.held.set(key, entry);
  }

  /**
   * Holds `key` at `bytes` (a new index at the back of the line; one rebuilt or grown keeps its
   * place), evicting the least recently searched others until the budget holds. False, and `key`
   * not held, when `bytes` alone exceed the budget.
   */
  admit(key: Key, bytes: number): boolean {
    if (bytes > this.limit()) {
      this.release(key);
      return false;
    }
    const held = this.held.get(key);
    this.used += bytes - (held?.bytes ?? 0);
    if (held) held.bytes = bytes;
    else this.held.set(key, { bytes, searchedAt: Date.now() });
    for (const [other, entry] of this.held) {
      if (this.used <= this.limit()) break;
      if (other === key) continue;
      this.release(other);
      this.evictions++;
      this.evict(other, entry.bytes);
    }
    return true;
  }

  /**
   * Whether an index of `bytes` would fit in what is free plus what the indexes not searched for
   * `idleMs` hold: an evicted index comes back only at the expense of idle ones, so two locations
   * searched in turn do not rebuild each other forever.
   */
  fits(bytes: number, idleMs: number): boolean {
    let room = this.limit() - this.used;
    const idleSince = Date.now() - idleMs;
    for (const entry of this.held.values()) {
      if (room >= bytes || entry.searchedAt > idleSince) break;
      room += entry.bytes;
    }
    return room >= bytes;
  }

  /** Stops counting `key` (its index was dropped by its owner). */
  release(key: Key) {
    const entry = this.held.get(key);
    if (!entry) return;
    this.held.delete(key);
    this.used -= entry.bytes;
  }
}
