import { describe, expect, it } from 'vitest';
import { documentKindOf } from './document-kind';

describe('documentKindOf', () => {
  it('trusts the served content type, then the names', () => {
    expect(documentKindOf('application/pdf', 'a.txt')).toBe('pdf');
    expect(documentKindOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
    expect(documentKindOf('text/plain; charset=utf-8')).toBe('txt');
    expect(documentKindOf('application/octet-stream', null, 'Budget.PDF')).toBe('pdf');
    expect(documentKindOf('application/octet-stream', 'x.bin')).toBe('other');
  });
});
