/**
 * Section-number queries: "§ 2-532", "2-532", "section 2-532(c)", "D.C. Code 28:2-201",
 * "what does 42-3505.01 say". A number that names an indexed section puts that section first.
 */
const NUMBER_PATTERN = /\b(\d{1,3}[a-z]?\s*[-:–]\s*[0-9a-z]+(?:[.:–-][0-9a-z]+)*)/gi;

/** Canonical key of a section number: "§ 28:2-201" -> "28:2-201", "§ 2–532" -> "2-532". */
export function sectionNumberKey(number: string): string {
  return number
    .toLowerCase()
    .replace(/§/g, '')
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, '')
    .replace(/\([^)]*\)/g, '')
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
