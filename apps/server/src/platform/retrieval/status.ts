import type { CodeSectionDoc } from './types';

// Sections whose whole text is a placeholder: the data marks only 88 of them `repealed`, while
// about 4,500 more read just "Repealed.", "Expired.", "Omitted.", "[Not funded]." or
// "Recodified as § ...". None of them is law in force, so none may be offered as such.
const PLACEHOLDER = /^\[?\s*(repealed|expired|omitted|transferred|abolished|reserved|not funded|recodified|applicable when contingency met)\b[^\n]{0,80}$/i;

/** A text (a section's, or one paragraph's: "(4) Repealed.") that only stands for something taken out. */
export const isPlaceholder = (text: string) => PLACEHOLDER.test(text.trim());

/** False for repealed sections and for sections whose text is only a repeal/expiry placeholder. */
export function isInForce(doc: Pick<CodeSectionDoc, 'status' | 'text'>): boolean {
  if (doc.status === 'repealed') return false;
  const text = doc.text.trim();
  return text.length > 0 && !isPlaceholder(text);
}
