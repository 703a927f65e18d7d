import { inflateSync } from 'node:zlib';
import { extractText } from '../../../platform/files/extract';

/**
 * A requester's attack on a redacted PDF: extract its text, inflate every stream and search the raw
 * bytes — as Latin-1, as UTF-16, and as hex strings — for each withheld value. Answers the values
 * found. The download runs it on every file it makes before sending it; the tests and
 * eval:compliance run it too.
 */
export async function findLeaks(pdf: Uint8Array, values: string[]): Promise<string[]> {
  const wanted = [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= 3))];
  if (!wanted.length) return [];
  const bytes = Buffer.from(pdf);
  const haystacks = [bytes.toString('latin1'), ...inflatedStreams(bytes).map((s) => s.toString('latin1'))];
  const lowered = haystacks.map((h) => h.toLowerCase());
  const { text } = await extractText('pdf', bytes, Number.MAX_SAFE_INTEGER);
  const flatText = text.replace(/\s+/g, ' ');
  return wanted.filter((value) => {
    const utf16 = Buffer.from(value, 'utf16le').swap16().toString('latin1');
    const hex = Buffer.from(value, 'latin1').toString('hex');
    return flatText.includes(value.replace(/\s+/g, ' ')) || haystacks.some((h) => h.includes(value) || h.includes(utf16)) || lowered.some((h) => h.includes(hex));
  });
}

function inflatedStreams(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    let body = start + 6;
    if (bytes[body] === 0x0d) body++;
    if (bytes[body] === 0x0a) body++;
    const end = bytes.indexOf('endstream', body, 'latin1');
    if (end < 0) break;
    try {
      out.push(inflateSync(bytes.subarray(body, end)));
    } catch {
      // Not a deflated stream (an image, or plain): its raw bytes are already searched.
    }
    from = end + 9;
  }
  return out;
}
