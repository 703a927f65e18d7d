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

export class LocationIndex {
  size = 0;
  source = new Uint8Array(16);
  docType = new Int32Array(16);
  day = new Int32Array(16);
  year = new Int32Array(16);
  committee = new Int32Array(16);
  status = new Int32Array(16);
  section = new Int32Array(16);
  alive = new Uint8Array(16);
  /** Positions in the record's tsvector: ts_rank_cd's length normalisation. */
  length = new Int32Array(16);
  updatedUs = new Float64Array(16);
  ids: string[] = [];
  titles: string[] = [];
  fileNumbers: (string | null)[] = [];
  agendaIds: (string | null)[] = [];
  legislationIds: (string | null)[] = [];
  snippetTexts: (string | null)[] | null;
  dead = 0;
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
    if (doc === this.source.length) this.grow(doc * 2);
    this.size = doc + 1;
    this.source[doc] = SOURCES.indexOf(record.source);
    this.docType[doc] = this.types.code(record.document_type);
    this.day[doc] = dayNumber(record.day);
    this.year[doc] = record.day ? Number(record.day.slice(0, 4)) : 0;
    this.committee[doc] = this.committees.code(record.committee);
    this.status[doc] = this.statuses.code(record.status);
    this.section[doc] = this.sections.code(record.section_name);
    this.alive[doc] = 1;
    this.updatedUs[doc] = record.updated_us;
    this.ids.push(record.id);
    this.titles.push(record.title);
    this.fileNumbers.push(record.file_number);
    this.agendaIds.push(record.agenda_id === null ? null : this.intern(record.agenda_id));
    this.legislationIds.push(record.legislation_id === record.id ? record.id : record.legislation_id);
    this.snippetTexts?.push(record.snippet_text ?? null);
    for (const key of new Set([record.file_number, record.source_id])) if (key) this.addFile(key, doc);
    this.length[doc] = this.lexicon.add(doc, record.vector);
  }

  /** Marks a record dead (a scan: writes are rare, and a map of every id would cost more memory than it saves). */
  remove(source: SearchSource, id: string): boolean {
    const code = SOURCES.indexOf(source);
    for (let doc = this.size - 1; doc >= 0; doc--) {
      if (this.alive[doc] && this.source[doc] === code && this.ids[doc] === id) {
        this.alive[doc] = 0;
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
      if (!this.alive[doc]) continue;
      const entry = out[SOURCES[this.source[doc]]];
      entry.count++;
      if (this.updatedUs[doc] > entry.newestUs) entry.newestUs = this.updatedUs[doc];
    }
    return out;
  }

  /** Approximate bytes held (typed arrays exactly; strings at one byte per character plus a header). */
  get bytes() {
    const arrays = [this.source, this.docType, this.day, this.year, this.committee, this.status, this.section, this.alive, this.length, this.updatedUs];
    let strings = 0;
    const count = (s: string | null) => (s ? 16 + s.length : 0);
    for (let doc = 0; doc < this.size; doc++) {
      strings += count(this.ids[doc]) + count(this.titles[doc]) + count(this.fileNumbers[doc]) + count(this.snippetTexts?.[doc] ?? null);
    }
    return arrays.reduce((n, a) => n + a.byteLength, 0) + strings + this.lexicon.bytes;
  }

  finishBuild() {
    this.lexicon.trim();
    this.shared.clear();
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

  private grow(capacity: number) {
    const resize = <T extends Uint8Array | Int32Array | Float64Array>(array: T): T => {
      const next = new (array.constructor as new (n: number) => T)(capacity);
      next.set(array);
      return next;
    };
    this.source = resize(this.source);
    this.docType = resize(this.docType);
    this.day = resize(this.day);
    this.year = resize(this.year);
    this.committee = resize(this.committee);
    this.status = resize(this.status);
    this.section = resize(this.section);
    this.alive = resize(this.alive);
    this.length = resize(this.length);
    this.updatedUs = resize(this.updatedUs);
  }
}
