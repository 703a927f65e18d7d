import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkAttachments, DEFAULT_ATTACHMENT_LIMITS, formatBytes } from './attachments';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const limits = { ...DEFAULT_ATTACHMENT_LIMITS, max_files: 2, max_bytes: 100 };

describe('checkAttachments', () => {
  it('accepts PDF, DOCX and TXT, by type or, when the browser gives none, by extension', () => {
    const { accepted, rejected } = checkAttachments([], [file('a.pdf', 'application/pdf'), file('b.DOCX', '')], limits);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.DOCX']);
    expect(rejected).toEqual([]);
  });

  it('reads the allowed types without their parameters, as the server may list them', () => {
    const server = { ...limits, types: ['application/pdf', 'text/plain; charset=utf-8'] };
    const { accepted } = checkAttachments([], [file('notes.txt', 'text/plain'), file('old.txt', '')], server);
    expect(accepted.map((f) => f.name)).toEqual(['notes.txt', 'old.txt']);
    expect(acceptAttribute(server)).toBe('application/pdf,text/plain,.pdf,.txt');
  });

  it('refuses other types, files over the size limit and files beyond the count', () => {
    const current = [file('one.txt', 'text/plain')];
    const { accepted, rejected } = checkAttachments(
      current,
      [file('photo.png', 'image/png'), file('big.pdf', 'application/pdf', 101), file('two.txt', 'text/plain'), file('three.txt', 'text/plain')],
      limits,
    );
    expect(accepted.map((f) => f.name)).toEqual(['two.txt']);
    expect(rejected).toEqual([
      { name: 'photo.png', reason: 'type' },
      { name: 'big.pdf', reason: 'size' },
      { name: 'three.txt', reason: 'count' },
    ]);
  });

  it('writes sizes the way people read them', () => {
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(2048)).toBe('2 KB');
  });
});
