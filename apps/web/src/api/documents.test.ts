import { describe, expect, it } from 'vitest';
import { externalDocumentListPath } from './documents';

const paramsOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('externalDocumentListPath (spec §9)', () => {
  it('asks for 10 documents, newest update first', () => {
    expect(paramsOf(externalDocumentListPath(1, 'DC'))).toEqual({
      city_code: 'DC',
      limit: '10',
      sort_by: 'updated_at',
      sort_order: '-1',
      skip_caching: 'true',
      page: '1',
    });
  });

  it('sends a page number below 1000 as page, and from 1000 on as an item offset in skip', () => {
    expect(paramsOf(externalDocumentListPath(999))).toMatchObject({ page: '999' });
    expect(paramsOf(externalDocumentListPath(999)).skip).toBeUndefined();
    const deep = paramsOf(externalDocumentListPath(1000));
    expect(deep.page).toBeUndefined();
    expect(deep.skip).toBe('9990');
    expect(paramsOf(externalDocumentListPath(1234)).skip).toBe('12330');
  });
});

describe('externalDocumentListPath with a larger page', () => {
  it('counts the skip offset in pages of that size', () => {
    expect(paramsOf(externalDocumentListPath(2, null, 100))).toMatchObject({ limit: '100', page: '2' });
    expect(paramsOf(externalDocumentListPath(1001, null, 100)).skip).toBe('100000');
  });
});
