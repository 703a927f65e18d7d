/**
 * HTML and XML -> the lines the text reader walks: one line per block (paragraph, heading, list
 * item, DocBook <para>), tags stripped, entities decoded. One forward scan over the document;
 * an XML document that is not well-formed is still read, leniently, and the first fault named.
 */

export interface SourceLine {
  text: string;
  /** 1-based line of the source file where the line (block) starts. */
  line: number;
  /** An HTML h1-h6. */
  heading: boolean;
  /** Length of a bold run the block opens with (0 when none): "<b>Sec. 2-45.</b> Definitions ...". */
  boldLead: number;
  /** The id of the block (or of an anchor at its start), for a link into the page. */
  anchor: string | null;
}

export interface MarkupReading {
  lines: SourceLine[];
  /** The first place an XML document is not well-formed (it is still read, leniently). */
  fault: { line: number; message: string } | null;
  baseUrl: string | null;
}

const HTML_BLOCK = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'tr', 'thead', 'tbody',
  'tfoot', 'caption', 'section', 'article', 'header', 'footer', 'blockquote', 'pre', 'hr', 'br', 'main', 'nav', 'aside',
  'body', 'html', 'figure', 'figcaption', 'address', 'center', 'form', 'fieldset', 'legend', 'details', 'summary',
]);
const HTML_SKIP = new Set(['script', 'style', 'head', 'noscript', 'template', 'svg', 'math', 'iframe', 'object']);
const CELL = new Set(['td', 'th']);
/** XML elements that sit inside a line; every other XML element starts a new one. */
const XML_INLINE = new Set([
  'emphasis', 'b', 'i', 'u', 'em', 'strong', 'span', 'sup', 'sub', 'superscript', 'subscript', 'phrase', 'link', 'ulink',
  'xref', 'a', 'quote', 'num', 'citation', 'literal', 'code', 'font', 'anchor', 'footnoteref', 'small', 'big', 'tt', 'ref',
  'term', 'date', 'inline', 'abbr', 'acronym', 'firstterm', 'foreignphrase', 'trademark', 'markup',
]);

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', sect: '§', para: '¶', copy: '©', reg: '®', trade: '™',
  mdash: '—', ndash: '–', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', sbquo: '‚', bdquo: '„',
  laquo: '«', raquo: '»', middot: '·', bull: '•', deg: '°', frac12: '½', frac14: '¼', frac34: '¾', times: '×',
  divide: '÷', plusmn: '±', cent: '¢', pound: '£', euro: '€', yen: '¥', shy: '', ensp: ' ', emsp: ' ', thinsp: ' ',
  eacute: 'é', egrave: 'è', aacute: 'á', agrave: 'à', iacute: 'í', oacute: 'ó', uacute: 'ú', ntilde: 'ñ', ccedil: 'ç',
  uuml: 'ü', ouml: 'ö', auml: 'ä', szlig: 'ß', sup1: '¹', sup2: '²', sup3: '³', micro: 'µ', dagger: '†', Dagger: '‡',
};

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body] ?? whole;
  });
}

const ATTRIBUTE = new Map<string, RegExp>();

