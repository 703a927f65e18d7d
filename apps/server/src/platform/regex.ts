/** A text as a regular expression that matches it literally: "§ 2-532(c)" -> "§ 2-532\(c\)". */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
