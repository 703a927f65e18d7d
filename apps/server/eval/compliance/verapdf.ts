/**
 * The accessibility rules against veraPDF's PDF/UA-1 test corpus (github.com/veraPDF/veraPDF-corpus,
 * CC BY 4.0; never copied into this repository). Each corpus file tests one clause and says so in
 * its name: `7.1-t09-fail-a.pdf` is test 9 of clause 7.1, expected to fail (its outline says what
 * the test is). A test counts here when it checks what one of our rules checks; for those, the
 * rule must flag every "fail" file and no "pass" file: a missed failure and a false alarm are
 * both disagreements. Every other test found in the corpus must be listed in EXCLUDED with the
 * reason, and then no rule's text claims it.
 *
 *   npx tsx eval/compliance/verapdf.ts [--corpus DIR]     (default /tmp/verapdf-corpus)
 *
 * Exits 1 on any disagreement, unreadable file, or corpus test neither mapped nor excluded.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAccessibility, readPdfFacts } from '../../src/modules/compliance/rules/accessibility';
import { formatTable } from '../table';

/** The 66 files of the corpus this machine holds beside the repository (../shared/data), else a full checkout in /tmp. */
const SHARED_CORPUS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/verapdf-pdfua1');
export const DEFAULT_CORPUS = existsSync(SHARED_CORPUS) ? SHARED_CORPUS : '/tmp/verapdf-corpus';

interface MappedTest {
  /** The clause and test number in the corpus file name, e.g. "7.1-t09". */
  test: string;
  /** What the corpus test checks (from veraPDF's PDF/UA-1 profile and the files' outlines). */
  what: string;
  /** Our rule; a file is flagged when the findings include it. */
  rule: string;
  /**
   * When our rule covers several veraPDF tests (the language of outlines, alternate texts, page
   * text... in one finding), the words of its explanation that name what this test checks: the
   * file counts as flagged only for that reason. A "pass" file promises only its own test, so it
   * may well fail a sibling test checked by the same rule.
   */
  aspect?: string;
  /** Only these file letters ("fail-a", "pass-g"...) when the test mixes what we check with what we do not. */
  only?: string[];
  /** Why the other files of the test are left out (with `only`). */
  othersWhy?: string;
}

const LANGUAGE = 'accessibility.no_language';

/**
 * PDF/UA-1 tests that check what our rules check. Everything else in the corpus is left out on
 * purpose; EXCLUDED says why.
 */
