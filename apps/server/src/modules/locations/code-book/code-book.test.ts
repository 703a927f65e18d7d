import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCodeBook, type CodeBookReading, type CodeBookSection } from './index';

// Expected values are read off the fixture files by hand (see fixtures/README.md for where each
// excerpt comes from), never produced by the reader under test.

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const readFixture = (name: string, cityCode: string) => readCodeBook([{ name, bytes: fixture(name) }], { cityCode });
const ascii = (text: string) => new TextEncoder().encode(text);
const byNumber = (reading: CodeBookReading, number: string): CodeBookSection => {
  const section = reading.sections.find((s) => s.number === number);
  if (!section) throw new Error(`no section ${number} in ${reading.sections.map((s) => s.number).join(', ')}`);
  return section;
};

describe('San Francisco Park Code: front matter, run-together TOC, first sections', () => {
  const reading = readFixture('sf-park-front-matter.txt', 'sf');

  it('skips the publisher front matter and the TOC and reads the five sections that have bodies', () => {
    expect(reading.sections.map((s) => s.number)).toEqual(['Sec. 1.01', 'Sec. 1.05', 'Sec. 2.01', 'Sec. 2.02', 'Sec. 2.03']);
    expect(reading.problems).toEqual([]);
  });

  it('counts the headings seen in the TOC (Sec. 1.01, 1.05 and 2.01-2.09) without emitting TOC-only ones', () => {
    expect(reading.counts.headings_seen).toBe(11);
    expect(reading.sections.some((s) => s.number === 'Sec. 2.09')).toBe(false);
    expect(reading.counts).toMatchObject({ files: 1, titles: 1, chapters: 2, sections: 5, repealed: 0 });
  });

  it('reads Sec. 1.01 with its heading, body and history note apart', () => {
    const s = byNumber(reading, 'Sec. 1.01');
    expect(s.id).toBe('sf-park-1.01');
    expect(s.title).toBe('Title');
    expect(s.title_number).toBe('Park');
    expect(s.title_name).toBe('Park Code');
    expect(s.chapter).toBe('Article 1');
    // "TITLE AND GENERAL PROVISIONS" in the file; headings set in capitals are given in title case.
    expect(s.chapter_title).toBe('Title and General Provisions');
    expect(s.path).toBe('Park Code > Article 1. Title and General Provisions');
    expect(s.text.startsWith('This Chapter, known as the "Park Code," is a portion of the San Francisco Municipal Code')).toBe(true);
    expect(s.text).not.toContain('Added by');
    expect(s.history).toBe('(Added by Ord. 603-81, App. 12/18/81)');
    expect(s.status).toBe('in_force');
    expect(s.source_url).toBeNull();
  });

  it('keeps the Editor\'s Note of Sec. 2.01 in the text and sets its amendment history apart', () => {
    const s = byNumber(reading, 'Sec. 2.01');
    expect(s.title).toBe('"Park" Defined');
    expect(s.path).toBe('Park Code > Article 2. Definitions');
    expect(s.text.startsWith('(a) When used in this Code, the word "park" shall mean')).toBe(true);
    expect(s.text).toContain("Editor's Note:\nDivision (c) was added to this section by Ord. 103-13.");
    expect(s.history).toBe(
      '(Added by Ord. 603-81, App. 12/18/81; amended by Ord. 370-94, App. 11/4/94; Ord. 17-99, App. 2/12/99; Ord. 103-13, File No. 130226, App. 6/13/2013, Eff. 7/13/2013)',
    );
  });

  it('reads the last section of the excerpt', () => {
    const s = byNumber(reading, 'Sec. 2.03');
    expect(s.title).toBe('"General Manager" Defined');
    expect(s.text.startsWith('When used in this Code, the words "General Manager" refer to')).toBe(true);
    expect(s.history).toBe('(Added by Ord. 603-81, App. 12/18/81)');
  });
});