function attribute(tag: string, name: string): string | null {
  let re = ATTRIBUTE.get(name);
  if (!re) ATTRIBUTE.set(name, (re = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')));
  const m = re.exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : null;
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

export function markupLines(source: string, kind: 'html' | 'xml'): MarkupReading {
  const html = kind === 'html';
  const lower = html ? source.toLowerCase() : '';
  const lines: SourceLine[] = [];
  const stack: string[] = [];
  let fault: MarkupReading['fault'] = null;
  let baseUrl: string | null = null;
  let lineNo = 1;
  let buf = '';
  /** buf holds more than whitespace (kept as a flag: trimming a growing buffer per tag is quadratic). */
  let bufHasText = false;
  let bufLine = 1;
  let heading = false;
  let anchor: string | null = null;
  let boldDepth = 0;
  let boldFromStart = false;
  let boldText: string | null = null;

  const setFault = (message: string) => {
    fault ??= { line: lineNo, message };
  };
  const flush = () => {
    const text = tidy(buf, html);
    if (text) {
      const lead = boldText === null ? 0 : tidy(boldText, html).length;
      lines.push({ text, line: bufLine, heading, boldLead: lead < text.length ? lead : 0, anchor });
    }
    buf = '';
    bufHasText = false;
    heading = false;
    anchor = null;
    boldText = null;
    boldFromStart = false;
  };
  const append = (text: string) => {
    if (!bufHasText) {
      bufLine = lineNo;
      bufHasText = text.trim() !== '';
    }
    buf += text;
  };

  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > i) {
      const raw = source.slice(i, textEnd);
      // Spaces that open an XML paragraph mark it as indented (a table row, a quoted ordinance),
      // even inside an <emphasis>; whitespace with a line break is only the file's layout.
      if (bufHasText || raw.trim() || (!html && !/[\r\n]/.test(raw))) append(decodeEntities(raw));
      lineNo += countNewlines(source, i, textEnd);
    }
    if (lt < 0) break;
    let close: number;
    if (source.startsWith('<!--', lt)) {
      close = source.indexOf('-->', lt + 4);
      if (close < 0) { setFault('a comment is not closed'); break; }
      close += 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      close = source.indexOf(']]>', lt + 9);
      if (close < 0) { setFault('a CDATA section is not closed'); break; }
      append(source.slice(lt + 9, close));
      close += 3;
    } else if (source[lt + 1] === '!' || source[lt + 1] === '?') {
      const bracket = source.indexOf('[', lt);
      const gt = source.indexOf('>', lt);
      const end = bracket >= 0 && gt >= 0 && bracket < gt && source.startsWith('<!DOCTYPE', lt) ? source.indexOf(']>', bracket) : gt;
      if (end < 0) { setFault('a declaration is not closed'); break; }
      close = end + (end === gt ? 1 : 2);
    } else {
      const gt = source.indexOf('>', lt);
      const tag = gt < 0 ? '' : source.slice(lt + 1, gt);
      const nameMatch = /^(\/?)\s*([A-Za-z_][\w:.-]*)/.exec(tag);
      if (gt < 0 || !nameMatch) {
        if (!html) setFault(gt < 0 ? 'a tag is not closed' : `"<" that starts no tag`);
        if (gt < 0 && !html) break;
        append('<');
        i = lt + 1;
        continue;
      }
      close = gt + 1;
      const closing = nameMatch[1] === '/';
      const selfClosing = tag.endsWith('/');
      const name = (html ? nameMatch[2].toLowerCase() : nameMatch[2].replace(/^.*:/, '')).toLowerCase();
      if (!html && !closing && !selfClosing) stack.push(nameMatch[2]);
      if (!html && closing) {
        const at = stack.lastIndexOf(nameMatch[2]);
        if (at !== stack.length - 1) setFault(`</${nameMatch[2]}> closes ${stack.length ? `<${stack[stack.length - 1]}>` : 'nothing'}`);
        if (at >= 0) stack.length = at;
      }
      if (html && !closing && HTML_SKIP.has(name) && !selfClosing) {
        const end = lower.indexOf(`</${name}`, close);
        const endGt = end < 0 ? -1 : source.indexOf('>', end);
        lineNo += countNewlines(source, lt, endGt < 0 ? source.length : endGt);
        if (name === 'head') baseUrl ??= headUrl(source.slice(close, end < 0 ? source.length : end));
        i = endGt < 0 ? source.length : endGt + 1;
        continue;
      }
      // Only HTML's bold marks a heading; WordPerfect's DocBook bolds arbitrary pieces of a line.
      const isBold = html && (name === 'b' || name === 'strong');
      const block = html ? HTML_BLOCK.has(name) : !XML_INLINE.has(name);
      if (CELL.has(name) && html) {
        append(closing ? '' : ' ');
      } else if (block) {
        flush();
        if (!closing && /^h[1-6]$/.test(name)) heading = true;
        if (!closing) anchor = attribute(tag, 'id');
      } else if (isBold && !selfClosing) {
        if (!closing) {
          if (boldDepth === 0 && !bufHasText && boldText === null) boldFromStart = true;
          boldDepth++;
        } else if (boldDepth > 0) {
          boldDepth--;
          if (boldDepth === 0 && boldFromStart) {
            boldText = buf;
            boldFromStart = false;
          }
        }
      } else if (name === 'a' && !closing && !bufHasText) {
        anchor ??= attribute(tag, 'id') ?? attribute(tag, 'name');
      }
      if (html && !closing && name === 'base') baseUrl ??= absoluteUrl(attribute(tag, 'href'));
    }
    lineNo += countNewlines(source, lt, close);
    i = close;
  }
  flush();
  if (!html && stack.length && !fault) fault = { line: lineNo, message: `<${stack[stack.length - 1]}> is not closed at the end of the file` };
  return { lines, fault, baseUrl };
}

/** Whitespace of a block: XML keeps a paragraph's leading spaces (they mark an indented line). */
function tidy(raw: string, html: boolean): string {
  const text = raw.replace(/\u00a0/g, ' ');
  if (html) return text.replace(/\s+/g, ' ').trim();
  // Split at line breaks rather than match "spaces, break, spaces": that pattern backtracks
  // quadratically on a long run of spaces with no break in it.
  const lead = /^[ \t]*/.exec(text)![0];
  const body = text
    .split(/[\r\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return body && !/[\r\n]/.test(text.slice(0, lead.length + 1)) ? lead + body : body;
}

/** The page's own address: <link rel="canonical"> first, <base href> second. */
function headUrl(head: string): string | null {
  const lower = head.toLowerCase();
  let base: string | null = null;
  for (let at = lower.indexOf('<'); at >= 0; at = lower.indexOf('<', at + 1)) {
    const end = lower.indexOf('>', at);
    if (end < 0) break;
    const tag = head.slice(at, end);
    if (/^<link\s/i.test(tag) && attribute(tag, 'rel')?.toLowerCase() === 'canonical') return absoluteUrl(attribute(tag, 'href'));
    if (/^<base\s/i.test(tag)) base ??= absoluteUrl(attribute(tag, 'href'));
    at = end;
  }
  return base;
}

function absoluteUrl(href: string | null): string | null {
  return href && /^https?:\/\/[^\s]+$/i.test(href) ? href.replace(/#.*$/, '') : null;
}
