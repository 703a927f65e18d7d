import type { Slicer } from '../workers/slices';
import { Lexicon } from './lexicon';
import type { SearchSource } from './repo';

/**
 * Everything one location's searches read, held in the server process (decision 017): per record
 * its facts in typed arrays (source, document type, day, committee, status, section as dictionary
 * codes), the strings a hit shows, and the inverted index of its stored tsvector. Records are
 * numbered in the order they arrive; a changed record gets a new number and its old one is
 * marked dead, so posting lists only ever grow at the end and stay sorted.
 */
export const SOURCES: SearchSource[] = ['legislation', 'agenda_item', 'external_document'];
export const NO_DAY = -0x80000000;

/** One searchable record as the index needs it (index-repo.ts reads these). */
export interface IndexRecord {
  source: SearchSource;
  id: string;
  document_type: string;
  day: string | null;
  file_number: string | null;
  /** A law's own id ("L25-326"), also matched as a file number. */
  source_id: string | null;
  committee: string | null;
  status: string | null;
  section_name: string | null;
  agenda_id: string | null;
  legislation_id: string | null;
  title: string;
  vector: string;
  updated_us: number;
  /** The text snippets are cut from; absent when the location's snippets come from the database. */
  snippet_text?: string | null;
}

/** Strings that repeat (committees, statuses, sections, types) stored once, as codes. */
export class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string | null): number {
    if (value === null) return -1;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number {
    return this.codes.get(value) ?? -2;
  }
}

