/** An item's lines -> its title as a clerk would print it on one line. */

/** What is stored and shown of an item's text. */
export const TITLE_MAX_CHARS = 500;
/** What of an item's lines is read for its title (an item's text can run to megabytes). */
const JOINED_MAX_CHARS = 4 * TITLE_MAX_CHARS;

/**
 * Lines joined with a space, except after a hyphen that ends a line ("R7-" / "Medium-Density");
 * pdf.js's split text runs undone: "99 th Street" (a superscript) -> "99th Street", "see attached ."
 * -> "see attached.".
 */
export function joinTitle(lines: string[]): string {
  const parts: string[] = [];
  let length = 0;
  /** The last two characters joined so far: a line's end is tested there, not on the whole title. */
  let tail = '';
  for (const line of lines) {
    // The rest cannot change the first TITLE_MAX_CHARS: the tidying below shortens text by at most half.
    if (length > JOINED_MAX_CHARS) break;
    const part = !length ? line : /\S-$/.test(tail) ? line : ` ${line}`;
    parts.push(part);
    length += part.length;
    tail = (tail + part).slice(-2);
  }
  const title = parts
    .join('')
    .slice(0, JOINED_MAX_CHARS)
    .replace(/\s+/g, ' ')
    .replace(/(\d) (st|nd|rd|th)\b/g, '$1$2')
    .replace(/ ([.,;:])(?=\s|$)/g, '$1')
    .trim();
  return capTitle(title);
}

/** At most TITLE_MAX_CHARS, cut at a word and marked with "…". */
export function capTitle(title: string): string {
  if (title.length <= TITLE_MAX_CHARS) return title;
  const cut = title.slice(0, TITLE_MAX_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX_CHARS * 0.8 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}
