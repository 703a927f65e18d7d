import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DIR, LabelFormatError, parseLabelledDocument, readLabelledSet, SPAN_TYPES } from './labels';

const HEADER = '# compliance_type: privacy\n# location: DC\n# note: inline sample\n\n';

describe('parseLabelledDocument (inline sample, offsets written by hand)', () => {
  it('strips the header and the markup and records clean offsets', () => {
    const doc = parseLabelledDocument(
      HEADER + 'Call {{PERSON|Ana Ruiz}} at {{PHONE|202-555-0143}}.\nOffice line: (202) 727-1000.\n',
      'sample.txt',
    );
    expect(doc.file).toBe('sample.txt');
    expect(doc.complianceType).toBe('privacy');
    expect(doc.location).toBe('DC');
    expect(doc.note).toBe('inline sample');
    expect(doc.expect).toEqual([]);
    expect(doc.text).toBe('Call Ana Ruiz at 202-555-0143.\nOffice line: (202) 727-1000.\n');
    // "Call " = 5 chars; "Ana Ruiz" = 8 -> [5, 13); " at " = 4 -> phone starts 17, 12 chars -> 29
    expect(doc.spans).toEqual([
      { type: 'PERSON', start: 5, end: 13, text: 'Ana Ruiz' },
      { type: 'PHONE', start: 17, end: 29, text: '202-555-0143' },
    ]);
  });

  it('counts offsets in UTF-16 code units and keeps single braces and § signs', () => {
    // "😀" is 2 UTF-16 units, then a space: EMAIL starts at 3; "a@b.org" is 7 -> end 10.
    // Then " § 2-532 {x} " is 13 units -> SSN starts at 23, "123-45-6789" is 11 -> end 34.
    const doc = parseLabelledDocument(HEADER + '😀 {{EMAIL|a@b.org}} § 2-532 {x} {{SSN|123-45-6789}}', 's.txt');
    expect(doc.text).toBe('😀 a@b.org § 2-532 {x} 123-45-6789');
    expect(doc.spans).toEqual([
      { type: 'EMAIL', start: 3, end: 10, text: 'a@b.org' },
      { type: 'SSN', start: 23, end: 34, text: '123-45-6789' },
    ]);
  });

  it('reads expect lines and legal span types', () => {
    const doc = parseLabelledDocument(
      '# compliance_type: legal\n# location: DC\n# expect: legal.form_missing_part:fiscal_impact\n# expect: legal.form_missing_part:effective_date\n# note: bill\n\nSee {{CITATION_UNKNOWN|§ 2-599.77}}.',
    );
    expect(doc.expect).toEqual(['legal.form_missing_part:fiscal_impact', 'legal.form_missing_part:effective_date']);
    expect(doc.text).toBe('See § 2-599.77.');
    expect(doc.spans).toEqual([{ type: 'CITATION_UNKNOWN', start: 4, end: 14, text: '§ 2-599.77' }]);
  });

  it('normalises CRLF', () => {
    const doc = parseLabelledDocument(HEADER.replace(/\n/g, '\r\n') + 'a\r\n{{PERSON|B C}}');
    expect(doc.text).toBe('a\nB C');
    expect(doc.spans[0]).toEqual({ type: 'PERSON', start: 2, end: 5, text: 'B C' });
  });

  it('returns empty authors and officials when the header has none', () => {
    const doc = parseLabelledDocument(HEADER + 'Nothing to see.');
    expect(doc.authors).toEqual([]);
    expect(doc.officials).toEqual([]);
  });

  it('reads repeatable author and official lines in header order', () => {
    const doc = parseLabelledDocument(
      '# compliance_type: privacy\n# location: DC\n# author: Dana Whitfield\n# official: Mayor Lena Okafor\n' +
        '# note: memo\n# official: Councilmember Raúl Benn\n# author: D. Whitfield\n\n' +
        'From: Dana Whitfield (D. Whitfield)\nCc: Mayor Lena Okafor, Councilmember Raúl Benn\n' +
        'Resident {{PERSON|Ana Ruiz}} called.',
      'memo.txt',
    );
    expect(doc.authors).toEqual(['Dana Whitfield', 'D. Whitfield']);
    expect(doc.officials).toEqual(['Mayor Lena Okafor', 'Councilmember Raúl Benn']);
    expect(doc.note).toBe('memo');
    // the keys change nothing else: the text and spans are as without them
    const plain = parseLabelledDocument(
      HEADER + 'From: Dana Whitfield (D. Whitfield)\nCc: Mayor Lena Okafor, Councilmember Raúl Benn\nResident {{PERSON|Ana Ruiz}} called.',
    );
    expect(doc.text).toBe(plain.text);
    expect(doc.spans).toEqual(plain.spans);
    // "From: Dana Whitfield (D. Whitfield)\n" = 6+14+15+1 = 36; "Cc: Mayor Lena Okafor, Councilmember Raúl Benn\n"
    // = 4+17+2+23+1 = 47; "Resident " = 9 -> PERSON starts at 92, "Ana Ruiz" is 8 -> 100
    expect(doc.spans).toEqual([{ type: 'PERSON', start: 92, end: 100, text: 'Ana Ruiz' }]);
  });

  it('checks author and official values against the clean text (markup stripped)', () => {
    // "Ana Ruiz wrote" exists only once the {{PERSON|…}} markup is removed
    const doc = parseLabelledDocument(
      '# compliance_type: privacy\n# location: DC\n# author: Ana Ruiz wrote\n# note: x\n\n{{PERSON|Ana Ruiz}} wrote.',
    );
    expect(doc.authors).toEqual(['Ana Ruiz wrote']);
  });

  it('works for other compliance types too', () => {
    const doc = parseLabelledDocument(
      '# compliance_type: open_meetings\n# location: DC\n# official: Chair Mo Tran\n# note: notice\n\nPresiding: Chair Mo Tran.',
    );
    expect(doc.officials).toEqual(['Chair Mo Tran']);
    expect(doc.authors).toEqual([]);
  });

  const bad: Array<[string, string]> = [
    ['unknown span type', HEADER + '{{NAME|Ana}}'],
    ['span type of another compliance type', HEADER + '{{QUOTE_MISMATCH|30 days}}'],
    ['unclosed mark', HEADER + 'x {{PERSON|Ana Ruiz'],
    ['stray closing braces', HEADER + 'x }} y'],
    ['missing pipe', HEADER + '{{PERSON Ana}}'],
    ['empty mark', HEADER + '{{PERSON|}}'],
    ['mark across a line break', HEADER + '{{PERSON|Ana\nRuiz}}'],
    ['whitespace around marked text', HEADER + '{{PERSON| Ana}}'],
    ['missing note', '# compliance_type: privacy\n# location: DC\n\nbody'],
    ['missing location', '# compliance_type: privacy\n# note: x\n\nbody'],
    ['unknown compliance type', '# compliance_type: tax\n# location: DC\n# note: x\n\nbody'],
    ['unknown header key', HEADER.replace('# note', '# notes') + 'body'],
    ['expect of another compliance type', '# compliance_type: privacy\n# location: DC\n# expect: open_meetings.missing_time\n# note: x\n\nbody'],
    ['unknown form part', '# compliance_type: legal\n# location: DC\n# expect: legal.form_missing_part:preamble\n# note: x\n\nbody'],
    ['no blank line', '# compliance_type: privacy\n# location: DC\n# note: x\nbody'],
    ['non-header line in header', '# compliance_type: privacy\nlocation: DC\n# note: x\n\nbody'],
    ['author not in the body', HEADER.replace('# note', '# author: Dana Whitfield\n# note') + 'From: D. Whitfield'],
    ['official not in the body', HEADER.replace('# note', '# official: Mayor Lena Okafor\n# note') + 'Mayor Okafor said'],
    ['author only in the header', '# compliance_type: privacy\n# location: DC\n# author: inline sample\n# note: inline sample\n\nbody'],
    ['author not verbatim (case differs)', HEADER.replace('# note', '# author: dana whitfield\n# note') + 'Dana Whitfield'],
    ['empty author', HEADER.replace('# note', '# author:\n# note') + 'body'],
    ['empty official', HEADER.replace('# note', '# official:  \n# note') + 'body'],
    ['duplicate author line', HEADER.replace('# note', '# author: Dana Whitfield\n# author: Dana Whitfield\n# note') + 'Dana Whitfield'],
    ['duplicate official line', HEADER.replace('# note', '# official: Judge Ivo Marsh\n# official: Judge Ivo Marsh\n# note') + 'Judge Ivo Marsh'],
    ['misspelt key (authors)', HEADER.replace('# note', '# authors: Dana Whitfield\n# note') + 'Dana Whitfield'],
  ];
  for (const [name, content] of bad) {
    it(`throws on a malformed file: ${name}`, () => {
      expect(() => parseLabelledDocument(content, 'bad.txt')).toThrow(LabelFormatError);
    });
  }
});

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