export const MAPPED: MappedTest[] = [
  { test: '5-t01', what: 'PDF/UA identifier (pdfuaid:part) present in XMP', rule: 'accessibility.no_pdfua_identifier' },
  { test: '5-t03', what: "pdfuaid:part written with another prefix ('pdfuaia') is no identifier", rule: 'accessibility.no_pdfua_identifier' },
  { test: '7.1-t01', what: 'no Artifact sequence inside tagged content', rule: 'accessibility.artifact_mixed_with_content' },
  { test: '7.1-t02', what: 'no tagged content inside an Artifact sequence', rule: 'accessibility.artifact_mixed_with_content' },
  { test: '7.1-t03', what: 'all content tagged (MCID in the structure tree) or inside an Artifact', rule: 'accessibility.content_not_tagged' },
  { test: '7.1-t04', what: 'MarkInfo /Suspects is not true', rule: 'accessibility.tags_suspect' },
  { test: '7.1-t05', what: 'non-standard structure types map to a standard type', rule: 'accessibility.role_map_invalid' },
  { test: '7.1-t06', what: 'no circular role mapping', rule: 'accessibility.role_map_invalid' },
  { test: '7.1-t07', what: 'standard structure types are not remapped', rule: 'accessibility.role_map_invalid' },
  { test: '7.1-t08', what: 'metadata stream present (so dc:title can be)', rule: 'accessibility.no_title' },
  { test: '7.1-t09', what: 'dc:title present in the XMP metadata', rule: 'accessibility.no_title' },
  { test: '7.1-t10', what: 'ViewerPreferences /DisplayDocTitle true', rule: 'accessibility.title_not_displayed' },
  { test: '7.1-t11', what: 'catalog has a StructTreeRoot', rule: 'accessibility.no_structure_tree' },
  { test: '7.2-t02', what: 'language of outline entries (catalog /Lang)', rule: LANGUAGE, aspect: 'the bookmarks' },
  { test: '7.2-t21', what: "language of a structure element's ActualText (its Lang, an ancestor's, the catalog's)", rule: LANGUAGE, aspect: 'structure element' },
  { test: '7.2-t22', what: "language of a structure element's Alt", rule: LANGUAGE, aspect: 'structure element' },
  { test: '7.2-t23', what: "language of a structure element's E (expansion)", rule: LANGUAGE, aspect: 'structure element' },
  { test: '7.2-t24', what: "language of an annotation's Contents", rule: LANGUAGE, aspect: 'annotation' },
  { test: '7.2-t25', what: "language of a form field's TU", rule: LANGUAGE, aspect: 'form field' },
  {
    test: '7.2-t29',
    what: 'catalog /Lang is a valid language tag (RFC 3066: 1-8 letters, then 1-8 letters/digits)',
    rule: 'accessibility.no_language',
    only: ['fail-a', 'fail-b', 'fail-c', 'fail-j', 'fail-k', 'fail-n', 'pass-a', 'pass-b', 'pass-g', 'pass-h'],
    othersWhy: 'an invalid Lang on a paragraph or in a marked-content property list; only the catalog /Lang is checked for validity',
  },
  { test: '7.2-t30', what: 'language of ActualText on Span marked content', rule: LANGUAGE, aspect: 'in the page content' },
  { test: '7.2-t31', what: 'language of Alt on Span marked content', rule: LANGUAGE, aspect: 'in the page content' },
  { test: '7.2-t32', what: 'language of E on Span marked content', rule: LANGUAGE, aspect: 'in the page content' },
  { test: '7.2-t33', what: 'language of x-default metadata texts (catalog /Lang)', rule: LANGUAGE, aspect: 'the metadata' },
  { test: '7.2-t34', what: 'language of page text (marked content, structure element or catalog Lang)', rule: LANGUAGE, aspect: 'page text' },
  { test: '7.3-t01', what: 'Figure has a non-empty Alt or an ActualText', rule: 'accessibility.figure_without_alt' },
  { test: '7.4.2-t01', what: 'numbered headings: first is H1, no level skipped', rule: 'accessibility.heading_skipped' },
  { test: '7.4.4-t01', what: 'at most one H among the children of a structure element', rule: 'accessibility.heading_h_repeated' },
  { test: '7.4.4-t02', what: 'H not used in a document using H1-H6', rule: 'accessibility.heading_kinds_mixed' },
  { test: '7.4.4-t03', what: 'H1-H6 not used in a document using H', rule: 'accessibility.heading_kinds_mixed' },
  { test: '7.5-t01', what: 'each TD has a header: TH with Scope, or Headers naming TH IDs', rule: 'accessibility.table_header_not_associated' },
  { test: '7.5-t02', what: 'a TD whose Headers name unknown IDs still has a header by Scope', rule: 'accessibility.table_header_not_associated' },
  { test: '7.21.4.1-t01', what: 'fonts embedded', rule: 'accessibility.font_not_embedded' },
];

/**
 * Corpus tests not mapped, and why. A selector is a test ("7.1-t04"), a range of tests of one
 * clause ("7.2-t03..t20"), or a clause with its subclauses ("7.18").
 */
