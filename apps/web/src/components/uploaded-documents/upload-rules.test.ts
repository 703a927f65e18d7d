import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { translate } from '../../lib/i18n';
import { problemOf, tooManyFiles, uploadErrorMessage } from './upload-rules';

const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate('en', key, vars);

describe('upload rules', () => {
  it('accepts PDF, DOCX and TXT up to 25 MB, ten at a time', () => {
    expect(problemOf({ name: 'Minutes.PDF', size: 1000 })).toBeNull();
    expect(problemOf({ name: 'memo.docx', size: 1000 })).toBeNull();
    expect(problemOf({ name: 'notes.txt', size: 25 * 1024 * 1024 })).toBeNull();
    expect(problemOf({ name: 'scan.png', size: 1000 })).toBe('type');
    expect(problemOf({ name: 'big.pdf', size: 25 * 1024 * 1024 + 1 })).toBe('size');
    expect(tooManyFiles(10)).toBe(false);
    expect(tooManyFiles(11)).toBe(true);
  });

  it('explains 413, 415 and 400 answers', () => {
    expect(uploadErrorMessage(new ApiError('server', 413, { code: 'PAYLOAD_TOO_LARGE', message: 'x' }, 'SERVER_ERROR'), t)).toBe(
      'This file is too large. Each file can be at most 25 MB.',
    );
    expect(uploadErrorMessage(new ApiError('server', 415, null, 'SERVER_ERROR'), t)).toBe(
      'This kind of file cannot be uploaded. Upload a PDF, DOCX or TXT file.',
    );
    expect(uploadErrorMessage(new ApiError('request', 400, { code: 'VALIDATION_FAILED', message: 'The file is empty' }, 'HTTP_400'), t)).toBe(
      'The upload was not accepted: The file is empty',
    );
    expect(uploadErrorMessage(new ApiError('offline', null, null, 'CHECK_INTERNET_CONNECTION'), t)).toMatch(/offline/);
  });
});