describe('San Francisco Park Code, Article 7 (Windows-1252 en dash in the TOC and a heading)', () => {
  const reading = readFixture('sf-park-article-7.txt', 'sf');

  it('decodes byte 0x96 as an en dash and takes the TOC\'s mixed-case heading', () => {
    const s = byNumber(reading, 'Sec. 7.01');
    expect(s.title).toBe('Permits – Purpose');
    expect(s.text.startsWith('Although the First Amendment of the U.S. Constitution')).toBe(true);
    expect(s.history).toBe('(Added by Ord. 603-81, App. 12/18/81)');
  });

  it('reads only the two sections with bodies; the other 19 TOC entries are seen, not emitted', () => {
    expect(reading.sections.map((s) => s.number)).toEqual(['Sec. 7.01', 'Sec. 7.02']);
    expect(reading.counts.headings_seen).toBe(21);
    const definitions = byNumber(reading, 'Sec. 7.02');
    expect(definitions.text).toContain('(a) Amusement Park Rides—Rides of the type normally found');
  });

  it('makes the article the top division when the file holds no code name', () => {
    const s = byNumber(reading, 'Sec. 7.02');
    expect(s.title_number).toBe('Art. 7');
    expect(s.title_name).toBe('Article 7 - Permits');
    expect(s.id).toBe('sf-art7-7.02');
  });
});

describe('San Francisco Park Code, repealed sections 12.31-12.33', () => {
  const reading = readFixture('sf-park-repealed.txt', 'sf');

  it('marks "[REPEALED.]" sections not in force and keeps the section before them in force', () => {
    expect(reading.sections.map((s) => [s.number, s.status])).toEqual([
      ['Sec. 12.30', 'in_force'],
      ['Sec. 12.31', 'repealed'],
      ['Sec. 12.32', 'repealed'],
      ['Sec. 12.33', 'repealed'],
    ]);
    expect(reading.counts.repealed).toBe(3);
  });

  it('keeps a parenthesised line that is not a history note in the text', () => {
    const s = byNumber(reading, 'Sec. 12.30');
    expect(s.text).toBe('The following fees shall be charged for Latch Key and Afterschool programs:\n(Monday-Friday)$3.60 per day');
    expect(s.history).toBe('(Added by Ord. 132-03, File No. 030626, App. 5/30/2003; Ord. 165-09, File No. 090719, App. 7/15/2009)');
  });

  it('keeps the Editor\'s Note of a repealed section and its repeal in the history', () => {
    const s = byNumber(reading, 'Sec. 12.32');
    expect(s.text).toBe("Editor's Note:\nFor current provisions relating to Resident Golf Cards, see Sec. 12.12(b) and (c).");
    expect(s.history).toContain('repealed by Ord. 170-12, File No. 120608, App. 7/27/2012, Eff. 8/26/2012');
  });
});

describe('San Francisco Environment Code, Sec. 1209 (Windows-1252 apostrophe, derivation note)', () => {
  const reading = readFixture('sf-environment-1209.txt', 'sf');

  it('decodes byte 0x92 as a right single quotation mark and 0xA7 as a section sign', () => {
    const s = byNumber(reading, 'Sec. 1209');
    expect(s.text).toContain('Editor\u2019s Note:');
    expect(s.text).toContain('Ordinance 21-01, §§ 3 through 5, File No. 002106');
  });

  it('sets both history notes apart and ends the section at the next chapter heading', () => {
    const s = byNumber(reading, 'Sec. 1209');
    expect(s.title).toBe('Reporting Responsibility');
    expect(s.history).toBe(
      '(Added by Ord. 171-03, File No. 030422, App. 7/3/2003) (Derivation Former Administrative Code Section 5.239; added by Ord. 21-01, File No. 002106, App. 2/16/2001)',
    );
    expect(s.text.startsWith('(a) The Council shall report to the Board of Supervisors and Mayor by September 1st')).toBe(true);
    expect(s.text).not.toContain('ARSENIC');
    expect(reading.sections).toHaveLength(1);
  });
});

describe('Baltimore City Code, Article 2 (DocBook exported from WordPerfect)', () => {
  const reading = readFixture('baltimore-art02-subtitle1.xml', 'baltimore');

  it('reads the five body sections and not the Table of Sections entries', () => {
    expect(reading.sections.map((s) => s.number)).toEqual(['§ 1-1', '§ 1-2', '§ 1-3', '§ 1-4', '§ 1-5']);
    expect(reading.counts.headings_seen).toBe(19);
    expect(reading.problems).toEqual([]);
  });

  it('takes the Article as the top division and the Subtitle as the chapter', () => {
    const s = byNumber(reading, '§ 1-2');
    expect(s.id).toBe('baltimore-art2-1-2');
    expect(s.title_number).toBe('Art. 2');
    expect(s.title_name).toBe('Article 2 - Consumer Protections');
    expect(s.chapter).toBe('Subtitle 1');
    expect(s.chapter_title).toBe('Auctions');
    expect(s.path).toBe('Article 2 - Consumer Protections > Subtitle 1. Auctions');
  });

  it('decodes entities and sets the history notes apart', () => {
    const s = byNumber(reading, '§ 1-1');
    expect(s.title).toBe('Auction Advisory Board — created');
    expect(s.text.split('\n').slice(0, 2)).toEqual([
      '(a) Created.',
      'There shall be an Auction Advisory Board comprised of 3 members appointed by the Mayor in accordance with Article IV, § 6 of the Charter.',
    ]);
    expect(s.history).toBe('(City Code, 1976/83, art. 2, §2.) (Ord. 77-494.)');
    expect(byNumber(reading, '§ 1-5').history).toBe('(City Code, 1976/83, art. 2, §4.) (Ord. 77-494.)');
  });
});

