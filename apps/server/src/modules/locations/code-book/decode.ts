/**
 * Bytes of a published code file -> text. Cities publish in whatever their software wrote:
 * UTF-8 with or without a BOM, UTF-16 with a BOM, Windows-1252 (San Francisco's .txt export).
 */

export type FileFormat = 'text' | 'html' | 'xml';

export type Decoded = { text: string; encoding: string } | { error: string };

/**
 * Windows-1252 for bytes 0x80-0x9F. Node 20's TextDecoder('windows-1252') decodes these as
 * ISO-8859-1 C1 controls (0x92 -> U+0092 instead of ’), so the decoded text is corrected with
 * the WHATWG table; on a Node whose decoder is right the correction changes nothing.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const raw = new TextDecoder('windows-1252').decode(bytes);
  return raw.replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]));
}

const SINGLE_BYTE = new Set(['windows-1252', 'cp1252', 'iso-8859-1', 'latin1', 'us-ascii', 'ascii', 'iso-8859-15']);

/** The charset an XML declaration or an HTML meta tag names, read from the first bytes as ASCII. */
function declaredCharset(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  const m =
    /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head) ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return m ? m[1].toLowerCase() : null;
}

/** UTF-16 without a byte-order mark shows as a NUL in every other byte of ASCII text. */
function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 8) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const half = n / 2;
  if (oddZero > half * 0.4 && evenZero < half * 0.05) return 'utf-16le';
  if (evenZero > half * 0.4 && oddZero < half * 0.05) return 'utf-16be';
  return null;
}

export function decodeBytes(bytes: Uint8Array): Decoded {
  let text: string;
  let encoding: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    const utf8 = strictUtf8(bytes.subarray(3));
    text = utf8 ?? decodeWindows1252(bytes.subarray(3));
    if (utf8 === null) encoding = 'windows-1252';
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else {
    const utf16 = guessUtf16(bytes);
    const declared = utf16 ? null : declaredCharset(bytes);
    if (utf16) {
      encoding = utf16;
      text = new TextDecoder(utf16).decode(bytes);
    } else if (declared && SINGLE_BYTE.has(declared)) {
      encoding = 'windows-1252';
      text = decodeWindows1252(bytes);
    } else {
      const utf8 = strictUtf8(bytes);
      encoding = utf8 === null ? 'windows-1252' : 'utf-8';
      text = utf8 ?? decodeWindows1252(bytes);
    }
  }
  if (looksBinary(text)) return { error: `not text (read as ${encoding}, it holds control characters)` };
  return { text, encoding };
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** More than a few NULs or other C0 controls in the first 64 KB: a binary file under a text name. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65536);
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) bad++;
  }
  return bad > 8 && bad > sample.length / 200;
}

/**
 * What a file is, from its first bytes first and its name second. DOCX, PDF and RTF are the
 * caller's to turn into text: they are named here so the problem says so.
 */
export function sniffFormat(name: string, bytes: Uint8Array): FileFormat | { unsupported: string } {
  const magic = String.fromCharCode(...bytes.subarray(0, 5));
  if (magic.startsWith('PK\u0003\u0004')) return { unsupported: 'a ZIP/DOCX file: extract its text and pass it as .txt' };
  if (magic === '%PDF-') return { unsupported: 'a PDF file: extract its text and pass it as .txt' };
  if (magic.startsWith('{\\rtf')) return { unsupported: 'an RTF file: extract its text and pass it as .txt' };
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  if (ext === 'xml') return 'xml';
  if (ext === 'docx' || ext === 'pdf' || ext === 'rtf' || ext === 'doc') {
    return { unsupported: `a .${ext} file: extract its text and pass it as .txt` };
  }
  return 'text';
}

/** A .txt that is really markup (a saved web page) is read as markup. */
export function sniffMarkup(text: string, format: FileFormat): FileFormat {
  if (format !== 'text') return format;
  const head = text.slice(0, 512).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  if (head.startsWith('<?xml')) return /<html[\s>]/.test(text.slice(0, 4096).toLowerCase()) ? 'html' : 'xml';
  return 'text';
}
