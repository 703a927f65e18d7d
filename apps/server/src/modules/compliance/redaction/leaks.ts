import { inflateSync } from 'node:zlib';
import { extractText } from '../../../platform/files/extract';

/**
 * A requester's attack on a redacted PDF: extract its text, inflate every stream and search the raw
 * bytes — as Latin-1, as UTF-16, and as hex strings — for each withheld value. Answers the values
 * found. The download runs it on every file it makes before sending it; the tests and
 * eval:compliance run it too. A file whose streams inflate to more than INFLATED_MAX_BYTES cannot
 * be searched whole: every value is answered as found, so nothing is sent unchecked.
 */
export async function findLeaks(pdf: Uint8Array, values: string[], opts: { skipImages?: boolean } = {}): Promise<string[]> {
  const wanted = [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= 3))];
  if (!wanted.length) return [];
  const bytes = Buffer.from(pdf);
  const streams = streamsOf(bytes, opts.skipImages ?? false);
  if (!streams) return wanted;
  const { raw, inflated } = streams;
  const haystacks = [raw, ...inflated.map((s) => s.toString('latin1'))];
  const lowered = haystacks.map((h) => h.toLowerCase());
  const { text } = await extractText('pdf', bytes, Number.MAX_SAFE_INTEGER);
  const flatText = text.replace(/\s+/g, ' ');
  return wanted.filter((value) => {
    const utf16 = Buffer.from(value, 'utf16le').swap16().toString('latin1');
    const hex = Buffer.from(value, 'latin1').toString('hex');
    // A number found inside a longer one ("999999999" in a coordinate "402.63599999999997") is that other number.
    const plain = /^\d+$/.test(value) ? (h: string) => new RegExp(`(?<!\\d)${value}(?!\\d)`).test(h) : (h: string) => h.includes(value);
    return plain(flatText.replace(/\s+/g, ' ')) || haystacks.some((h) => plain(h) || h.includes(utf16)) || lowered.some((h) => h.includes(hex));
  });
}

/** What all the streams of one file may inflate to: a redacted copy's pages are JPEG images, its own deflated streams a few kilobytes a page. */
const INFLATED_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The file's bytes as text and every deflated stream inflated (null past INFLATED_MAX_BYTES). With `skipImages` (the download's
 * own check of a file it just made of JPEG pages) the image streams' bytes are left out of the raw
 * text: pixels hold no text, and 12 MB of them per 100 pages cost seconds to search.
 */
function streamsOf(bytes: Buffer, skipImages: boolean): { raw: string; inflated: Buffer[] } | null {
  const inflated: Buffer[] = [];
  let inflatedBytes = 0;
  const kept: string[] = [];
  let from = 0;
  let copied = 0;
  for (;;) {
    const start = bytes.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    let body = start + 6;
    if (bytes[body] === 0x0d) body++;
    if (bytes[body] === 0x0a) body++;
    const end = bytes.indexOf('endstream', body, 'latin1');
    if (end < 0) break;
    const dict = bytes.subarray(Math.max(copied, bytes.lastIndexOf('obj', start, 'latin1')), start).toString('latin1');
    if (skipImages && /\/Subtype\s*\/Image/.test(dict)) {
      kept.push(bytes.subarray(copied, body).toString('latin1'));
      copied = end;
    } else {
      try {
        // zlib stops at what is left of the budget: a stream that would inflate past it is never made.
        const stream = inflateSync(bytes.subarray(body, end), { maxOutputLength: Math.max(1, INFLATED_MAX_BYTES - inflatedBytes) });
        inflatedBytes += stream.length;
        inflated.push(stream);
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
        // Not a deflated stream (an image, or plain): its raw bytes are searched as they are.
      }
    }
    from = end + 9;
  }
  kept.push(bytes.subarray(copied).toString('latin1'));
  return { raw: kept.join(''), inflated };
}
