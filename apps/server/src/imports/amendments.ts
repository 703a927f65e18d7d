/**
 * Code sections a measure amends or repeals, from its text: "Section 3 (D.C. Official Code
 * § 6-1401.02) is amended", "(D.C. Official Code §§ 47-2851.03 and 47-2851.04) are repealed".
 * A mere citation (the Home Rule Act's § 1-206.02(c)(1) in every transmittal clause) or a whole
 * act cited as "§ 2-501 et seq." does not count. Returns section number keys ("2-532").
 */
const AMENDING_CITATION = /Official\s+Code\s+§§?\s*([^;)\]]{1,300})\)\s*(?:,[^.;]{0,80})?\s*(?:is|are)\s+(?:hereby\s+)?(?:amended|repealed)/g;
const SECTION_NUMBER = /\b(\d{1,2}[A-Z]?-\d{1,4}[a-z]?(?:\.\d{1,4}[a-z]?)*)/g;

export function amendedSectionKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const citation of text.matchAll(AMENDING_CITATION)) {
    if (/et\s+seq/i.test(citation[1])) continue;
    for (const number of citation[1].matchAll(SECTION_NUMBER)) keys.add(number[1]);
  }
  return keys;
}