export const EXCLUDED: { tests: string; why: string }[] = [
  { tests: '5-t02', why: 'pdfuaid:part 2 is a PDF/UA-2 claim; our rule asks whether the file claims PDF/UA at all, not which part' },
  { tests: '5-t04..t05', why: 'prefix of the optional pdfuaid:amd / pdfuaid:corr properties; we read only pdfuaid:part' },
  { tests: '7.2-t03..t20', why: 'parent/child rules of table, list and TOC structure elements; not checked' },
  { tests: '7.2-t26..t28', why: 'parent/child rules of TOC and list structure elements; not checked' },
  { tests: '7.2-t36..t43', why: 'Caption placement and table regularity (equal row and column counts); not checked' },
  { tests: '7.7', why: 'Formula alternate text; our rule checks Figure only' },
  { tests: '7.9', why: 'Note IDs / references; not checked' },
  { tests: '7.10', why: 'optional content configuration names; not checked' },
  { tests: '7.11', why: 'embedded file specifications (F and UF); not checked' },
  { tests: '7.15', why: 'XFA; not checked' },
  { tests: '7.16', why: 'encryption permissions for assistive technology; not checked' },
  { tests: '7.18', why: 'annotations, tab order, forms, links, media, attachments, printer marks; not checked' },
  { tests: '7-18.3', why: 'a 7.18.3 (tab order) file named "7-18.3" in the corpus; not checked' },
  { tests: '7.20', why: 'reference XObjects, form XObjects with MCIDs; not checked' },
  { tests: '7.21.3', why: 'composite fonts (CIDSystemInfo, CIDToGIDMap, CMaps); not checked' },
  { tests: '7.21.4.2', why: "a subset font's CharSet/CIDSet must list every glyph in the font program: that needs the embedded font programs (Type 1, CFF, TrueType) parsed, which we do not do; not claimed" },
  { tests: '7.21.5', why: 'glyph widths in the font dictionary against the font program; needs the font program read; not claimed' },
  { tests: '7.21.6', why: 'character encodings of TrueType and symbolic fonts; needs the font program read; not claimed' },
  { tests: '7.21.7', why: 'ToUnicode maps for every character used; needs the shown text decoded per font; not claimed' },
  { tests: '7.21.8', why: '.notdef glyph used; needs the font program read; not claimed' },
];

export interface VeraPdfRow {
  test: string;
  rule: string;
  what: string;
  failFiles: string[];
  /** "fail" files our rule flags; must equal failFiles. */
  failFlagged: string[];
  passFiles: string[];
  /** "pass" files our rule flags anyway (false alarms); must be empty. */
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

const corpusRoot = (dir: string) => (existsSync(join(dir, 'PDF_UA-1')) ? join(dir, 'PDF_UA-1') : dir);
const clauseOf = (test: string) => test.replace(/-t\d+$/, '');

/** Whether an EXCLUDED selector covers a test. */
export function selects(selector: string, test: string): boolean {
  const range = /^(.+)-t(\d+)(?:\.\.t(\d+))?$/.exec(selector);
  const name = /^(.+)-t(\d+)$/.exec(test);
  if (range) return !!name && name[1] === range[1] && Number(name[2]) >= Number(range[2]) && Number(name[2]) <= Number(range[3] ?? range[2]);
  const clause = clauseOf(test);
  return clause === selector || clause.startsWith(`${selector}.`);
}

/** One row per mapped test that has files under `dir` (the corpus root or its PDF_UA-1 folder). */
export async function runVeraPdfCorpus(dir: string = DEFAULT_CORPUS): Promise<VeraPdfRow[]> {
  const files = pdfFiles(corpusRoot(dir)).sort();
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
        flagged = checkAccessibility(await readPdfFacts(readFileSync(path), true)).some((f) => f.rule === mapped.rule && (!mapped.aspect || f.explanation.includes(mapped.aspect)));
      } catch (err) {
        row.errors.push(`${name}: ${(err as Error).message}`);
      }
      if (flagged) (expected === 'fail' ? row.failFlagged : row.passFlagged).push(name);
    }
    if (row.failFiles.length + row.passFiles.length) rows.push(row);
  }
  return rows;
}

/** Mapped tests with a "fail" file that our rule lets pass. */
export const missedFailures = (rows: VeraPdfRow[]) => rows.filter((r) => r.failFlagged.length < r.failFiles.length);
/** Mapped tests with a "pass" file that our rule flags. */
export const falseAlarms = (rows: VeraPdfRow[]) => rows.filter((r) => r.passFlagged.length > 0);
/** Mapped tests where our rule and veraPDF disagree on any file (or a file could not be read). */
export const disagreements = (rows: VeraPdfRow[]) => rows.filter((r) => r.failFlagged.length < r.failFiles.length || r.passFlagged.length > 0 || r.errors.length > 0);

