import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

/**
 * Zip archives (a DOCX is one) read within a budget of the bytes actually produced (issue 29,
 * decision 014). The sizes an archive declares are never trusted: a 1 MB file whose directory said
 * its parts were small unpacked to a gigabyte. The central directory is checked whole (every entry
 * inside the file, in its own place, no two alike, none encrypted, no zip64), each wanted entry is
 * inflated against what is left of one budget for the whole archive, and its CRC-32 checked.
 * `storedZip` packs what was produced again, uncompressed, so a reader downstream (mammoth) unpacks
 * exactly what was measured here, whatever the original said.
 */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Bytes produced by the entries read, all together. */
  maxBytes: number;
  /** Bytes produced per byte of the file: a small file cannot unpack to the whole budget. */
  maxRatio: number;
  /** What any file may produce, however small (a short letter's styles and theme). */
  minBytes: number;
}

export type ZipRefusal = 'damaged' | 'too-large' | 'too-many-entries';

export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    detail: string,
  ) {
    super(detail);
    this.name = 'ZipRefused';
  }
}

export interface ZipEntry {
  name: string;
  /** The name as the archive writes it (packed again as it was). */
  nameBytes: Buffer;
  /** The name is UTF-8 (general-purpose flag bit 11). */
  utf8: boolean;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  localOffset: number;
  /** Where the entry's (compressed) data starts and ends in the file. */
  dataStart: number;
  dataEnd: number;
}

export interface UnpackedEntry {
  name: string;
  nameBytes: Buffer;
  utf8: boolean;
  data: Buffer;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;

const damaged = (detail: string) => new ZipRefused('damaged', detail);

/** The end-of-central-directory record: the last one whose comment ends within the file. */
function findEnd(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD && at + 22 + bytes.readUInt16LE(at + 20) <= bytes.length) return at;
  }
  throw damaged('no end of central directory');
}

/**
 * The archive's entries from its central directory, every one checked against the file: the
 * directory and each entry's header and data inside it, in the order the directory gives, and no
 * entry's data overlapping another's (the "non-recursive zip bomb" points many entries at one
 * deflated kernel). Refuses zip64, split, encrypted and duplicate entries, and methods other than
 * stored and deflated.
 */
export function readZipDirectory(bytes: Buffer, maxEntries = 0xffff): ZipEntry[] {
  if (bytes.length < 22) throw damaged('shorter than an end of central directory');
  const end = findEnd(bytes);
  if (end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR) throw damaged('zip64');
  const disk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const onThisDisk = bytes.readUInt16LE(end + 8);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryStart = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff) throw damaged('zip64');
  if (disk !== 0 || directoryDisk !== 0 || onThisDisk !== count) throw damaged('split across disks');
  if (count > maxEntries) throw new ZipRefused('too-many-entries', `${count} entries`);
  if (directoryStart + directorySize > end) throw damaged('central directory outside the file');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = directoryStart;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directoryStart + directorySize || bytes.readUInt32LE(at) !== CENTRAL) throw damaged('central directory entry');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (next > directoryStart + directorySize) throw damaged('central directory entry');
    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw damaged('encrypted entry');
    if (method !== 0 && method !== 8) throw damaged(`compression method ${method}`);
    if (compressedSize === 0xffffffff || bytes.readUInt32LE(at + 24) === 0xffffffff || localOffset === 0xffffffff || bytes.readUInt16LE(at + 34) === 0xffff) {
      throw damaged('zip64 entry');
    }
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const utf8 = (flags & FLAG_UTF8) !== 0;
    const name = nameBytes.toString(utf8 ? 'utf8' : 'latin1');
    if (names.has(name)) throw damaged(`two entries named ${name}`);
    names.add(name);

    // The entry's own header, where the directory says, and its data after it: all before the directory.
    if (localOffset + 30 > directoryStart || bytes.readUInt32LE(localOffset) !== LOCAL) throw damaged(`no local header for ${name}`);
    const localNameLength = bytes.readUInt16LE(localOffset + 26);
    if (bytes.readUInt16LE(localOffset + 6) & FLAG_ENCRYPTED || bytes.readUInt16LE(localOffset + 8) !== method) throw damaged(`local header of ${name}`);
    if (!bytes.subarray(localOffset + 30, localOffset + 30 + localNameLength).equals(nameBytes)) throw damaged(`local header of ${name}`);
    const dataStart = localOffset + 30 + localNameLength + bytes.readUInt16LE(localOffset + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryStart) throw damaged(`data of ${name} outside the file`);
    entries.push({ name, nameBytes, utf8, method, crc: bytes.readUInt32LE(at + 16), localOffset, dataStart, dataEnd });
    at = next;
  }
  const byPlace = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let k = 1; k < byPlace.length; k++) {
    if (byPlace[k].localOffset < byPlace[k - 1].dataEnd) throw damaged(`${byPlace[k].name} overlaps ${byPlace[k - 1].name}`);
  }
  return entries;
}

const inflateRawAsync = promisify(inflateRaw);

/** The budget of bytes produced for a file of `size` bytes. */
export const zipBudget = (size: number, limits: ZipLimits) => Math.min(limits.maxBytes, Math.max(limits.minBytes, limits.maxRatio * size));

/**
 * The wanted entries, unpacked in the order the directory lists them, each against what is left of
 * the archive's one budget (zlib stops producing at the limit: the bytes are never made). The
 * inflating runs on libuv's thread pool, not on the event loop.
 */
export async function unzip(bytes: Buffer, limits: ZipLimits, wanted: (name: string) => boolean = () => true): Promise<UnpackedEntry[]> {
  const entries = readZipDirectory(bytes, limits.maxEntries);
  const budget = zipBudget(bytes.length, limits);
  let produced = 0;
  const out: UnpackedEntry[] = [];
  for (const entry of entries) {
    if (!wanted(entry.name)) continue;
    const left = budget - produced;
    const packed = bytes.subarray(entry.dataStart, entry.dataEnd);
    let data: Buffer;
    if (entry.method === 0) {
      if (packed.length > left) throw new ZipRefused('too-large', `more than ${budget} bytes`);
      data = packed;
    } else {
      try {
        data = await inflateRawAsync(packed, { maxOutputLength: Math.max(1, left) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipRefused('too-large', `more than ${budget} bytes`);
        throw damaged(`${entry.name} does not inflate`);
      }
      if (data.length > left) throw new ZipRefused('too-large', `more than ${budget} bytes`);
    }
    if (crc32(data) >>> 0 !== entry.crc) throw damaged(`${entry.name} fails its CRC-32`);
    produced += data.length;
    out.push({ name: entry.name, nameBytes: entry.nameBytes, utf8: entry.utf8, data });
  }
  return out;
}

/** An archive of the entries as they are, uncompressed (method 0), with their CRC-32s. */
export function storedZip(entries: UnpackedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const crc = crc32(entry.data) >>> 0;
    const flags = entry.utf8 ? FLAG_UTF8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(0x21, 12); // 1980-01-01: the archive's own date is of no use to its reader
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(entry.nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(entry.nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, entry.nameBytes, entry.data);
    centrals.push(central, entry.nameBytes);
    offset += 30 + entry.nameBytes.length + entry.data.length;
  }
  const directorySize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
