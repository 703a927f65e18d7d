import { enServer } from './en-server';
import { translate, type Language, type MessageKey } from './index';

/**
 * The server writes some sentences in English for API clients (a web-search note, an engine's
 * fallback reason, a Code Compliance finding). English screens show them as written; other languages
 * show the catalogue's translation when the sentence has a known shape (en-server.ts), with the parts
 * the server filled in (a section number, a year) carried over, and the sentence as written otherwise.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "{section} refers to {target}, …" -> /^(?<section>.+?) refers to (?<target>.+?), …$/ */
function patternOf(template: string): RegExp {
  const seen = new Set<string>();
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return new RegExp(`^${source}$`, 's');
}

// The longest templates first: "… in {year} (the District's code …); …" before "… in {year}; …".
const SHAPES = (Object.keys(enServer) as (keyof typeof enServer)[])
  .sort((a, b) => enServer[b].length - enServer[a].length)
  .map((key) => ({ key: key as MessageKey, pattern: patternOf(enServer[key]) }));

/**
 * A city's setting names its code with an English article ("the District of Columbia Official Code"):
 * the translation's sentence brings its own ("una sección de {code}").
 */
function withoutArticle(parts: Record<string, string>): Record<string, string> {
  return parts.code ? { ...parts, code: parts.code.replace(/^the\s+/i, '') } : parts;
}

export function serverText(language: Language, text: string): string {
  if (language === 'en') return text;
  for (const { key, pattern } of SHAPES) {
    const match = pattern.exec(text.trim());
    if (match) return translate(language, key, withoutArticle({ ...match.groups }));
  }
  return text;
}
