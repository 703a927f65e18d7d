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
  /** The pages of the same site an HTML page links to (href as written, without "?…" and "#…"), for the place in the code a page lends the pages it lists (index.ts). */
  links: string[];
}

/** At most this many links are kept per page: a table of contents lists a chapter's sections, not thousands. */
const LINKS_MAX = 2000;

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

/**
 * The next place of `needle` at or after a position that only moves forward: found once and
 * remembered until the scan passes it, so a document full of '<' without '>' (or of declarations
 * without '[') costs one pass, not one pass per tag.
 */
function forwardSearch(source: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found !== -1 && found < from) found = source.indexOf(needle, from);
    return found;
  };
}

/** The open elements of an XML document, with a count per name so a close of a name not open costs nothing. */
class OpenElements {
  private readonly stack: string[] = [];
  private readonly counts = new Map<string, number>();

  get top(): string | undefined {
    return this.stack[this.stack.length - 1];
  }

  get size(): number {
    return this.stack.length;
  }

  open(name: string): void {
    this.stack.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** Closes the innermost `name` and everything opened inside it; false when no `name` is open. */
  close(name: string): boolean {
    if (!this.counts.get(name)) return false;
    for (let popped = ''; popped !== name; ) {
      popped = this.stack.pop()!;
      this.counts.set(popped, this.counts.get(popped)! - 1);
    }
    return true;
  }
}

/** A tag's name right after its '<' (and an optional '/'); tried before the tag is cut out of the text. */
const TAG_NAME = /(\/?)\s*([A-Za-z_][\w:.-]*)/y;

/**
 * One forward scan over the document: every search for a delimiter ('<', '>', '[', a line break)
 * starts where the last one of its kind ended, and a tag is cut out only once its name is read,
 * so the time grows with the length of the document whatever its layout.
 */
export function markupLines(source: string, kind: 'html' | 'xml'): MarkupReading {
  const html = kind === 'html';
  const lower = html ? source.toLowerCase() : '';
  const lines: SourceLine[] = [];
  const elements = new OpenElements();
  const nextGt = forwardSearch(source, '>');
  const nextBracket = forwardSearch(source, '[');
  let fault: MarkupReading['fault'] = null;
  let baseUrl: string | null = null;
  const links: string[] = [];
  let lineNo = 1;
  let nextNewline = source.indexOf('\n');
  let buf = '';
  /** buf holds more than whitespace (kept as a flag: trimming a growing buffer per tag is quadratic). */
  let bufHasText = false;
  let bufLine = 1;
  let heading = false;
  let anchor: string | null = null;
  let boldDepth = 0;
  let boldFromStart = false;
  let boldText: string | null = null;

  /** Counts the line breaks before `to` (never called with a smaller `to` than before). */
  const lineAt = (to: number) => {
    while (nextNewline >= 0 && nextNewline < to) {
      lineNo++;
      nextNewline = source.indexOf('\n', nextNewline + 1);
    }
  };
  const setFault = (message: string) => {
    fault ??= { line: lineNo, message };
  };
  const flush = () => {
    // Whitespace alone tidies to nothing: not tidied (a block tag with nothing in it is most of some files).
    const text = bufHasText ? tidy(buf, html) : '';
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
  const append = (text: string, line = lineNo) => {
    if (!bufHasText) {
      bufLine = line;
      bufHasText = text.trim() !== '';
    }
    buf += text;
  };
  // Spaces that open an XML paragraph mark it as indented (a table row, a quoted ordinance),
  // even inside an <emphasis>; whitespace with a line break is only the file's layout.
  const keeps = (raw: string) => bufHasText || raw.trim() !== '' || (!html && !/[\r\n]/.test(raw));

  /** The text since the last tag (from `textFrom`, on line `textLine`), with any '<' in it that starts no tag (the first at `strayLt`). */
  let i = 0;
  let textFrom = 0;
  let textLine = 1;
  let strayLt = -1;
  // A '<' that starts no tag ("a < b") is text: the run of text goes on past it and is cut once,
  // not at every such '<' (a million pieces of a few characters each cost more to collect than to read).
  const appendText = (to: number) => {
    if (to > textFrom) {
      // The text before the first stray '<' is kept or dropped by its own rule; from the '<' on it is all kept.
      const head = strayLt < 0 ? to : strayLt;
      const from = head > textFrom && keeps(source.slice(textFrom, head)) ? textFrom : head;
      if (from < to) {
        lineAt(from);
        append(decodeEntities(source.slice(from, to)), from === textFrom ? textLine : lineNo);
      }
      lineAt(to);
    }
    strayLt = -1;
  };
  const resume = (at: number) => {
    lineAt(at);
    i = at;
    textFrom = at;
    textLine = lineNo;
  };

  for (;;) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      appendText(source.length);
      break;
    }
    const special = source[lt + 1] === '!' || source[lt + 1] === '?';
    const gt = nextGt(lt);
    TAG_NAME.lastIndex = lt + 1;
    const nameMatch = special || gt < 0 ? null : TAG_NAME.exec(source);
    if (!special && !nameMatch && (html || gt >= 0)) {
      if (!html && !fault) {
        lineAt(lt);
        setFault(`"<" that starts no tag`);
      }
      if (strayLt < 0) strayLt = lt;
      i = lt + 1;
      continue;
    }
    appendText(lt);
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
    } else if (special) {
      // Only a DOCTYPE has an internal subset ("<!DOCTYPE book [ <!ENTITY ...> ]>"), and only a '[' before its '>' opens one.
      const bracket = gt >= 0 && source.startsWith('<!DOCTYPE', lt) ? nextBracket(lt) : -1;
      const end = bracket >= 0 && bracket < gt ? source.indexOf(']>', bracket) : gt;
      if (end < 0) { setFault('a declaration is not closed'); break; }
      close = end + (end === gt ? 1 : 2);
    } else {
      if (!nameMatch) {
        setFault('a tag is not closed');
        break;
      }
      const tag = source.slice(lt + 1, gt);
      close = gt + 1;
      const closing = nameMatch[1] === '/';
      const selfClosing = tag.endsWith('/');
      const name = (html ? nameMatch[2].toLowerCase() : nameMatch[2].replace(/^.*:/, '')).toLowerCase();
      if (!html && !closing && !selfClosing) elements.open(nameMatch[2]);
      if (!html && closing) {
        // A close with nothing open is let pass (the reader has always read such files without a problem).
        if (elements.size && elements.top !== nameMatch[2]) setFault(`</${nameMatch[2]}> closes <${elements.top}>`);
        elements.close(nameMatch[2]);
      }
      if (html && !closing && HTML_SKIP.has(name) && !selfClosing) {
        const end = lower.indexOf(`</${name}`, close);
        const endGt = end < 0 ? -1 : nextGt(end);
        if (name === 'head') baseUrl ??= headUrl(source.slice(close, end < 0 ? source.length : end));
        resume(endGt < 0 ? source.length : endGt + 1);
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
      if (html && name === 'a' && !closing && links.length < LINKS_MAX) {
        const href = attribute(tag, 'href');
        const local = href && !/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href) ? href.replace(/[?#].*$/s, '') : '';
        if (local) links.push(local);
      }
      if (html && !closing && name === 'base') baseUrl ??= absoluteUrl(attribute(tag, 'href'));
    }
    resume(close);
  }
  flush();
  lineAt(source.length);
  if (!html && elements.size && !fault) fault = { line: lineNo, message: `<${elements.top}> is not closed at the end of the file` };
  return { lines, fault, baseUrl, links };
}

/** Whitespace of a block: XML keeps a paragraph's leading spaces (they mark an indented line). */
function tidy(raw: string, html: boolean): string {
  const text = raw.replace(/\u00a0/g, ' ');
  // Only a run of spaces or a space other than ' ' needs folding; most blocks have none, and
  // rebuilding a long block space by space costs more to collect than to read.
  if (html) return (/\s\s|[^\S ]/.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
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
