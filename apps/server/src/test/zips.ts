import { crc32, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Zip archives written byte by byte for tests, with every field the test wants to lie about: the
 * declared sizes, the CRC, where the directory says an entry is. Written here, not by the code
 * under test (platform/files/zip.ts), so a test's archive is never the reader's own idea of one.
 */
export interface ZipPart {
  name: string;
  /** The bytes as stored in the archive (already deflated when method is 8). */
  packed: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the directory says the entry unpacks to. */
  declaredSize: number;
  flags?: number;
}

export const partOf = (name: string, data: Buffer | string, method: 0 | 8 = 8): ZipPart => {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
  return { name, packed: method === 8 ? deflateRawSync(bytes) : bytes, method, crc: crc32(bytes) >>> 0, declaredSize: bytes.length };
};

/** The archive, and where each entry's directory record starts (to patch a field afterwards). */
export function zipOf(parts: ZipPart[]): { bytes: Buffer; central: number[]; locals: number[]; directoryStart: number } {
  const chunks: Buffer[] = [];
  const locals: number[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.flags ?? 0, 6);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(offset);
    chunks.push(local, name, part.packed);
    offset += 30 + name.length + part.packed.length;
  }
  const directoryStart = offset;
  const central: number[] = [];
  parts.forEach((part, k) => {
    const name = Buffer.from(part.name);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(part.flags ?? 0, 8);
    record.writeUInt16LE(part.method, 10);
    record.writeUInt32LE(part.crc, 16);
    record.writeUInt32LE(part.packed.length, 20);
    record.writeUInt32LE(part.declaredSize, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(locals[k], 42);
    central.push(offset);
    chunks.push(record, name);
    offset += 46 + name.length;
  });
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  chunks.push(end);
  return { bytes: Buffer.concat(chunks), central, locals, directoryStart };
}

/** The entries of a well-formed archive (the docx package's), unpacked by zlib directly: the parts to build lies from. */
export function partsOf(archive: Buffer): ZipPart[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const parts: ZipPart[] = [];
  for (let n = 0; n < count; n++) {
    const method = archive.readUInt16LE(at + 10) as 0 | 8;
    const packedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const packed = archive.subarray(start, start + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : packed;
    parts.push(partOf(archive.subarray(at + 46, at + 46 + nameLength).toString('utf8'), data, method));
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  return parts;
}

/** `bytes` of one letter, deflated a megabyte at a time (the run itself is never held). */
export async function deflatedRun(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const megabyte = Buffer.alloc(1024 * 1024, 'A');
  for (let left = bytes; left > 0; left -= megabyte.length) {
    if (!deflate.write(left >= megabyte.length ? megabyte : megabyte.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A Word document that lies (issue 29): a real DOCX whose word/document.xml is replaced by a
 * deflated run of `unpacksTo` bytes while its directory declares 2,000 (and the CRC of those 2,000).
 * The file is about unpacksTo / 1,000 bytes: the old check trusted the declared sizes and let
 * mammoth unpack it all.
 */
export async function lyingDocx(realDocx: Buffer, unpacksTo: number): Promise<Buffer> {
  const run = await deflatedRun(unpacksTo);
  const parts = partsOf(realDocx).map((part) =>
    part.name === 'word/document.xml' ? { ...part, packed: run, method: 8 as const, declaredSize: 2_000, crc: crc32(Buffer.alloc(2_000, 'A')) >>> 0 } : part,
  );
  return zipOf(parts).bytes;
}
