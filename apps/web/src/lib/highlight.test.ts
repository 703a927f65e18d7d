import { describe, expect, it } from 'vitest';
import { spanAtRun, spanExtents, textRuns } from './highlight';

const marked = (text: string, spans: { id: string; start: number | null; end: number | null }[]) =>
  textRuns(text, spans).map((run) => [run.text, run.spanIds.join('+')]);

describe('textRuns', () => {
  it('covers the whole text, in order, when nothing is found', () => {
    expect(textRuns('No findings here.', [])).toEqual([{ start: 0, end: 17, text: 'No findings here.', spanIds: [] }]);
    expect(textRuns('', [])).toEqual([]);
  });

  it('highlights a span in the middle', () => {
    expect(marked('SSN 123-45-6789 on file', [{ id: 'a', start: 4, end: 15 }])).toEqual([
      ['SSN ', ''],
      ['123-45-6789', 'a'],
      [' on file', ''],
    ]);
  });

  it('highlights spans at the very start and the very end', () => {
    const text = 'Maria called 202-555-0147';
    expect(marked(text, [{ id: 'name', start: 0, end: 5 }, { id: 'phone', start: 13, end: text.length }])).toEqual([
      ['Maria', 'name'],
      [' called ', ''],
      ['202-555-0147', 'phone'],
    ]);
  });

  it('splits overlapping spans at every boundary, listing all the spans over each run', () => {
    // "1423 Kenyon Street NW" is an address; "Kenyon" alone was also flagged as a name.
    const text = 'at 1423 Kenyon Street NW.';
    expect(marked(text, [{ id: 'address', start: 3, end: 24 }, { id: 'name', start: 8, end: 14 }])).toEqual([
      ['at ', ''],
      ['1423 ', 'address'],
      ['Kenyon', 'address+name'],
      [' Street NW', 'address'],
      ['.', ''],
    ]);
  });

  it('keeps a span inside another and two identical spans', () => {
    expect(marked('abcdef', [{ id: 'outer', start: 0, end: 6 }, { id: 'same', start: 0, end: 6 }, { id: 'inner', start: 2, end: 4 }])).toEqual([
      ['ab', 'outer+same'],
      ['cd', 'outer+same+inner'],
      ['ef', 'outer+same'],
    ]);
  });

  it('keeps adjacent spans as separate runs', () => {
    expect(marked('MariaLopez', [{ id: 'first', start: 0, end: 5 }, { id: 'last', start: 5, end: 10 }])).toEqual([
      ['Maria', 'first'],
      ['Lopez', 'last'],
    ]);
  });

  it('counts offsets in UTF-16 code units: an emoji before a span takes two', () => {
    const text = '📄 Requester: SSN 123-45-6789';
    const start = text.indexOf('123');
    expect(start).toBe(18);
    expect(marked(text, [{ id: 'ssn', start, end: start + 11 }])).toEqual([
      ['📄 Requester: SSN ', ''],
      ['123-45-6789', 'ssn'],
    ]);
  });

  it('counts an astral letter the same way (𝐀 is two code units)', () => {
    const text = '𝐀𝐁 Maria';
    expect(marked(text, [{ id: 'name', start: 5, end: 10 }])).toEqual([
      ['𝐀𝐁 ', ''],
      ['Maria', 'name'],
    ]);
  });

  it('never splits a surrogate pair: a boundary inside one widens to the whole character', () => {
    const text = 'a😀b';
    expect(marked(text, [{ id: 'x', start: 2, end: 4 }])).toEqual([
      ['a', ''],
      ['😀b', 'x'],
    ]);
    expect(marked(text, [{ id: 'y', start: 0, end: 2 }])).toEqual([
      ['a😀', 'y'],
      ['b', ''],
    ]);
  });

  it('skips spans without offsets (whole-document findings), empty spans and spans outside the text; clamps the rest', () => {
    expect(
      marked('short text', [
        { id: 'document', start: null, end: null },
        { id: 'empty', start: 3, end: 3 },
        { id: 'reversed', start: 6, end: 2 },
        { id: 'beyond', start: 40, end: 50 },
        { id: 'clamped', start: 6, end: 99 },
      ]),
    ).toEqual([
      ['short ', ''],
      ['text', 'clamped'],
    ]);
  });
});

describe('spanAtRun', () => {
  const run = { start: 0, end: 1, text: 'x', spanIds: ['a', 'b', 'c'] };

  it('selects the first span, then cycles through the overlapping ones', () => {
    expect(spanAtRun(run, null)).toBe('a');
    expect(spanAtRun(run, 'a')).toBe('b');
    expect(spanAtRun(run, 'c')).toBe('a');
    expect(spanAtRun(run, 'elsewhere')).toBe('a');
  });

  it('selects nothing on plain text', () => {
    expect(spanAtRun({ ...run, spanIds: [] }, 'a')).toBeNull();
  });
});

describe('spanExtents', () => {
  it('finds the first and the last run of each span', () => {
    const runs = textRuns('at 1423 Kenyon Street NW.', [{ id: 'address', start: 3, end: 24 }, { id: 'name', start: 8, end: 14 }]);
    const { first, last } = spanExtents(runs);
    expect([first.get('address'), last.get('address')]).toEqual([1, 3]);
    expect([first.get('name'), last.get('name')]).toEqual([2, 2]);
    expect(first.has('elsewhere')).toBe(false);
  });
});
