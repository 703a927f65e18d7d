/**
 * The accessibility rules against veraPDF's PDF/UA-1 test corpus (github.com/veraPDF/veraPDF-corpus,
 * CC BY 4.0; never copied into this repository). Each corpus file tests one clause and says so in
 * its name: `7.1-t09-fail-a.pdf` is test 9 of clause 7.1, expected to fail (its outline says what
 * the test is). A test counts here only when it checks what one of our rules checks; for those,
 * every "fail" file must be flagged by that rule, and a flagged "pass" file is a false alarm
 * (reported, allowed: our rules are stricter than the clause in places).
 *
 *   npx tsx eval/compliance/verapdf.ts [--corpus DIR]     (default /tmp/verapdf-corpus)
 *
 * Exits 1 when a "fail" file of a mapped test passes our rule.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAccessibility, readPdfFacts } from '../../src/modules/compliance/rules/accessibility';
import { formatTable } from '../table';

export const DEFAULT_CORPUS = '/tmp/verapdf-corpus';

interface MappedTest {
  /** The clause and test number in the corpus file name, e.g. "7.1-t09". */
  test: string;
  /** What the corpus test checks (from the files' outlines). */
  what: string;
  /** Our rule; a file is flagged when the findings include it. */
  rule: string;
  /** Only these file letters ("fail-a", "pass-g"...) when the test mixes what we check with what we do not. */
  only?: string[];
}

/**
 * PDF/UA-1 tests that check what our rules check. Everything else in the corpus is left out on
 * purpose; EXCLUDED says why, clause by clause.
 */
export const MAPPED: MappedTest[] = [
  { test: '5-t01', what: 'PDF/UA identifier (pdfuaid:part) present in XMP', rule: 'accessibility.no_pdfua_identifier' },
  { test: '5-t03', what: "pdfuaid:part written with another prefix ('pdfuaia') is no identifier", rule: 'accessibility.no_pdfua_identifier' },
  { test: '7.1-t08', what: 'metadata stream present (so dc:title can be)', rule: 'accessibility.no_title' },
  { test: '7.1-t09', what: 'dc:title present in the XMP metadata', rule: 'accessibility.no_title' },
  { test: '7.1-t10', what: 'ViewerPreferences /DisplayDocTitle true', rule: 'accessibility.title_not_displayed' },
  { test: '7.1-t11', what: 'catalog has a StructTreeRoot', rule: 'accessibility.no_structure_tree' },
  // 7.2-3x: the language of outlines, ActualText, Alt, E, text, form fields, dc:title must be
  // determinable; with a catalog /Lang it always is, so every "fail" file lacks one.
  ...['t02', 't21', 't22', 't23', 't24', 't25', 't30', 't31', 't32', 't33', 't34'].map((t) => ({
    test: `7.2-${t}`,
    what: 'natural language determinable (catalog /Lang absent in the fail file)',
    rule: 'accessibility.no_language',
  })),
  {
    test: '7.2-t29',
    what: 'catalog /Lang is a valid language tag (RFC 3066: 1-8 letters, then 1-8 letters/digits)',
    rule: 'accessibility.no_language',
    // The other files of t29 put the bad tag on a paragraph or a marked-content property list.
    only: ['fail-a', 'fail-b', 'fail-c', 'fail-j', 'fail-k', 'fail-n', 'pass-a', 'pass-b', 'pass-g', 'pass-h'],
  },
  { test: '7.3-t01', what: 'Figure has Alt or ActualText', rule: 'accessibility.figure_without_alt' },
  { test: '7.4.2-t01', what: 'numbered headings: first is H1, no level skipped', rule: 'accessibility.heading_skipped' },
  { test: '7.21.4.1-t01', what: 'fonts embedded', rule: 'accessibility.font_not_embedded' },
];

/** Corpus clauses (or tests) not mapped, and why. */
export const EXCLUDED: [string, string][] = [
  ['5-t02', 'pdfuaid:part 2 is a PDF/UA-2 claim; our rule asks whether the file claims PDF/UA at all, not which part'],
  ['5-t04, 5-t05', 'prefix of the optional pdfuaid:amd / pdfuaid:corr properties; we read only pdfuaid:part'],
  ['7.1-t01..t03', 'artifacts versus real content in the content streams; we do not read content streams'],
  ['7.1-t04', 'MarkInfo /Suspect true; we read /Marked, not /Suspect'],
  ['7.1-t05..t07', 'role map validity (non-standard types mapped to standard ones, no remapped standard types)'],
  ['7.2-t03..t20, t26, t27', 'parent/child rules of table, list and TOC structure elements (7.2-1)'],
  ['7.2-t15', 'table reading order (pass files only)'],
  ['7.2-t29 (other files)', 'invalid Lang on a paragraph or in a marked-content property list; we read the catalog /Lang only'],
  ['7.4.4', 'unnumbered headings (H): one per section, not mixed with H1-H6; our rule checks numbered levels only'],
  ['7.5', 'header cells associated with data cells (TH /Scope or Headers/IDs); our rule checks that a table has TH at all'],
  ['7.7', 'Formula alternate text; our rule checks Figure only'],
  ['7.9', 'Note IDs / references'],
  ['7.10, 7.11, 7.15, 7.16', 'optional content names, embedded file specs, XFA, encryption permissions'],
  ['7.18.x', 'annotations, tab order, forms, links, media, attachments, printer marks'],
  ['7.20', 'reference XObjects, form XObjects with MCIDs'],
  ['7.21.3, 7.21.4.2, 7.21.5..7.21.8', 'composite fonts, subset CharSet/CIDSet, metrics, encodings, ToUnicode, .notdef'],
];