describe('encodings and line endings', () => {
  const section = 'SEC. 4.01.  CITY\u2019S SEAL.\n\tThe City\u2019s seal is round.\n(Added by Ord. 1-01)\n';

  it('reads a Windows-1252 file (invalid UTF-8): byte 0x92 is an apostrophe', () => {
    const latin = 'SEC. 4.01.  CITY\x92S SEAL.\r\n\tThe City\x92s seal is round.\r\n(Added by Ord. 1-01)\r\n';
    const bytes = Uint8Array.from(latin, (c) => c.charCodeAt(0));
    const s = readCodeBook([{ name: 'seal.txt', bytes }]).sections[0];
    expect(s.text).toBe('The City\u2019s seal is round.');
    expect(s.title).toBe('City\u2019s Seal');
    expect(s.history).toBe('(Added by Ord. 1-01)');
  });

  it('reads UTF-16 LE and BE with a byte-order mark', () => {
    const text = section;
    const le = new Uint8Array(2 + text.length * 2);
    const be = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      le[2 + i * 2] = c & 0xff;
      le[3 + i * 2] = c >> 8;
      be[2 + i * 2] = c >> 8;
      be[3 + i * 2] = c & 0xff;
    }
    for (const bytes of [le, be]) {
      const s = readCodeBook([{ name: 'seal.txt', bytes }]).sections[0];
      expect(s.number).toBe('Sec. 4.01');
      expect(s.text).toBe('The City\u2019s seal is round.');
      expect(s.history).toBe('(Added by Ord. 1-01)');
    }
  });

  it('reads UTF-8 with a BOM and old Mac (CR) line endings', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(section.replace(/\n/g, '\r'))]);
    const s = readCodeBook([{ name: 'seal.txt', bytes }]).sections[0];
    expect(s.number).toBe('Sec. 4.01');
    expect(s.text).toBe('The City\u2019s seal is round.');
  });
});

