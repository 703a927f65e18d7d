/** An item's lines -> its title as a clerk would print it on one line. */

/** What is stored and shown of an item's text. */
export const TITLE_MAX_CHARS = 500;

/**
 * Lines joined with a space, except after a hyphen that ends a line ("R7-" / "Medium-Density");
 * pdf.js's split text runs undone: "99 th Street" (a superscript) -> "99th Street", "see attached ."
 * -> "see attached.".
 */
export function joinTitle(lines: string[]): string {
  let title = '';
  for (const line of lines) {
    title = !title ? line : /\S-$/.test(title) ? title + line : `${title} ${line}`;
  }
  title = title
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
