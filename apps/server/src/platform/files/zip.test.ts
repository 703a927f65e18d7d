import { crc32 } from 'node:zlib';
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { deflatedRun, lyingDocx, partOf, partsOf, zipOf } from '../../test/zips';
import { extractText } from './extract';
import { readZipDirectory, storedZip, unzip, zipBudget, type ZipLimits, ZipRefused } from './zip';

const MB = 1024 * 1024;
const limits: ZipLimits = { maxEntries: 50, maxBytes: 16 * MB, maxRatio: 50, minBytes: 4 * MB };

/** Why an archive is refused (the test fails when it is read instead). */
async function refused(bytes: Buffer, opts: ZipLimits = limits): Promise<ZipRefused> {
  try {
    await unzip(bytes, opts);
  } catch (err) {
    if (err instanceof ZipRefused) return err;
    throw err;
  }
  throw new Error('the archive was read');
}
const refusal = async (bytes: Buffer, opts: ZipLimits = limits) => (await refused(bytes, opts)).reason;

let realDocx: Buffer;
beforeAll(async () => {
  const rows = Array.from({ length: 3 }, (_, r) => new TableRow({ children: [0, 1].map((c) => new TableCell({ children: [new Paragraph(`Row ${r} column ${c}`)] })) }));
  realDocx = await Packer.toBuffer(
    new Document({ sections: [{ children: [new Paragraph('An Ordinance to amend the parking rules.'), new Paragraph('Section 1. Meters run until 8 p.m.'), new Table({ rows })] }] }),
  );
});

describe('a well-formed archive', () => {
  it('a DOCX from the docx package is read back identically, and mammoth reads the stored copy as it reads the original', async () => {
    const expected = partsOf(realDocx);
    const entries = await unzip(realDocx, limits);
    expect(entries.map((e) => e.name)).toEqual(expected.map((p) => p.name));
    for (const entry of entries) expect(crc32(entry.data) >>> 0).toBe(expected.find((p) => p.name === entry.name)!.crc);
    const copy = storedZip(entries);
    const again = await unzip(copy, limits);
    expect(again.map((e) => [e.name, e.data.toString('base64')])).toEqual(entries.map((e) => [e.name, e.data.toString('base64')]));
    const original = (await mammoth.extractRawText({ buffer: realDocx })).value;
    expect(original).toContain('Meters run until 8 p.m.');
    expect((await mammoth.extractRawText({ buffer: copy })).value).toBe(original);
  });

  it('only the wanted entries are unpacked and counted', async () => {
    const entries = await unzip(realDocx, limits, (name) => name === 'word/styles.xml');
    expect(entries.map((e) => e.name)).toEqual(['word/styles.xml']);
  });
});

