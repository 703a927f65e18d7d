import type { SectionStatus } from '@civicdesk/contract';
import type { CodeSectionDoc } from './types';

// Sections whose whole text is a placeholder: the data marks only 88 of them `repealed`, while
// about 4,500 more read just "Repealed.", "Expired.", "Omitted.", "[Not funded]." or
// "Recodified as § ...". None of them is law in force, so none may be offered as such.
// The word is followed by nothing, or by what says when and by what ("Repealed by Ord. 75-235",
// "Expired (D.C. Law 20-61)", "Reserved for future codification"), never by a sentence of law
// ("Reserved parking spaces shall be marked" is in force).
const AFTER_THE_WORD = String.raw`(?:[\s\]}).,;:–—-]*$|[\s\]}).,;:–—-]*(?:\(|\[|by\b|per\b|pursuant\b|effective\b|eff\.|see\b|ord|law\b|as\b|to\b|from\b|on\b|in\b|and\b|under\b|for future\b|§|d\.c\.|sec)[^\n]{0,80}$)`;
const PLACEHOLDER = new RegExp(String.raw`^\[?\s*(repealed|expired|omitted|transferred|abolished|reserved|not funded|recodified|applicable when contingency met)\b${AFTER_THE_WORD}`, 'i');
/** "Reserved", "[Reserved]", "{Vacant}", "RESERVED.": a number the book keeps for later use, not a law taken out. */
const RESERVED = new RegExp(String.raw`^[\s[{(*]*(?:reserved|vacant)\b${AFTER_THE_WORD}`, 'i');

/** A text (a section's, or one paragraph's: "(4) Repealed.") that only stands for something taken out. */
export const isPlaceholder = (text: string) => PLACEHOLDER.test(text.trim());

/** False for repealed and reserved sections and for sections whose text is only a repeal/expiry placeholder. */
export function isInForce(doc: Pick<CodeSectionDoc, 'status' | 'text'>): boolean {
  if (doc.status !== 'in_force') return false;
  const text = doc.text.trim();
  return text.length > 0 && !isPlaceholder(text);
}

/** A heading or text that keeps the number "Reserved" ("[Reserved]", "{Vacant}"): nothing was ever enacted there, or it waits. */
export const isReservedWording = (text: string) => RESERVED.test(text);

/**
 * The status a section is stored with: "reserved" where its book says so (its status, its heading
 * or its whole text), "repealed" for any other section not in force (repealed, expired, omitted,
 * recodified), else "in_force".
 */
export function storedStatus(section: { status: string; text: string; title?: string }): SectionStatus {
  if (section.status === 'reserved') return 'reserved';
  if (isInForce({ status: section.status === 'repealed' ? 'repealed' : 'in_force', text: section.text })) return 'in_force';
  const text = section.text.trim();
  return (section.title !== undefined && isReservedWording(section.title)) || (isPlaceholder(text) && isReservedWording(text)) ? 'reserved' : 'repealed';
}

/** A status as stored (a text column), read back as one of the three. */
export const statusOfRow = (status: string): SectionStatus => (status === 'repealed' || status === 'reserved' ? status : 'in_force');
