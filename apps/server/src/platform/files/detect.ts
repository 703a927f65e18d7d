import { inflateRawSync } from 'node:zlib';

/**
 * What a file really is, from its bytes (never from its name or the browser's content type):
 * PDF starts with "%PDF-"; DOCX is a zip whose central directory lists word/document.xml;
 * TXT is valid UTF-8 without NUL bytes.
 */
export type FileKind = 'pdf' | 'docx' | 'txt';

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function detectKind(bytes: Buffer): FileKind | 'zip' | null {
  if (bytes.subarray(0, 1024).includes(PDF_MAGIC) && bytes.subarray(0, 5).equals(PDF_MAGIC)) return 'pdf';
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (isUtf8Text(bytes)) return 'txt';
  return null;
}

export function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The entries of a zip from its central directory (end of file), without unpacking anything:
 * enough to tell a DOCX from any other zip and to bound its unpacked size before mammoth runs.
 * Answers null when the zip structure is broken.
 */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  const minEnd = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= minEnd; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      method: bytes.readUInt16LE(offset + 10),
      localOffset: bytes.readUInt32LE(offset + 42),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      name: bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes (stored or deflated), at most `maxBytes` of them; null when it cannot be read. */
export function readZipEntry(bytes: Buffer, entry: ZipEntry, maxBytes = 20 * 1024 * 1024): Buffer | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return data.length <= maxBytes ? Buffer.from(data) : null;
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
  return null;
}
