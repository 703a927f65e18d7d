/**
 * PostgreSQL's tsquery, as a tree the in-process index evaluates (decision 017). The trees are
 * parsed from the text PostgreSQL itself prints for plainto_tsquery / phraseto_tsquery, so the
 * lexemes are exactly the ones the stored tsvectors hold; they are combined here with AND / OR,
 * as PostgreSQL's `&&` / `||` would.
 */
export type TsQuery =
  | { kind: 'lexeme'; lexeme: string }
  | { kind: 'and' | 'or'; children: TsQuery[] }
  | { kind: 'not'; child: TsQuery }
  /** `left <distance> right`: right's position minus left's is `distance` (`<->` is 1). */
  | { kind: 'phrase'; left: TsQuery; right: TsQuery; distance: number };

/** Joins queries with AND / OR; empty queries (stop words only) drop out, as with `&&` and `||`. */
export function combine(kind: 'and' | 'or', parts: (TsQuery | null)[]): TsQuery | null {
  const present = parts.filter((p): p is TsQuery => p !== null);
  if (present.length <= 1) return present[0] ?? null;
  return { kind, children: present };
}

/** Every lexeme a query names (its NOT branches included), without repeats. */
export function lexemesOf(query: TsQuery | null, out = new Set<string>()): Set<string> {
  if (!query) return out;
  if (query.kind === 'lexeme') out.add(query.lexeme);
  else if (query.kind === 'not') lexemesOf(query.child, out);
  else if (query.kind === 'phrase') {
    lexemesOf(query.left, out);
    lexemesOf(query.right, out);
  } else for (const child of query.children) lexemesOf(child, out);
  return out;
}

export const hasPhrase = (query: TsQuery | null): boolean =>
  !!query && (query.kind === 'phrase' || (query.kind === 'not' ? hasPhrase(query.child) : query.kind !== 'lexeme' && query.children.some(hasPhrase)));

type Token = { type: 'lexeme'; value: string } | { type: 'op'; value: '&' | '|' | '!' | '(' | ')' } | { type: 'phrase'; distance: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') i++;
    else if (c === "'") {
      let value = '';
      i++;
      while (i < text.length) {
        if (text[i] === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
        } else if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
          } else break;
        } else value += text[i++];
      }
      i++;
      // Weight or prefix marks (":AB", ":*") never come from plainto/phraseto_tsquery; they are skipped.
      if (text[i] === ':') {
        i++;
        while (i < text.length && /[*A-Da-d]/.test(text[i])) i++;
      }
      tokens.push({ type: 'lexeme', value });
    } else if (c === '<') {
      const end = text.indexOf('>', i);
      const inner = text.slice(i + 1, end);
      tokens.push({ type: 'phrase', distance: inner === '-' ? 1 : Number(inner) });
      i = end + 1;
    } else if (c === '&' || c === '|' || c === '!' || c === '(' || c === ')') {
      tokens.push({ type: 'op', value: c });
      i++;
    } else throw new Error(`Unexpected character in tsquery: ${c}`);
  }
  return tokens;
}

/** Parses PostgreSQL's printed tsquery ("'snow' & 'remov'", "'a' <-> 'b' <2> 'c'"); '' is null. */
export function parseTsQuery(text: string | null | undefined): TsQuery | null {
  if (!text?.trim()) return null;
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => {
    const token = peek();
    return token?.type === 'op' && token.value === value;
  };
  const or = (): TsQuery => {
    const parts = [and()];
    while (isOp('|')) {
      at++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : { kind: 'or', children: parts };
  };
  const and = (): TsQuery => {
    const parts = [phrase()];
    while (isOp('&')) {
      at++;
      parts.push(phrase());
    }
    return parts.length === 1 ? parts[0] : { kind: 'and', children: parts };
  };
  const phrase = (): TsQuery => {
    let left = unary();
    while (peek()?.type === 'phrase') {
      const { distance } = tokens[at++] as { distance: number };
      left = { kind: 'phrase', left, right: unary(), distance };
    }
    return left;
  };
  const unary = (): TsQuery => {
    const token = tokens[at++];
    if (!token) throw new Error('Unexpected end of tsquery');
    if (token.type === 'lexeme') return { kind: 'lexeme', lexeme: token.value };
    if (token.type === 'op' && token.value === '!') return { kind: 'not', child: unary() };
    if (token.type === 'op' && token.value === '(') {
      const inner = or();
      at++;
      return inner;
    }
    throw new Error('Unexpected token in tsquery');
  };
  return or();
}