describe('numbering styles and divisions', () => {
  it('reads Sec. 2-45, § 10.04.010, Section 5.12.030, 12-3-4 and SEC. 37.9A headings', () => {
    const text = [
      'Sec. 2-45.  Definitions.',
      'Words mean what they say.',
      '§ 10.04.010  Purpose.',
      'To keep the peace.',
      'Section 5.12.030  Permits.',
      'A permit is required.',
      '12-3-4 Fees',
      'The fee is ten dollars.',
      'SEC. 37.9A.  TENANT PROTECTIONS.',
      '\tA landlord shall give notice.',
    ].join('\n');
    const reading = readCodeBook([{ name: 'styles.txt', bytes: ascii(text) }], { cityCode: 'x' });
    expect(reading.sections.map((s) => [s.number, s.title, s.text])).toEqual([
      ['Sec. 2-45', 'Definitions', 'Words mean what they say.'],
      ['§ 10.04.010', 'Purpose', 'To keep the peace.'],
      ['Section 5.12.030', 'Permits', 'A permit is required.'],
      ['12-3-4', 'Fees', 'The fee is ten dollars.'],
      ['Sec. 37.9A', 'Tenant Protections', 'A landlord shall give notice.'],
    ]);
  });

  it('keeps the first division as the title, the next as chapter and the next as subchapter', () => {
    const text = ['Title 10', 'Vehicles and Traffic', 'CHAPTER 5', 'PARKING', 'Subtitle 3. Meters', '§ 10-5-3.  Meter hours.', 'Meters run from 8 to 6.'].join('\n');
    const s = readCodeBook([{ name: 'traffic.txt', bytes: ascii(text) }], { cityCode: 'springfield' }).sections[0];
    expect(s).toMatchObject({
      id: 'springfield-10-10-5-3',
      title_number: '10',
      title_name: 'Title 10 - Vehicles and Traffic',
      chapter: 'Chapter 5',
      chapter_title: 'Parking',
      subchapter: 'Subtitle 3',
      subchapter_title: 'Meters',
      path: 'Title 10 - Vehicles and Traffic > Chapter 5. Parking > Subtitle 3. Meters',
    });
  });

  it('never emits a heading whose only content is a TOC line, and keeps the one with a body', () => {
    const text = ['CHAPTER 5', 'Sec. 5.01.Scope.Sec. 5.02.Fees.', 'Sec. 5.03. Hours ........ 12', 'SEC. 5.01.  SCOPE.', '\tThis chapter applies to parks.'].join('\r\n');
    const reading = readCodeBook([{ name: 'toc.txt', bytes: ascii(text) }]);
    expect(reading.sections.map((s) => s.number)).toEqual(['Sec. 5.01']);
    expect(reading.sections[0].text).toBe('This chapter applies to parks.');
    expect(reading.counts.headings_seen).toBe(3);
  });

  it('marks Repealed and Expired sections repealed, and [Reserved] ones reserved: none of them in force', () => {
    const text = [
      'Sec. 9-1.  Noise.',
      'No loud noise after 10 p.m.',
      'Sec. 9-2.  Repealed.',
      '(Ord. 75-235.)',
      'Sec. 9-3.  [Reserved]',
      'Sec. 9-4.  Expired.',
      '(Ord. 04-879.)',
      'Sec. 9-5.  Reserved parking.',
      'Two spaces are kept for the clerk.',
    ].join('\n');
    const reading = readCodeBook([{ name: 'noise.txt', bytes: ascii(text) }]);
    expect(reading.sections.map((s) => [s.number, s.status])).toEqual([
      ['Sec. 9-1', 'in_force'],
      ['Sec. 9-2', 'repealed'],
      ['Sec. 9-3', 'reserved'],
      ['Sec. 9-4', 'repealed'],
      ['Sec. 9-5', 'in_force'],
    ]);
    expect(reading.counts).toMatchObject({ repealed: 2, reserved: 1 });
    expect(byNumber(reading, 'Sec. 9-2').history).toBe('(Ord. 75-235.)');
  });
});

