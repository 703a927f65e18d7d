import type { Citation, DraftBlock, DraftContent } from '@civicdesk/contract';
import type { FormFill } from '../../platform/ai';
import { type CitableSource, verifyCitations } from '../../platform/retrieval/citations';
import type { DraftPart, Paragraph } from './compose';
import { bulletList, doc, heading, paragraph, type Run } from './content';
import type { FormSpec } from './forms';

/**
 * From the parts of a draft to its body, checking every citation on the way (decision 023): a
 * paragraph that rests on a source is kept only when the source is one retrieved for this draft,
 * in force, and holds the quoted words; otherwise it is dropped and counted. Nothing unverified is
 * presented as a source.
 */
export interface RenderedDraft {
  content: DraftContent;
  citations: Citation[];
  dropped: number;
}

export function renderDraft(parts: DraftPart[], sources: Map<string, CitableSource>, aside: Paragraph[] = []): RenderedDraft {
  const blocks: DraftBlock[] = [];
  const citations: Citation[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  const collect = (checked: Citation[]) => {
    for (const c of checked) {
      const key = `${c.source_id}|${c.quote}`;
      if (!seen.has(key)) citations.push(c);
      seen.add(key);
    }
  };
  for (const part of parts) {
    let list: Run[][] = [];
    const flush = () => {
      if (list.length) blocks.push(bulletList(list));
      list = [];
    };
    for (const candidate of part.paragraphs) {
      let para = candidate;
      if (para.cite) {
        const checked = verifyCitations([para.cite], sources);
        if (!checked.citations.length) {
          dropped += checked.dropped;
          if (!para.fallback) continue;
          para = para.fallback;
          checked.citations = [];
        }
        collect(checked.citations);
      }
      const runs = para.runs.map((r) => (typeof r === 'string' ? { text: r } : r));
      if (para.style === 'list') {
        list.push(runs);
        continue;
      }
      flush();
      if (para.style === 'heading') blocks.push(heading(2, runs.map((r) => r.text).join('')));
      else if (para.style === 'center') blocks.push({ ...paragraph(...runs), attrs: { textAlign: 'center' } });
      else blocks.push(paragraph(...runs));
    }
    flush();
  }
  // What the draft rests on beside the bill: checked and listed with its sources, not written into its body.
  for (const para of aside) {
    if (!para.cite) continue;
    const checked = verifyCitations([para.cite], sources);
    dropped += checked.dropped;
    collect(checked.citations);
  }
  return { content: doc(blocks), citations, dropped };
}

/**
 * A number, amount or date in a model's text that neither the request nor any source holds is an
 * invented fact: it becomes a [placeholder] for the drafter, as the built-in drafter would leave it.
 */
export function withoutInventedFacts(text: string, allowed: string): string {
  const known = allowed.replace(/[\s,]/g, '');
  return text.replace(/\$?\s?\d[\d,]*(?:\.\d+)?/g, (number) => {
    const bare = number.replace(/[\s,$]/g, '');
    return known.includes(bare) || /^(19|20)\d\d$/.test(bare) ? number : number.startsWith('$') ? '[amount]' : '[number]';
  });
}

/** A model's parts in place of the built-in drafter's, for the parts the model may write. */
export function mergeModelParts(parts: DraftPart[], fill: FormFill, writable: FormSpec[], allowedFacts: string): DraftPart[] {
  return parts.map((part) => {
    const written = fill.parts[part.key];
    const spec = writable.find((s) => s.key === part.key);
    if (!spec || !written?.length) return part;
    const keepHeading = part.paragraphs[0]?.style === 'heading' ? [part.paragraphs[0]] : [];
    const paragraphs: Paragraph[] = written.map((w) => ({
      runs: [withoutInventedFacts(w.text, allowedFacts)],
      // A grounded part's paragraph without a source cannot be checked: it is dropped like a failed citation.
      cite: w.sourceId && w.quote ? { sourceId: w.sourceId, quote: w.quote } : spec.grounded ? { sourceId: 'none', quote: w.text } : undefined,
    }));
    return { ...part, paragraphs: [...keepHeading, ...paragraphs] };
  });
}
