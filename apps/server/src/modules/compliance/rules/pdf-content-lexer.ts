/**
 * The tokens of a PDF content stream (ISO 32000-1 7.2, 7.8.2): operands as values, operators as
 * { op }. Strings come back as their bytes, dictionaries as Maps, names as { name }. An inline
 * image (BI ... ID data EI) comes back as the single operator BI with its data skipped.
 */
export type ContentValue = number | boolean | null | Uint8Array | { name: string } | ContentValue[] | Map<string, ContentValue>;
export type ContentToken = ContentValue | { op: string };

const CH = {
  nul: 0x00,
  tab: 0x09,
  lf: 0x0a,
  ff: 0x0c,
  cr: 0x0d,
  space: 0x20,
  percent: 0x25,
  openParen: 0x28,
  closeParen: 0x29,
  slash: 0x2f,
  less: 0x3c,
  greater: 0x3e,
  openBracket: 0x5b,
  backslash: 0x5c,
  closeBracket: 0x5d,
  openBrace: 0x7b,
  closeBrace: 0x7d,
  e: 0x45,
  i: 0x49,
} as const;
/** Returned for a closing delimiter: the end of an array or dictionary being read. */
const CLOSE = Symbol('close');
/** Operators and numbers are short; a longer run of regular bytes is cut (binary garbage). */
const MAX_WORD = 128;

const isSpace = (c: number) => c === CH.space || c === CH.lf || c === CH.cr || c === CH.tab || c === CH.ff || c === CH.nul;
const isDelimiter = (c: number) =>
  c === CH.openParen || c === CH.closeParen || c === CH.less || c === CH.greater || c === CH.openBracket || c === CH.closeBracket || c === CH.openBrace || c === CH.closeBrace || c === CH.slash || c === CH.percent;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const MAX_NESTING = 32;

export class ContentLexer {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** The next token, or null at the end. */
  next(): ContentToken | null {
    for (;;) {
      const token = this.token(0);
      if (token === undefined) return null;
      // A stray closing delimiter is skipped, as viewers do.
      if (token === CLOSE) continue;
      return token;
    }
  }

  private token(depth: number): ContentToken | typeof CLOSE | undefined {
    const b = this.bytes;
    this.skipSpace();
    if (this.pos >= b.length) return undefined;
    const c = b[this.pos]!;
    if (c === CH.openParen) return this.literal();
    if (c === CH.slash) {
      this.pos++;
      return { name: this.regular().replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) };
    }
    if (c === CH.less) {
      if (b[this.pos + 1] === CH.less) {
        this.pos += 2;
        return this.dictionary(depth);
      }
      return this.hex();
    }
    if (c === CH.greater) {
      this.pos += b[this.pos + 1] === CH.greater ? 2 : 1;
      return CLOSE;
    }
    if (c === CH.openBracket) {
      this.pos++;
      const items: ContentValue[] = [];
      for (;;) {
        const t = depth < MAX_NESTING ? this.token(depth + 1) : undefined;
        if (t === undefined || t === CLOSE) break;
        if (!(typeof t === 'object' && t !== null && 'op' in t)) items.push(t);
      }
      return items;
    }
    if (c === CH.closeBracket || c === CH.closeBrace || c === CH.closeParen) {
      this.pos++;
      return CLOSE;
    }
    if (c === CH.openBrace) {
      this.pos++;
      return this.token(depth);
    }
    const word = this.regular();
    if (NUMBER.test(word)) return Number(word);
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    if (word === 'BI') this.skipInlineImage();
    return { op: word };
  }

  private skipSpace() {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (isSpace(c)) this.pos++;
      else if (c === CH.percent) {
        while (this.pos < b.length && b[this.pos] !== CH.lf && b[this.pos] !== CH.cr) this.pos++;
      } else break;
    }
  }

  private regular(): string {
    const b = this.bytes;
    const start = this.pos;
    while (this.pos < b.length && !isSpace(b[this.pos]!) && !isDelimiter(b[this.pos]!)) this.pos++;
    // A byte no token starts with (an unexpected '}') is passed over.
    if (this.pos === start) this.pos++;
    return String.fromCharCode(...b.subarray(start, Math.min(this.pos, start + MAX_WORD)));
  }

  private literal(): Uint8Array {
    const b = this.bytes;
    const out: number[] = [];
    let level = 0;
    this.pos++;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === CH.backslash) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };
        if (simple[e] !== undefined) out.push(simple[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; k++) v = v * 8 + (b[this.pos++]! - 0x30);
          out.push(v & 0xff);
        } else if (e === CH.cr) {
          if (b[this.pos] === CH.lf) this.pos++;
        } else if (e !== CH.lf) out.push(e);
      } else if (c === CH.openParen) {
        level++;
        out.push(c);
      } else if (c === CH.closeParen) {
        if (level === 0) break;
        level--;
        out.push(c);
      } else out.push(c);
    }
    return Uint8Array.from(out);
  }

  private hex(): Uint8Array {
    const b = this.bytes;
    this.pos++;
    let digits = '';
    while (this.pos < b.length && b[this.pos] !== CH.greater) {
      const c = b[this.pos++]!;
      if (!isSpace(c)) digits += String.fromCharCode(c);
    }
    this.pos++;
    if (digits.length % 2) digits += '0';
    const out = new Uint8Array(digits.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16) || 0;
    return out;
  }

  private dictionary(depth: number): Map<string, ContentValue> {
    const dict = new Map<string, ContentValue>();
    for (;;) {
      const key = depth < MAX_NESTING ? this.token(depth + 1) : undefined;
      if (key === undefined || key === CLOSE) break;
      if (!(key && typeof key === 'object' && 'name' in key)) continue;
      const value = this.token(depth + 1);
      if (value === undefined || value === CLOSE) break;
      if (!(value && typeof value === 'object' && 'op' in value)) dict.set(key.name, value);
    }
    return dict;
  }

  /** Skips an inline image's dictionary and data: up to "EI" standing alone after the "ID" operator. */
  private skipInlineImage() {
    const b = this.bytes;
    for (;;) {
      const t = this.token(MAX_NESTING);
      if (t === undefined) return;
      if (t && typeof t === 'object' && 'op' in t && t.op === 'ID') break;
    }
    this.pos++;
    while (this.pos < b.length) {
      if (b[this.pos] === CH.e && b[this.pos + 1] === CH.i && isSpace(b[this.pos - 1]!) && (this.pos + 2 >= b.length || isSpace(b[this.pos + 2]!))) {
        this.pos += 2;
        return;
      }
      this.pos++;
    }
  }
}
