/**
 * Search snippets arrive as HTML whose only tags are <mark>…</mark> (the server escapes everything
 * else). We still never hand server text to innerHTML: the snippet is split into plain-text
 * segments here and rendered as React text nodes, so a server bug cannot become markup.
 */
export interface SnippetSegment {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

export function unescapeHtml(text: string): string {
  // One pass, so "&amp;lt;" becomes the literal "&lt;" and is not unescaped twice.
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

export function parseSnippet(html: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let marked = false;
  for (const part of html.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) {
      const text = unescapeHtml(part);
      const last = segments[segments.length - 1];
      // Adjacent segments of the same kind (e.g. "</mark><mark>") read as one highlight.
      if (last && last.marked === marked) last.text += text;
      else segments.push({ text, marked });
    }
  }
  return segments;
}