describe('HTML and the city\'s own XML', () => {
  it('reads an HTML page: headings, bold paragraphs, entities, block breaks, links into the page', () => {
    const html = `<!DOCTYPE html><html><head><title>Code</title>
<link rel="canonical" href="https://codes.example.gov/springfield/chapter-2"><style>p { color: red }</style></head>
<body><h1>Springfield Code of Ordinances</h1>
<h2>Chapter 2 &ndash; Administration</h2>
<h3 id="sec-2-1">Sec. 2-1. Definitions.</h3>
<p>As used in this chapter, &ldquo;clerk&rdquo; means the city&nbsp;clerk.</p>
<ul><li>(a) Council means the city council.</li><li>(b) Mayor means the mayor.</li></ul>
<p>(Ord. 75-235.)</p>
<p><b>Sec. 2-2. Clerk&#8217;s duties.</b> The clerk shall keep the minutes.</p>
<script>var x = "Sec. 9-9. Not code.";</script>
</body></html>`;
    const reading = readCodeBook([{ name: 'chapter-2.html', bytes: ascii(html) }], { cityCode: 'springfield' });
    expect(reading.sections.map((s) => s.number)).toEqual(['Sec. 2-1', 'Sec. 2-2']);
    const [definitions, duties] = reading.sections;
    expect(definitions).toMatchObject({
      id: 'springfield-springfield-2-1',
      title: 'Definitions',
      title_name: 'Springfield Code of Ordinances',
      chapter: 'Chapter 2',
      chapter_title: 'Administration',
      text: 'As used in this chapter, “clerk” means the city clerk.\n(a) Council means the city council.\n(b) Mayor means the mayor.',
      history: '(Ord. 75-235.)',
      source_url: 'https://codes.example.gov/springfield/chapter-2#sec-2-1',
    });
    expect(duties).toMatchObject({ title: 'Clerk’s duties', text: 'The clerk shall keep the minutes.' });
  });

  it('reads XML with <section>, <num> and <heading> elements', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<code><title>Title 7. Health</title>
  <chapter><heading>Chapter 7.04 Food Vendors</heading>
    <section><num>§ 7.04.010</num><heading>Purpose</heading>
      <para>This chapter protects diners.</para><para>(Ord. 12-1.)</para></section>
    <section><num>§ 7.04.020</num><heading>Permits</heading><para>A permit is required.</para></section>
  </chapter></code>`;
    const reading = readCodeBook([{ name: 'health.xml', bytes: ascii(xml) }], { cityCode: 'x' });
    expect(reading.sections.map((s) => [s.number, s.title, s.text, s.history, s.path])).toEqual([
      ['§ 7.04.010', 'Purpose', 'This chapter protects diners.', '(Ord. 12-1.)', 'Title 7 - Health > Chapter 7.04. Food Vendors'],
      ['§ 7.04.020', 'Permits', 'A permit is required.', null, 'Title 7 - Health > Chapter 7.04. Food Vendors'],
    ]);
  });
});

describe('long lines', () => {
  // A guard against patterns that backtrack on long runs (one such took 10 s on 100 KB of
  // spaces), not a speed measurement: speed is measured in bench/.
  it('reads 100 KB lines of awkward text in every format', { timeout: 10_000 }, () => {
    const n = 100_000;
    const lines = [
      'Sec. 1.01.Title.'.repeat(n / 16),
      `SEC. ${'1.'.repeat(n / 2)} TITLE`,
      `(Added by Ord. 1-01${' (x)'.repeat(n / 4)})`,
      `${'('.repeat(n)})`,
      `§ 1-1. ${'§ '.repeat(n / 2)}`,
      `SEC. 1.1.${' '.repeat(n)}x`,
      `Sec. 1.1. Foo${' '.repeat(n)}1x`,
      `SEC. 1.1.  Repealed${' '.repeat(n)}x`,
      `1.1 ${'Ab '.repeat(n / 3)}`,
      `Article 1${' -'.repeat(n / 2)}`,
      `Sec. 1.1. Title${'. a'.repeat(n / 3)}`,
    ];
    for (const line of lines) {
      const files = [
        { name: 'long.txt', bytes: ascii(`${line}\nbody\n`) },
        { name: 'long.html', bytes: ascii(`<p>${line}</p><p>body</p>`) },
        { name: 'long.xml', bytes: ascii(`<book><para>${line}</para><para>body</para></book>`) },
      ];
      expect(readCodeBook(files).counts.files).toBe(3);
    }
  });
});

describe('problems instead of throws', () => {
  it('reports malformed XML with its line and still returns a reading', () => {
    const xml = '<?xml version="1.0"?>\n<book>\n<para>&#167; 1-1.  Scope.</para>\n<para>This article applies.</book>\n';
    const run = () => readCodeBook([{ name: 'broken.xml', bytes: ascii(xml) }]);
    expect(run).not.toThrow();
    const reading = run();
    expect(reading.problems).toHaveLength(1);
    expect(reading.problems[0]).toMatchObject({ file: 'broken.xml', where: 'line 4' });
    expect(reading.problems[0].message).toContain('not well-formed');
  });

  it('names a file it cannot read and reads the others', () => {
    const pdf = ascii('%PDF-1.7\n...');
    const binary = new Uint8Array(4096).map((_, i) => i % 7);
    const good = ascii('Sec. 1-1.  Scope.\nThis code applies.\n');
    const reading = readCodeBook([
      { name: 'code.pdf', bytes: pdf },
      { name: 'image.txt', bytes: binary },
      { name: 'good.txt', bytes: good },
    ]);
    expect(reading.problems.map((p) => [p.file, p.where])).toEqual([
      ['code.pdf', 'file'],
      ['image.txt', 'file'],
    ]);
    expect(reading.problems[0].message).toContain('PDF');
    expect(reading.sections.map((s) => s.number)).toEqual(['Sec. 1-1']);
    expect(reading.counts.files).toBe(1);
  });

  it('reports a number seen twice with different bodies, and a section with no text', () => {
    const text = [
      'Sec. 3-1.  Dogs.',
      'Dogs must be leashed.',
      'Sec. 3-2.  Cats.',
      'Sec. 3-3.  Birds.',
      'Birds may not be fed.',
      'Sec. 3-1.  Dogs.',
      'Dogs must be licensed.',
    ].join('\n');
    const reading = readCodeBook([{ name: 'animals.txt', bytes: ascii(text) }], { cityCode: 'x' });
    expect(reading.problems).toEqual([
      { file: 'animals.txt', where: 'line 3', message: 'Sec. 3-2 has a heading and no text' },
      expect.objectContaining({ file: 'animals.txt', where: 'line 6' }),
    ]);
    expect(reading.problems[1].message).toContain('Sec. 3-1 appears again with a different text (first at animals.txt, line 1)');
    const ids = reading.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a section printed twice', () => {
  it('is stored once when number, heading and text are the same on two nameless pages; a named code keeps its own copy, and other text stays apart', () => {
    const page = 'Sec. 618.14.  Impounding.\nA dog running at large shall be impounded.\n';
    const reading = readCodeBook([
      { name: '2c5aa412.txt', bytes: ascii(page) },
      { name: '2c5ab7e0.txt', bytes: ascii(page) },
      { name: 'health.txt', bytes: ascii('Sec. 618.14.  Impounding.\nA cat found in a food store shall be removed.\n') },
      { name: 'police.txt', bytes: ascii(page) },
      { name: 'fire.txt', bytes: ascii(page) },
    ]);
    // The two pages named by a file's id are one section with the Police Code's copy, kept under its name;
    // the Fire Code prints the same section and keeps its own.
    expect(reading.sections.map((s) => [s.title_name, s.text])).toEqual([
      ['police', 'A dog running at large shall be impounded.'],
      ['health', 'A cat found in a food store shall be removed.'],
      ['fire', 'A dog running at large shall be impounded.'],
    ]);
    expect(reading.counts.repeated_sections).toBe(2);
    expect(reading.problems).toContainEqual(expect.objectContaining({ where: 'Sec. 618.14', message: expect.stringMatching(/^2 sections are printed twice with the same heading and text/) }));
  });
});

describe("a website's code, one page a section", () => {
  // As a codifier's site prints it (Springboro, Ohio): a chapter's page lists its sections, each a page
  // of its own that names no chapter; the chapter's page ends with its cross references.
  const html = (body: string) => ascii(`<html><head><title>NextPage LivePublish</title></head><body>${body}</body></html>`);
  const files = [
    {
      name: 'site/28a2/2ba76a08.html',
      bytes: html(
        `<b>CHAPTER 618<br />Animals</b><br />` +
          `<a href='2ba7/2c2e1fa3.html?f=FifLink&amp;t=document-frame.htm#JD_61807'><b>618.07</b></a><b>&nbsp; Barking or howling dogs.</b><br />` +
          `<a href='2ba7/2c38b113.html?f=FifLink#JD_61808'><b>618.08</b></a><b>&nbsp; Registration of dogs required.</b><br />` +
          `<p>CROSS REFERENCES</p><p>&nbsp; &nbsp; See sectional histories for similar State law</p>` +
          `<p>&nbsp; &nbsp; Dogs running at large generally - see Ohio R.C. 955.22</p><p>&nbsp; &nbsp; Impounding dogs - see Ohio R.C. 955.12</p>` +
          `<p>&nbsp; &nbsp; Noise generally - see <a href='../9f00/9f01aa11.html'>GEN. OFF. 648.01</a></p>`,
      ),
    },
    { name: 'site/28a2/2ba7/2c2e1fa3.html', bytes: html(`<b>618.07&nbsp; BARKING OR HOWLING DOGS.</b><p>(a) No person shall keep or harbor any dog which, by frequent and habitual barking, disturbs the peace.</p>`) },
    { name: 'site/28a2/2ba7/2c38b113.html', bytes: html(`<b>618.08&nbsp; REGISTRATION OF DOGS REQUIRED.</b><p>No person shall own a dog over three months of age without registering it.</p>`) },
    // Linked from the chapter's cross references, not listed in its table of contents.
    { name: 'site/9f00/9f01aa11.html', bytes: html(`<b>648.01&nbsp; UNNECESSARY NOISE.</b><p>No person shall make any unreasonably loud noise.</p>`) },
  ];

  it("files each section under the chapter whose page lists it, not under the page's file name", () => {
    const reading = readCodeBook(files, { cityCode: 'SBO' });
    expect(byNumber(reading, '618.07')).toMatchObject({ title_name: 'Chapter 618 - Animals', title: 'Barking or Howling Dogs', path: 'Chapter 618 - Animals' });
    expect(byNumber(reading, '618.08').title_name).toBe('Chapter 618 - Animals');
    // A cross reference lends no place: the noise section is not an Animals section.
    expect(byNumber(reading, '648.01').title_name).toBe('9f01aa11');
  });

  it("does not read the chapter's cross references as the text of its last listed section", () => {
    const reading = readCodeBook(files, { cityCode: 'SBO' });
    expect(reading.sections.filter((s) => s.number === '618.08').map((s) => s.text)).toEqual(['No person shall own a dog over three months of age without registering it.']);
    expect(reading.sections.some((s) => /CROSS REFERENCES/.test(s.text))).toBe(false);
    expect(reading.problems).toEqual([]);
  });
});