describe('the labelled set in eval/compliance/source', () => {
  const docs = readLabelledSet();

  it('has at least 34 documents: 14 privacy, 12 legal, 8 open_meetings', () => {
    const by = (t: string) => docs.filter((d) => d.complianceType === t).length;
    expect(docs.length).toBeGreaterThanOrEqual(34);
    expect(by('privacy')).toBeGreaterThanOrEqual(14);
    expect(by('legal')).toBeGreaterThanOrEqual(12);
    expect(by('open_meetings')).toBeGreaterThanOrEqual(8);
  });

  it('every span slices the clean text exactly', () => {
    for (const d of docs) {
      for (const s of d.spans) {
        expect(d.text.slice(s.start, s.end), `${d.file} ${s.type}`).toBe(s.text);
      }
    }
  });

  it('every document is DC, 150-900 words, and the clean text has no markup left', () => {
    for (const d of docs) {
      expect(d.location, d.file).toBe('DC');
      const words = d.text.split(/\s+/).filter(Boolean).length;
      expect(words, `${d.file} word count`).toBeGreaterThanOrEqual(150);
      expect(words, `${d.file} word count`).toBeLessThanOrEqual(900);
      expect(d.text.includes('{{') || d.text.includes('}}'), d.file).toBe(false);
    }
  });

  it('reads the same as parsing each file on its own', () => {
    for (const d of docs) {
      const again = parseLabelledDocument(readFileSync(join(DEFAULT_DIR, d.file), 'utf8'), d.file);
      expect(again).toEqual(d);
    }
  });

  it('has every span type at least the minimum number of times', () => {
    const count = new Map<string, number>();
    for (const d of docs) for (const s of d.spans) count.set(s.type, (count.get(s.type) ?? 0) + 1);
    for (const t of SPAN_TYPES.privacy) expect(count.get(t) ?? 0, t).toBeGreaterThanOrEqual(8);
    for (const t of SPAN_TYPES.legal) expect(count.get(t) ?? 0, t).toBeGreaterThanOrEqual(6);
    expect(count.get('ITEM_WITHOUT_DESCRIPTION') ?? 0).toBeGreaterThanOrEqual(1);
    const formParts = docs.flatMap((d) => d.expect).filter((e) => e.startsWith('legal.form_missing_part:'));
    expect(formParts.length).toBeGreaterThanOrEqual(6);
    const clean = docs.filter((d) => d.complianceType === 'open_meetings' && !d.spans.length && !d.expect.length);
    expect(clean.length, 'complete open-meetings notices with no finding').toBeGreaterThanOrEqual(2);
  });

  it('labelled SSNs are valid-looking and labelled card numbers pass Luhn', () => {
    for (const d of docs) {
      for (const s of d.spans) {
        if (s.type === 'SSN') {
          const m = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/.exec(s.text);
          expect(m, `${d.file} ${s.text}`).not.toBeNull();
          const [, area, group, serial] = m!;
          expect(area === '000' || area === '666' || area >= '900', `${d.file} ${s.text} area`).toBe(false);
          expect(group, `${d.file} ${s.text} group`).not.toBe('00');
          expect(serial, `${d.file} ${s.text} serial`).not.toBe('0000');
        }
        if (s.type === 'CREDIT_CARD') {
          const digits = s.text.replace(/[ -]/g, '');
          expect(/^\d{13,19}$/.test(digits), `${d.file} ${s.text}`).toBe(true);
          expect(luhnValid(digits), `${d.file} ${s.text} Luhn`).toBe(true);
        }
      }
    }
  });
});