/** Tests in the corpus that are neither mapped nor excluded: each needs a rule or a reason. */
export function unaccountedTests(dir: string = DEFAULT_CORPUS): string[] {
  const tests = new Set(pdfFiles(corpusRoot(dir)).flatMap((path) => NAME.exec(basename(path))?.[1] ?? []));
  return [...tests].filter((t) => !MAPPED.some((m) => m.test === t) && !EXCLUDED.some((e) => selects(e.tests, t))).sort();
}

/** Files agreeing with veraPDF out of those judged, for a set of rows. */
function agreement(rows: VeraPdfRow[]): { agree: number; total: number } {
  const total = rows.reduce((n, r) => n + r.failFiles.length + r.passFiles.length, 0);
  const wrong = rows.reduce((n, r) => n + (r.failFiles.length - r.failFlagged.length) + r.passFlagged.length, 0);
  return { agree: total - wrong, total };
}

const percent = ({ agree, total }: { agree: number; total: number }) => (total ? `${agree}/${total} (${Math.round((100 * agree) / total)} %)` : '-');

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
  console.log(
    formatTable(
      ['clause', 'test', 'what the test checks', 'our rule', 'fail files', 'fail flagged', 'pass files', 'pass flagged (false alarms)', 'agreement'],
      rows.map((r) => [
        clauseOf(r.test),
        r.test,
        r.what,
        r.rule.replace(/^accessibility\./, ''),
        String(r.failFiles.length),
        `${r.failFlagged.length}${r.failFlagged.length < r.failFiles.length ? ' MISSED' : ''}`,
        String(r.passFiles.length),
        `${r.passFlagged.length}${r.passFlagged.length ? ' FALSE ALARM' : ''}`,
        percent(agreement([r])),
      ]),
    ),
  );
  const clauses = [...new Set(rows.map((r) => clauseOf(r.test)))];
  console.log(`\n${formatTable(['clause', 'tests', 'files agreeing with veraPDF'], clauses.map((c) => [c, String(rows.filter((r) => clauseOf(r.test) === c).length), percent(agreement(rows.filter((r) => clauseOf(r.test) === c)))]))}`);
  const total = (pick: (r: VeraPdfRow) => string[]) => rows.reduce((n, r) => n + pick(r).length, 0);
  console.log(
    `\nAll mapped tests: ${percent(agreement(rows))} agree; fail files flagged ${total((r) => r.failFlagged)}/${total((r) => r.failFiles)}; pass files flagged (false alarms) ${total((r) => r.passFlagged)}/${total((r) => r.passFiles)}.`,
  );
  for (const r of rows) {
    const missed = r.failFiles.filter((f) => !r.failFlagged.includes(f));
    if (missed.length) console.log(`MISSED ${r.test} (${r.rule}): ${missed.join(', ')}`);
    if (r.passFlagged.length) console.log(`FALSE ALARM ${r.test} (${r.rule}): ${r.passFlagged.join(', ')}`);
    for (const e of r.errors) console.log(`UNREADABLE ${r.test}: ${e}`);
  }
  if (!rows.length) console.log(`No mapped corpus files under ${dir}.`);
  const unaccounted = unaccountedTests(dir);
  if (unaccounted.length) console.log(`\nUNACCOUNTED corpus tests (neither mapped nor excluded): ${unaccounted.join(', ')}`);
  const narrowed = MAPPED.filter((m) => m.only && m.othersWhy);
  console.log('\nNot mapped (the test checks something none of our rules checks):');
  for (const { tests, why } of EXCLUDED) console.log(`  ${tests}: ${why}`);
  for (const m of narrowed) console.log(`  ${m.test} (files other than ${m.only!.join(', ')}): ${m.othersWhy}`);
  if (disagreements(rows).length || unaccounted.length) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