export interface VeraPdfRow {
  test: string;
  rule: string;
  what: string;
  failFiles: string[];
  /** "fail" files our rule flags; must equal failFiles. */
  failFlagged: string[];
  passFiles: string[];
  /** "pass" files our rule flags anyway (false alarms). */
  passFlagged: string[];
  /** Files pdf-lib could not read (counted as not flagged). */
  errors: string[];
}

const NAME = /^(.+-t\d+)-(pass|fail)-([a-z])\.pdf$/;

function pdfFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? pdfFiles(path) : name.endsWith('.pdf') ? [path] : [];
  });
}

/** One row per mapped test, from the PDF/UA-1 files under `dir` (the corpus root or its PDF_UA-1 folder). */
export async function runVeraPdfCorpus(dir: string = DEFAULT_CORPUS): Promise<VeraPdfRow[]> {
  const ua1 = existsSync(join(dir, 'PDF_UA-1')) ? join(dir, 'PDF_UA-1') : dir;
  const files = pdfFiles(ua1).sort();
  const rows: VeraPdfRow[] = [];
  for (const mapped of MAPPED) {
    const row: VeraPdfRow = { test: mapped.test, rule: mapped.rule, what: mapped.what, failFiles: [], failFlagged: [], passFiles: [], passFlagged: [], errors: [] };
    for (const path of files) {
      const m = NAME.exec(basename(path));
      if (!m || m[1] !== mapped.test) continue;
      const [, , expected, letter] = m;
      if (mapped.only && !mapped.only.includes(`${expected}-${letter}`)) continue;
      const name = basename(path);
      (expected === 'fail' ? row.failFiles : row.passFiles).push(name);
      let flagged = false;
      try {
        flagged = checkAccessibility(await readPdfFacts(readFileSync(path), true)).some((f) => f.rule === mapped.rule);
      } catch (err) {
        row.errors.push(`${name}: ${(err as Error).message}`);
      }
      if (flagged) (expected === 'fail' ? row.failFlagged : row.passFlagged).push(name);
    }
    rows.push(row);
  }
  return rows;
}

/** Mapped tests with a "fail" file that our rule lets pass. */
export const missedFailures = (rows: VeraPdfRow[]) => rows.filter((r) => r.failFlagged.length < r.failFiles.length);

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const dir = resolve(argValue('--corpus') ?? DEFAULT_CORPUS);
  if (!existsSync(dir)) {
    console.log(
      `veraPDF corpus not found at ${dir}: copy the PDF_UA-1 folder of https://github.com/veraPDF/veraPDF-corpus there (e.g. git clone --depth 1 https://github.com/veraPDF/veraPDF-corpus ${dir}), or pass --corpus DIR. Skipped.`,
    );
    return;
  }
  const rows = await runVeraPdfCorpus(dir);
  const clause = (test: string) => test.replace(/-t\d+$/, '');
  console.log(
    formatTable(
      ['clause', 'test', 'what the test checks', 'our rule', 'fail files', 'fail flagged', 'pass files', 'pass flagged (false alarms)'],
      rows.map((r) => [
        clause(r.test),
        r.test,
        r.what,
        r.rule.replace(/^accessibility\./, ''),
        String(r.failFiles.length),
        `${r.failFlagged.length}${r.failFlagged.length < r.failFiles.length ? ' MISSED' : ''}`,
        String(r.passFiles.length),
        String(r.passFlagged.length),
      ]),
    ),
  );
  const total = (pick: (r: VeraPdfRow) => string[]) => rows.reduce((n, r) => n + pick(r).length, 0);
  console.log(`\nfail files flagged: ${total((r) => r.failFlagged)}/${total((r) => r.failFiles)}; false alarms on pass files: ${total((r) => r.passFlagged)}/${total((r) => r.passFiles)}`);
  for (const r of rows) {
    const missed = r.failFiles.filter((f) => !r.failFlagged.includes(f));
    if (missed.length) console.log(`MISSED ${r.test} (${r.rule}): ${missed.join(', ')}`);
    if (r.passFlagged.length) console.log(`false alarm ${r.test} (${r.rule}): ${r.passFlagged.join(', ')}`);
    for (const e of r.errors) console.log(`unreadable ${r.test}: ${e}`);
  }
  if (!rows.some((r) => r.failFiles.length + r.passFiles.length)) console.log(`No mapped corpus files under ${dir}.`);
  console.log('\nNot mapped (the test checks something none of our rules checks):');
  for (const [what, why] of EXCLUDED) console.log(`  ${what}: ${why}`);
  if (missedFailures(rows).length) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