describe('an archive that lies or is broken is refused', () => {
  it('declared sizes are not believed: a small file whose entry inflates past the budget is refused at the budget', async () => {
    const bomb = await lyingDocx(realDocx, 64 * MB);
    expect(bomb.length).toBeLessThan(200 * 1024);
    // Small file: its budget is the floor (4 MB), not the archive's 16 MB.
    expect(zipBudget(bomb.length, limits)).toBe(4 * MB);
    const before = process.memoryUsage().rss;
    expect(await refusal(bomb)).toBe('too-large');
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * MB);
  });

  it('the budget is one for the whole archive, and grows with the file only up to its ratio', async () => {
    // Five entries of 1 MB each: 5 MB in all, past a 4 MB budget, though each alone is under it.
    const parts = Array.from({ length: 5 }, (_, k) => ({ ...partOf(`part${k}.xml`, 'x'), packed: Buffer.alloc(0) }));
    const run = await deflatedRun(MB);
    const five = zipOf(parts.map((p) => ({ ...p, packed: run, crc: crc32(Buffer.alloc(MB, 'A')) >>> 0, declaredSize: MB }))).bytes;
    expect(await refusal(five)).toBe('too-large');
    expect((await unzip(five, { ...limits, minBytes: 5 * MB })).length).toBe(5);
    // A 100 KB file may produce 50 times itself when that is above the floor; never more than the archive's maximum.
    expect(zipBudget(100 * 1024, { ...limits, minBytes: 0 })).toBe(5_000 * 1024);
    expect(zipBudget(10 * MB, limits)).toBe(16 * MB);
  });

  it('overlapping entries (the non-recursive zip bomb: entries whose data holds the next ones, all sharing one kernel)', async () => {
    // a is stored, and its data is b's whole local header and data: b's directory record points inside a.
    const b = partOf('b.xml', 'y'.repeat(1000));
    const inner = zipOf([b]);
    const bLocal = inner.bytes.subarray(0, inner.directoryStart);
    const archive = zipOf([partOf('a.xml', bLocal, 0), b]);
    archive.bytes.writeUInt32LE(archive.locals[0] + 30 + 'a.xml'.length, archive.central[1] + 42);
    const refusal = await refused(archive.bytes);
    expect(refusal.reason).toBe('damaged');
    expect(refusal.message).toBe('b.xml overlaps a.xml');
    // The same two entries, each in its own place, are read.
    expect((await unzip(zipOf([partOf('a.xml', bLocal, 0), b]).bytes, limits)).map((e) => e.name)).toEqual(['a.xml', 'b.xml']);
  });

  it('two entries with the same name', async () => {
    expect((await refused(zipOf([partOf('word/document.xml', '<a/>'), partOf('word/document.xml', '<b/>')]).bytes)).message).toBe('two entries named word/document.xml');
  });

  it('an entry whose header lies past the end of the file', async () => {
    const archive = zipOf([partOf('a.xml', 'x'.repeat(100))]);
    archive.bytes.writeUInt32LE(archive.bytes.length + 1000, archive.central[0] + 42);
    expect((await refused(archive.bytes)).message).toBe('no local header for a.xml');
  });

  it('an entry whose data runs past its place (a compressed size larger than the file)', async () => {
    const archive = zipOf([partOf('a.xml', 'x'.repeat(100))]);
    archive.bytes.writeUInt32LE(10 * MB, archive.central[0] + 20);
    expect((await refused(archive.bytes)).message).toBe('data of a.xml outside the file');
  });

  it('a truncated file', async () => {
    expect((await refused(realDocx.subarray(0, Math.floor(realDocx.length / 2)))).message).toBe('no end of central directory');
    expect(await refusal(Buffer.from('PK\u0003\u0004'))).toBe('damaged');
    // Cut inside the directory: the end record survives, the directory it points to does not.
    const archive = zipOf([partOf('a.xml', 'x'), partOf('b.xml', 'y')]);
    const cut = Buffer.concat([archive.bytes.subarray(0, archive.central[1]), archive.bytes.subarray(archive.bytes.length - 22)]);
    expect(await refusal(cut)).toBe('damaged');
  });

  it('zip64 sizes, encrypted entries, other compression methods and a wrong CRC', async () => {
    const zip64 = zipOf([partOf('a.xml', 'x')]);
    zip64.bytes.writeUInt32LE(0xffffffff, zip64.central[0] + 24);
    expect((await refused(zip64.bytes)).message).toBe('zip64 entry');
    expect((await refused(zipOf([{ ...partOf('a.xml', 'x'), flags: 1 }]).bytes)).message).toBe('encrypted entry');
    expect((await refused(zipOf([{ ...partOf('a.xml', 'x', 0), method: 12 as 0 }]).bytes)).message).toBe('compression method 12');
    expect((await refused(zipOf([{ ...partOf('a.xml', 'hello'), crc: 1234 }]).bytes)).message).toBe('a.xml fails its CRC-32');
    for (const refusal of [zip64, zipOf([{ ...partOf('a.xml', 'x'), flags: 1 }])].map((a) => refused(a.bytes))) expect((await refusal).reason).toBe('damaged');
  });

  it('more entries than allowed', async () => {
    const many = zipOf(Array.from({ length: 51 }, (_, k) => partOf(`p${k}.xml`, 'x'))).bytes;
    expect(await refusal(many)).toBe('too-many-entries');
    expect(readZipDirectory(many)).toHaveLength(51);
  });
});

describe('a Word document read for its text (extract.ts)', () => {
  it('a picture is not unpacked: a DOCX whose image would inflate past the budget still gives its text', async () => {
    const picture = await deflatedRun(100 * MB);
    const parts = [...partsOf(realDocx), { ...partOf('word/media/image1.png', 'x'), packed: picture, declaredSize: 1 }];
    const withPicture = zipOf(parts).bytes;
    expect((await extractText('docx', withPicture)).text).toContain('Meters run until 8 p.m.');
    // The same bytes as a text part are refused.
    const asText = zipOf([...partsOf(realDocx), { ...partOf('word/glossary.xml', 'x'), packed: picture, declaredSize: 1 }]).bytes;
    await expect(extractText('docx', asText)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The Word document unpacks to more than CivicDesk accepts.' });
  });
});
