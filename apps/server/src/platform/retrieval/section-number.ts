/**
 * Section-number queries: "§ 2-532", "2-532", "section 2-532(c)", "D.C. Code 28:2-201",
 * "what does 42-3505.01 say". A number that names an indexed section puts that section first.
 */
const NUMBER_PATTERN = /\b(\d{1,3}[a-z]?\s*[-:–]\s*[0-9a-z]+(?:[.:–-][0-9a-z]+)*)/gi;

/**
 * A section's identity within its city's codes, the one key every part compares on: the stored
 * `code_sections.number_key` (imports), lookups of a number however it is written (the section
 * viewer's `GET /api/municipal_code/data`), numbers named in a question (retrieval) and citations read
 * from a document (Compliance Check). "§ 28:2-201" -> "28:2-201", "§ 2–532(c)" -> "2-532",
 * "SEC. 1.05" / "Sec. 1.05" / "Section 1.05" -> "1.05", "618.07." -> "618.07", "28:2A-101" ->
 * "28:2a-101". The code or Article a number belongs to is not part of it: where the city's codes
 * share a number, the section's code tells them apart (`municipal-code/lookup.ts`, `code-sources.ts`).
 * Migration 0015 stored every existing key this way; its SQL says the same steps, and
 * `section-number.test.ts` holds the two to the same answers.
 */
export function sectionNumberKey(number: string): string {
  return number
    .toLowerCase()
    .replace(/§/g, '')
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/^(?:section|sect\.?|sec\.?)/, '')
    .replace(/[.,;:]+$/, '');
}

/** Candidate section numbers mentioned in a query, in order of appearance. */
export function sectionNumbersIn(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(NUMBER_PATTERN)) {
    const key = sectionNumberKey(m[1]);
    if (/\d/.test(key.split(/[-:]/).slice(1).join(''))) out.push(key);
  }
  return out;
}