export function dayNumber(day: string | null): number {
  if (!day) return NO_DAY;
  const [y, m, d] = day.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

export function dayText(day: number): string | null {
  return day === NO_DAY ? null : new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A record's facts in four int32 (16 bytes: one cache line holds four records, so a search that
 * visits scattered records reads one line each, not eight columns): the day; alive | source << 1 |
 * type << 3 | year << 11; committee + 1; (status + 1) | (section + 1) << 16 (0: none).
 */
export const FACT_SLOTS = 4;
/** Years are stored in 14 bits; a year past them is kept as none. */
export const MAX_YEAR = 16_384;
const MAX_TYPES = 256;
const MAX_SMALL_CODES = 0xffff;
const charBytes = (s: string | null) => (s ? 16 + s.length : 0);

export class LocationIndex {
  size = 0;
  facts = new Int32Array(16 * FACT_SLOTS);
  /** Positions in the record's tsvector: ts_rank_cd's length normalisation. */
  length = new Int32Array(16);
  updatedUs = new Float64Array(16);
  ids: string[] = [];
  titles: string[] = [];
  fileNumbers: (string | null)[] = [];
  agendaIds: (string | null)[] = [];
  legislationIds: (string | null)[] = [];
  snippetTexts: (string | null)[] | null;
  /**
   * Record numbers newest day first (no day last), then by id, as of the build: a search matching
   * many records walks it for its best candidates (day-walk.ts). Records added later are not in it.
   */
  dayOrder = new Int32Array(0);
  /** Where the records without a day start in dayOrder. */
  dayOrderNulls = 0;
  dead = 0;
  private stringBytes = 0;
  readonly types = new Dictionary();
  readonly committees = new Dictionary();
  readonly statuses = new Dictionary();
  readonly sections = new Dictionary();
  readonly lexicon = new Lexicon();
  /** File numbers and laws' ids -> record numbers (dead ones included; callers check `alive`). */
  readonly files = new Map<string, number | number[]>();
  private readonly shared = new Map<string, string>();

  constructor(readonly locationId: string, snippetsInMemory: boolean) {
    this.snippetTexts = snippetsInMemory ? [] : null;
  }

  /** Adds or replaces a record (matched by source and id). */
  upsert(record: IndexRecord) {
    this.remove(record.source, record.id);
    this.append(record);
  }

  /** Adds a record known to be new (a build). */
  append(record: IndexRecord) {
    const doc = this.size;
    if (doc === this.length.length) this.grow(doc * 2);
    this.size = doc + 1;
    const type = this.types.code(record.document_type);
    const status = this.statuses.code(record.status) + 1;
    const section = this.sections.code(record.section_name) + 1;
    if (type >= MAX_TYPES || status > MAX_SMALL_CODES || section > MAX_SMALL_CODES) throw new Error('Too many distinct document types, statuses or sections to index');
    const year = record.day ? Number(record.day.slice(0, 4)) : 0;
    const at = doc * FACT_SLOTS;
    this.facts[at] = dayNumber(record.day);
    this.facts[at + 1] = 1 | (SOURCES.indexOf(record.source) << 1) | (type << 3) | ((year > 0 && year < MAX_YEAR ? year : 0) << 11);
    this.facts[at + 2] = this.committees.code(record.committee) + 1;
    this.facts[at + 3] = status | (section << 16);
    this.updatedUs[doc] = record.updated_us;
    this.ids.push(record.id);
    this.titles.push(record.title);
    this.fileNumbers.push(record.file_number);
    this.agendaIds.push(record.agenda_id === null ? null : this.intern(record.agenda_id));
    this.legislationIds.push(record.legislation_id === record.id ? record.id : record.legislation_id);
    this.snippetTexts?.push(record.snippet_text ?? null);
    // A dead record's strings stay held, so they are never taken off.
    this.stringBytes += charBytes(record.id) + charBytes(record.title) + charBytes(record.file_number) + (this.snippetTexts ? charBytes(record.snippet_text ?? null) : 0);
    for (const key of new Set([record.file_number, record.source_id])) if (key) this.addFile(key, doc);
    this.length[doc] = this.lexicon.add(doc, record.vector);
  }

  /** Marks a record dead (a scan: writes are rare, and a map of every id would cost more memory than it saves). */
  remove(source: SearchSource, id: string): boolean {
    const code = SOURCES.indexOf(source);
    for (let doc = this.size - 1; doc >= 0; doc--) {
      if (this.isAlive(doc) && this.sourceOf(doc) === code && this.ids[doc] === id) {
        this.facts[doc * FACT_SLOTS + 1] &= ~1;
        this.dead++;
        return true;
      }
    }
    return false;
  }

  docsOfFile(key: string): number[] {
    const found = this.files.get(key);
    return found === undefined ? [] : typeof found === 'number' ? [found] : found;
  }

  /** Live records and the newest change per source: compared with the database to notice writes made elsewhere. */
  signature(): Record<SearchSource, { count: number; newestUs: number }> {
    const out = Object.fromEntries(SOURCES.map((s) => [s, { count: 0, newestUs: 0 }])) as Record<SearchSource, { count: number; newestUs: number }>;
    for (let doc = 0; doc < this.size; doc++) {
      if (!this.isAlive(doc)) continue;
      const entry = out[SOURCES[this.sourceOf(doc)]];
      entry.count++;
      if (this.updatedUs[doc] > entry.newestUs) entry.newestUs = this.updatedUs[doc];
    }
    return out;
  }

  /**
   * Approximate bytes held (typed arrays exactly; strings at one byte per character plus a header),
   * what the memory budget counts (index-budget.ts). Cheap enough to ask after every write: the
   * strings are summed as records arrive, not walked.
   */
  get bytes() {
    const arrays = [this.facts, this.length, this.updatedUs, this.dayOrder];
    return arrays.reduce((n, a) => n + a.byteLength, 0) + this.stringBytes + this.lexicon.bytes;
  }

  /** After the last append; gives the event loop a turn whenever `slicer` says its slice is used up. */
  async finishBuild(slicer: Slicer) {
    await this.lexicon.finish(this.size, slicer);
    await slicer.pause();
    this.shared.clear();
    const order = new Int32Array(this.size);
    for (let doc = 0; doc < this.size; doc++) order[doc] = doc;
    const { facts, ids } = this;
    order.sort((a, b) => {
      const da = facts[a * FACT_SLOTS];
      const db = facts[b * FACT_SLOTS];
      if (da !== db) return da === NO_DAY ? 1 : db === NO_DAY ? -1 : db - da;
      return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
    });
    await slicer.pause();
    let nulls = order.length;
    while (nulls > 0 && this.dayOf(order[nulls - 1]) === NO_DAY) nulls--;
    this.dayOrder = order;
    this.dayOrderNulls = nulls;
  }

  private addFile(key: string, doc: number) {
    const known = this.files.get(key);
    if (known === undefined) this.files.set(key, doc);
    else if (typeof known === 'number') this.files.set(key, [known, doc]);
    else known.push(doc);
  }

  private intern(value: string): string {
    const known = this.shared.get(value);
    if (known !== undefined) return known;
    this.shared.set(value, value);
    return value;
  }

  isAlive(doc: number) {
    return (this.facts[doc * FACT_SLOTS + 1] & 1) === 1;
  }
  dayOf(doc: number) {
    return this.facts[doc * FACT_SLOTS];
  }
  sourceOf(doc: number) {
    return (this.facts[doc * FACT_SLOTS + 1] >>> 1) & 3;
  }
  typeOf(doc: number) {
    return (this.facts[doc * FACT_SLOTS + 1] >>> 3) & 0xff;
  }
  /** Dictionary codes; -1: none. */
  committeeOf(doc: number) {
    return this.facts[doc * FACT_SLOTS + 2] - 1;
  }
  statusOf(doc: number) {
    return (this.facts[doc * FACT_SLOTS + 3] & 0xffff) - 1;
  }
  sectionOf(doc: number) {
    return (this.facts[doc * FACT_SLOTS + 3] >>> 16) - 1;
  }

  private grow(capacity: number) {
    const resize = <T extends Int32Array | Float64Array>(array: T, size: number): T => {
      const next = new (array.constructor as new (n: number) => T)(size);
      next.set(array);
      return next;
    };
    this.facts = resize(this.facts, capacity * FACT_SLOTS);
    this.length = resize(this.length, capacity);
    this.updatedUs = resize(this.updatedUs, capacity);
  }
}
