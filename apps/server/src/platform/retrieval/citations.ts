import type { Citation } from '@civicdesk/contract';
import { containsQuote, locateQuote, type Quote, type Source } from '../ai';
import { pinpointAt, type Provision, provisionsOf, quotableSpan } from '../ai/provisions';
import type { AttachmentText } from '../files/form-request';

/** A source the answer may cite, with what its citation shows. */
export interface CitableSource {
  id: string;
  kind: Citation['kind'];
  number: string;
  title: string;
  text: string;
  status: Citation['status'];
  sourceUrl: string | null;
  /** Where a code section stands in its code (its chapter's and subchapter's titles). */
  place?: string;
}

/** A citable source as the AI engine reads it. */
export const asSource = (s: CitableSource): Source => ({ id: s.id, label: s.number, title: s.title, text: s.text, ...(s.place ? { place: s.place } : {}) });

/**
 * A request's attachments as sources an answer may cite ("attachment-1" for the first file), and a
 * note for each file that has no text to read.
 */
export function citableAttachments(attachments: AttachmentText[]): { sources: CitableSource[]; notes: string[] } {
  const sources: CitableSource[] = [];
  const notes: string[] = [];
  attachments.forEach((a, i) => {
    if (!a.hasText) notes.push(`${a.filename} has no text layer (a scanned document?); it was not read.`);
    else sources.push({ id: `attachment-${i + 1}`, kind: 'document', number: a.filename, title: 'Uploaded document', text: a.text, status: 'document', sourceUrl: null });
  });
  return { sources, notes };
}

/**
 * The server's check of every quote an engine returned (the answer is never trusted on its own):
 * the source must be one retrieved for this question in this city, be law in force (or an
 * attachment or web page given as context), and contain the quote word for word. Anything else
 * is dropped and counted. One citation per distinct quote, with the pinpoint of the paragraph it
 * stands in ("(c)(1)"). With `repairLeadIns`, a quote that stops at a lead-in ("The block party
 * application shall:") is completed with the items it introduces, and counted as repaired.
 */
export function verifyCitations(
  quotes: Quote[],
  sources: Map<string, CitableSource>,
  opts: { repairLeadIns?: boolean } = {},
): { citations: Citation[]; dropped: number; repaired: number } {
  const citations: Citation[] = [];
  const seen = new Set<string>();
  const structure = new Map<string, Provision[]>();
  let dropped = 0;
  let repaired = 0;
  for (const { sourceId, quote } of quotes) {
    const source = sources.get(sourceId);
    // A repealed or reserved section is no law to cite; an in-force section, an uploaded document or a web page is.
    const valid = source && source.status !== 'repealed' && source.status !== 'reserved' && containsQuote(source.text, quote);
    if (!valid) {
      dropped++;
      continue;
    }
    let text = quote.trim();
    let pinpoint: string | null = null;
    const at = locateQuote(source.text, text);
    if (at) {
      if (!structure.has(source.id)) structure.set(source.id, provisionsOf(source.text));
      const provisions = structure.get(source.id)!;
      if (opts.repairLeadIns && LEAD_IN.test(text)) {
        const whole = quotableSpan(source.text, provisions, at.start, at.end);
        if (whole.end > at.end) {
          text = source.text.slice(at.start, whole.end).replace(/\s+/g, ' ').trim();
          repaired++;
        }
      }
      pinpoint = pinpointAt(provisions, at.start) || null;
    }
    const key = `${sourceId}|${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    citations.push({
      number: source.number,
      title: source.title,
      quote: text,
      source_url: source.sourceUrl,
      status: source.status,
      verified: true,
      kind: source.kind,
      source_id: source.id,
      pinpoint,
    });
  }
  return { citations, dropped, repaired };
}

/** A quote that ends where a list begins. */
const LEAD_IN = /(?::|—|\bthe following)\s*$/;
