import { it } from 'vitest';
import { expectLinearGrowth, repeatTo, describeLinear } from '../../../test/linear-time';
import { readCodeBook } from './index';

// Issue 29: a 700 KB XML code book took 63 s and each doubling about four times as long; a 7 MB one
// held every city's imports for 20 minutes. Each layout below made some part of the reader scan to
// the end of the file (or of a run of lines) once per tag or per line.

const readAs = (name: string) => (text: string) => readCodeBook([{ name, bytes: new TextEncoder().encode(text) }], { cityCode: 'x' });
/** Lines made by `line(k)` for k = 0, 1, 2 ... up to `bytes`. */
const lines = (bytes: number, line: (k: number) => string) => {
  const parts: string[] = [];
  for (let k = 0, length = 0; length < bytes; k++) length += parts[parts.push(line(k)) - 1].length;
  return parts.join('').slice(0, bytes);
};

describeLinear('the code-book reader takes time in proportion to its input (1, 2 and 4 MB)', { timeout: 150_000 }, () => {
  it('XML whose closing tags name elements that are not open', () => {
    expectLinearGrowth((n) => `<book>${repeatTo('<x>', n / 2)}${repeatTo('</y>', n / 2)}`, readAs('mismatched.xml'));
  });

  it('HTML and XML with "<" and no ">" after it', () => {
    expectLinearGrowth((n) => `<html><body>${repeatTo('a < b ', n)}`, readAs('lt.html'));
    // XML: "<" that starts no tag, with one ">" at the very end of the file.
    expectLinearGrowth((n) => `<book>${repeatTo('a <1 b ', n)}>`, readAs('lt.xml'));
  });

  it('many <!...> declarations and processing instructions', () => {
    expectLinearGrowth((n) => `<book>${repeatTo('<!x>', n / 2)}${repeatTo('<?x?>', n / 2)}</book>`, readAs('declarations.xml'));
  });

  it('one line of 4 MB without a line break', () => {
    expectLinearGrowth((n) => `PARK CODE\n${repeatTo('Sec. 1.01. Title. word word ', n)}`, readAs('one-line.txt'));
    expectLinearGrowth((n) => `<p>${repeatTo('a<emphasis>b</emphasis>', n)}</p>`, readAs('one-line.xml'));
  });

  it('lines that all look numbered ("1.1.1.1"), runs of reserved sections and one number used again and again', () => {
    expectLinearGrowth((n) => repeatTo('1.1.1.1.1.1.1\n', n), readAs('numbered.txt'));
    expectLinearGrowth((n) => lines(n / 2, (k) => `Sec. ${k}. Reserved.\n`) + lines(n / 2, (k) => `Sec. 1.1. Title.\nBody ${k}.\n`), readAs('sections.txt'));
  });

  it('deep nesting', () => {
    expectLinearGrowth((n) => `${repeatTo('<a>', n / 2)}Sec. 1.1 Text${repeatTo('</a>', n / 2)}`, readAs('deep.xml'));
  });

  it("long runs of spaces, a heading and a division name that go on line after line, and lone '&'", () => {
    expectLinearGrowth((n) => `<p>${repeatTo(' ', n / 2)}x</p><p>${repeatTo('& ', n / 2)}</p>`, readAs('spaces.xml'));
    expectLinearGrowth(
      (n) => `Sec. 1.1. T${repeatTo(' ', n / 3)}x\nSec. 1.2. Title\n${repeatTo('lower words go on\n', n / 3)}ARTICLE 1\n${repeatTo('name goes on,\n', n / 3)}`,
      readAs('runs.txt'),
    );
  });
});
