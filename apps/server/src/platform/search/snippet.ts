/**
 * Highlighted snippets. ts_headline marks matches with two control characters that never
 * survive into the answer (START/STOP); everything else is HTML-escaped here, then the markers
 * become <mark>…</mark>. So the snippet is safe to render as HTML: the only tags in it are ours.
 */
export const MARK_START = '\u0002';
export const MARK_STOP = '\u0003';

/** Options for ts_headline: our markers, two short fragments for long texts. */
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=35, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export function markedSnippet(headline: string | null | undefined): string {
  if (!headline) return '';
  const escaped = escapeHtml(headline.replace(/[\u0000\u0001\u0004-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/\s+/g, ' ').trim());
  // Balanced by construction: a stray marker from the data itself still yields only <mark> tags.
  let open = false;
  let out = '';
  let at = 0;
  for (let i = 0; i < escaped.length; i++) {
    const c = escaped[i];
    if (c !== MARK_START && c !== MARK_STOP) continue;
    out += escaped.slice(at, i);
    at = i + 1;
    if (c === MARK_START && !open) out += '<mark>';
    else if (c === MARK_STOP && open) out += '</mark>';
    open = c === MARK_START;
  }
  out += escaped.slice(at);
  return open ? `${out}</mark>` : out;
}
