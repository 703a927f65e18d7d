import { createHash } from 'node:crypto';
import type { CodeSectionDoc } from './types';

/**
 * What the semantic model reads for a section. USE-lite looks at roughly the first 128 word
 * pieces only (measured: the vector of 600 characters equals the vector of 4,000), so the budget
 * goes to the heading and chapter names first, then the opening of the text without paragraph
 * markers. Changing this function changes every hash: bump EMBEDDING_TEXT_VERSION and re-run
 * `npm run embed:code`.
 */
export const EMBEDDING_MODEL = 'use-lite-512';
export const EMBEDDING_TEXT_VERSION = 1;

export function embeddingText(doc: Pick<CodeSectionDoc, 'title' | 'chapterTitle' | 'subchapterTitle' | 'text'>): string {
  const place = [doc.chapterTitle, doc.subchapterTitle].filter(Boolean).join('; ');
  const body = doc.text
    .replace(/^\s*(\([0-9a-zA-Z-]+\)\s*)+/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
  return `${doc.title}. ${place}. ${body}`;
}

/** Content hash of the embedded text: a vector is reused only for the exact text it was made from. */
export function embeddingHash(doc: Pick<CodeSectionDoc, 'title' | 'chapterTitle' | 'subchapterTitle' | 'text'>): string {
  return createHash('sha256')
    .update(`${EMBEDDING_MODEL}|${EMBEDDING_TEXT_VERSION}|${embeddingText(doc)}`)
    .digest('hex')
    .slice(0, 16);
}
