import ts from 'typescript';

/**
 * Reads a component's source with the TypeScript compiler and reports what it would show a user
 * without going through the catalogues: text between JSX tags, string literals given to attributes a
 * user reads or hears, and the keys its t() calls ask for. A test (lib/i18n/catalogues.test.ts) turns
 * these into failures.
 */

/** Attributes a user reads (placeholder, title, alt, label) or hears from a screen reader (aria-*). */
export const USER_VISIBLE_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

export interface UiLiteral {
  file: string;
  line: number;
  /** `text` for JSX children, otherwise the attribute's name. */
  where: string;
  text: string;
}

export interface KeyUse {
  file: string;
  line: number;
  /** A whole key (`t('save')`) or, for a template (`t(\`codeRule_${rule}\`)`), the fixed start of it. */
  key: string;
  isPrefix: boolean;
}

const hasLetter = (text: string) => /\p{L}/u.test(text);

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** The string literals an expression can evaluate to: `'a'`, `x ? 'a' : 'b'`, `x ?? 'a'`, `` `a ${x}` ``. */
function literalTexts(expression: ts.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression.text];
  if (ts.isTemplateExpression(expression)) {
    return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isParenthesizedExpression(expression)) return literalTexts(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const op = expression.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      return [...literalTexts(expression.left), ...literalTexts(expression.right)];
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(expression.right);
  }
  return [];
}

/** The keys a t() argument can be: literals, both sides of a condition, and a template's fixed start. */
function keysOf(expression: ts.Expression): { key: string; isPrefix: boolean }[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [{ key: expression.text, isPrefix: false }];
  if (ts.isTemplateExpression(expression)) return [{ key: expression.head.text, isPrefix: true }];
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return keysOf(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) return [...keysOf(expression.whenTrue), ...keysOf(expression.whenFalse)];
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    return keysOf(expression.right);
  }
  return [];
}

function isTranslateCall(node: ts.CallExpression): { keyArgument: ts.Expression | undefined } | null {
  const callee = node.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  if (name === 't') return { keyArgument: node.arguments[0] };
  // translate(language, key, vars): the helper outside React.
  if (name === 'translate' && node.arguments.length >= 2) return { keyArgument: node.arguments[1] };
  return null;
}

export function auditSource(file: string, text: string): { literals: UiLiteral[]; keys: KeyUse[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const literals: UiLiteral[] = [];
  const keys: KeyUse[] = [];

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      const shown = node.text.replace(/\s+/g, ' ').trim();
      if (hasLetter(shown)) literals.push({ file, line: lineOf(source, node), where: 'text', text: shown });
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      // {'text'} or {cond ? 'a' : 'b'} between tags is shown just like plain JSX text.
      for (const shown of literalTexts(node.expression)) {
        if (hasLetter(shown)) literals.push({ file, line: lineOf(source, node), where: 'text', text: shown.trim() });
      }
    } else if (ts.isJsxAttribute(node) && USER_VISIBLE_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const texts = ts.isStringLiteral(init) ? [init.text] : ts.isJsxExpression(init) && init.expression ? literalTexts(init.expression) : [];
      for (const shown of texts) {
        if (hasLetter(shown)) literals.push({ file, line: lineOf(source, node), where: node.name.getText(source), text: shown.trim() });
      }
    } else if (ts.isCallExpression(node)) {
      const call = isTranslateCall(node);
      if (call?.keyArgument) {
        for (const use of keysOf(call.keyArgument)) keys.push({ file, line: lineOf(source, node), ...use });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, keys };
}

/** `{name}` placeholders of a catalogue text, sorted, so two languages' texts can be compared. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}
