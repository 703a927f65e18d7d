import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url';

describe('safeHttpUrl (what may go in an href)', () => {
  it('keeps absolute http(s) addresses and nothing else (truth table by hand)', () => {
    const cases: [string | null | undefined, string | null][] = [
      ['https://code.dccouncil.gov/us/dc/council/code', 'https://code.dccouncil.gov/us/dc/council/code'],
      ['http://library.example.org/codes', 'http://library.example.org/codes'],
      ['HTTPS://EXAMPLE.ORG/', 'HTTPS://EXAMPLE.ORG/'],
      ['javascript:alert(document.cookie)', null],
      ['JavaScript:alert(1)', null],
      [' javascript:alert(1)', null],
      ['data:text/html,<script>alert(1)</script>', null],
      ['vbscript:msgbox(1)', null],
      ['//evil.example.org/path', null],
      ['/relative/path', null],
      ['ftp://files.example.org', null],
      ['mailto:clerk@example.org', null],
      ['', null],
      [null, null],
      [undefined, null],
    ];
    for (const [input, expected] of cases) expect(safeHttpUrl(input), String(input)).toBe(expected);
  });
});