describe('deadlines.jsonl (shape only; the due dates are hand-counted, not computed here)', () => {
  const lines = readFileSync(join(DEFAULT_DIR, '..', 'deadlines.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const iso = /^\d{4}-\d{2}-\d{2}$/;

  it('has at least 24 well-formed cases with unique ids', () => {
    expect(lines.length).toBeGreaterThanOrEqual(24);
    const ids = new Set<string>();
    for (const l of lines) {
      const c = JSON.parse(l);
      expect(Object.keys(c).sort()).toEqual(['due', 'extension', 'id', 'pauses', 'received', 'why']);
      expect(ids.has(c.id), c.id).toBe(false);
      ids.add(c.id);
      expect(c.received).toMatch(iso);
      expect(c.due).toMatch(iso);
      expect(typeof c.extension).toBe('boolean');
      expect(c.due > c.received, c.id).toBe(true);
      for (const p of c.pauses) {
        expect(p.asked).toMatch(iso);
        expect(p.answered).toMatch(iso);
        expect(p.asked <= p.answered, c.id).toBe(true);
        expect(p.asked >= c.received, c.id).toBe(true);
      }
      const due = new Date(`${c.due}T12:00:00Z`).getUTCDay();
      expect(due === 0 || due === 6, `${c.id} due on a weekend`).toBe(false);
    }
  });
});
