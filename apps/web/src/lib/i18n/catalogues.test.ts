import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditSource, placeholdersOf, type KeyUse, type UiLiteral } from '../../test/ui-text-audit';
import { dictionaries } from './index';

/**
 * Every text the UI shows comes from the catalogues, and the Spanish one translates all of it
 * (issue: the web-search note, the 'Effective' status, the Code Compliance table and the agenda's
 * labels stayed in English).
 */

const en: Record<string, string> = dictionaries.en;
const es: Record<string, string> = dictionaries.es;

/**
 * Spanish texts allowed to read exactly as the English ones: each is the same word in both
 * languages, a name, or has no words at all once its placeholders are filled.
 */
const SAME_IN_BOTH: Record<string, string> = {
  Error: 'the same word in Spanish',
  CivicDesk: 'the product name',
  Agenda: 'the same word in Spanish (a council agenda)',
  Zoom: 'the same word in Spanish (a viewer control)',
  Legal: 'the same word in Spanish (a compliance type)',
  No: 'the same word in Spanish (quorum: no)',
  'No — {cited}': 'the same word in Spanish (an answer that says no)',
};

/**
 * Component texts that are not language: each is shown as is in every language. Keys are the
 * exact trimmed text; a text here must have a reason a reviewer agrees with.
 */
const NOT_LANGUAGE: Record<string, string> = {
  CivicDesk: 'the product name, the same in every language',
};

const SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const audits = sourceFiles(SRC).map((path) => ({ path, ...auditSource(relative(SRC, path), readFileSync(path, 'utf8')) }));
const where = (use: UiLiteral | KeyUse) => `${use.file}:${use.line}`;

describe('the catalogues', () => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(es).filter((key) => !(key in en)), 'Spanish keys that English lacks').toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in es)), 'English keys that Spanish lacks').toEqual([]);
  });

  it('translate every text: a Spanish text equal to the English one is a word both languages share', () => {
    const untranslated = Object.keys(en).filter((key) => {
      const text = en[key];
      const words = text.replace(/\{\w+\}/g, '');
      return es[key] === text && /\p{L}/u.test(words) && !(text in SAME_IN_BOTH);
    });
    expect(untranslated.map((key) => `${key}: ${en[key]}`)).toEqual([]);
  });

  it('give each translation the same placeholders as its English text', () => {
    const same = (a: string[], b: string[]) => [...new Set(a)].join() === [...new Set(b)].join();
    const differing = Object.keys(en).filter((key) => key in es && !same(placeholdersOf(en[key]), placeholdersOf(es[key])));
    expect(differing.map((key) => `${key}: "${en[key]}" / "${es[key]}"`)).toEqual([]);
  });
});

describe('the components', () => {
  it('show no text of their own: JSX text and user-visible attributes come from t()', () => {
    const literals = audits.flatMap((audit) => audit.literals).filter((literal) => !(literal.text in NOT_LANGUAGE));
    expect(literals.map((literal) => `${where(literal)} ${literal.where}: ${literal.text}`)).toEqual([]);
  });

  it('ask t() only for keys the catalogue has (a template key for a prefix some keys start with)', () => {
    const keys = Object.keys(en);
    const missing = audits
      .flatMap((audit) => audit.keys)
      .filter((use) => (use.isPrefix ? !keys.some((key) => key.startsWith(use.key)) : !(use.key in en)));
    expect(missing.map((use) => `${where(use)} ${use.isPrefix ? `${use.key}…` : use.key}`)).toEqual([]);
  });

  it('are found and read: the audit sees the files and the t() calls it checks', () => {
    expect(audits.length).toBeGreaterThan(100);
    expect(audits.flatMap((audit) => audit.keys).length).toBeGreaterThan(500);
  });

  it('the audit catches a literal in text, in an attribute and in a condition, and a template key', () => {
    const { literals, keys } = auditSource(
      'x.tsx',
      `const A = () => <p title="Hello" aria-label={on ? 'On' : t('off')}>Effective {'Final'} {t(\`codeRule_\${r}\`)} {'·'}</p>;`,
    );
    expect(literals.map((l) => `${l.where}:${l.text}`)).toEqual(['title:Hello', 'aria-label:On', 'text:Effective', 'text:Final']);
    expect(keys).toEqual([
      { file: 'x.tsx', line: 1, key: 'off', isPrefix: false },
      { file: 'x.tsx', line: 1, key: 'codeRule_', isPrefix: true },
    ]);
  });
});
