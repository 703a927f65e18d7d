import { UPLOAD_MAX_BYTES } from '@civicdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../lib/i18n';
import { ApiError } from './client';
import { codeReportPath, complianceHistoryPath, submitComplianceFile } from './compliance';
import { fileProblemOf, submissionErrorMessage } from './uploads';

const t = (key: Parameters<typeof translate>[1]) => translate('en', key);
const paramsOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

afterEach(() => vi.unstubAllGlobals());

describe('submissionErrorMessage', () => {
  it('shows the server\'s message for 400, 413 and 415 when it sent one', () => {
    for (const [status, code] of [[400, 'VALIDATION_FAILED'], [413, 'PAYLOAD_TOO_LARGE'], [415, 'UNSUPPORTED_MEDIA_TYPE']] as const) {
      const kind = status === 400 ? 'request' : 'server';
      const error = new ApiError(kind, status, { code, message: `Server says ${status}` }, code);
      expect(submissionErrorMessage(error, t)).toBe(`Server says ${status}`);
    }
  });

  it('adds the reasons of refused fields to a general message', () => {
    const details = [{ field: 'body.file', message: 'Choose a PDF, Word (DOCX) or text file' }];
    const error = new ApiError('request', 400, { code: 'VALIDATION_FAILED', message: 'The request is not valid', details }, 'VALIDATION_FAILED');
    expect(submissionErrorMessage(error, t)).toBe('The request is not valid: Choose a PDF, Word (DOCX) or text file');
    const specific = new ApiError('request', 400, { code: 'VALIDATION_FAILED', message: 'Upload a PDF: Choose a PDF, Word (DOCX) or text file', details }, 'VALIDATION_FAILED');
    expect(submissionErrorMessage(specific, t)).toBe('Upload a PDF: Choose a PDF, Word (DOCX) or text file');
  });

  it('explains a bare 413 or 415 (a proxy\'s refusal has no API body)', () => {
    expect(submissionErrorMessage(new ApiError('server', 413, null, 'SERVER_ERROR'), t)).toBe(t('complianceFileTooLarge'));
    expect(submissionErrorMessage(new ApiError('server', 415, null, 'SERVER_ERROR'), t)).toBe(t('complianceFileType'));
  });

  it('falls back to the general messages otherwise', () => {
    expect(submissionErrorMessage(new ApiError('offline', null, null, 'CHECK_INTERNET_CONNECTION'), t)).toBe(t('offline'));
    expect(submissionErrorMessage(new ApiError('server', 502, null, 'SERVER_ERROR'), t)).toBe(t('serverError'));
    expect(submissionErrorMessage(new Error('boom'), t)).toBe(t('serverError'));
  });
});

describe('fileProblemOf', () => {
  const file = (name: string, size: number) => {
    const f = new File(['x'], name);
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };
  it('accepts a PDF, DOCX or TXT up to 25 MB', () => {
    for (const name of ['a.pdf', 'B.DOCX', 'notes.txt']) expect(fileProblemOf(file(name, 10))).toBeNull();
    expect(fileProblemOf(file('a.pdf', UPLOAD_MAX_BYTES))).toBeNull();
  });
  it('refuses a larger, empty or other file before sending it', () => {
    expect(fileProblemOf(file('a.pdf', UPLOAD_MAX_BYTES + 1))).toBe('complianceFileTooLarge');
    expect(fileProblemOf(file('a.pdf', 0))).toBe('complianceFileEmpty');
    expect(fileProblemOf(file('a.doc', 10))).toBe('complianceFileType');
  });
});

describe('request paths', () => {
  it('pages the history with limit and skip and sends only the filters given', () => {
    expect(paramsOf(complianceHistoryPath({ page: 1 }))).toEqual({ limit: '20', skip: '0' });
    expect(paramsOf(complianceHistoryPath({ page: 3, compliance_type: 'privacy', folder: 'Budget & FY26', start_date: '2025-01-01' }))).toEqual({
      limit: '20',
      skip: '40',
      compliance_type: 'privacy',
      folder: 'Budget & FY26',
      start_date: '2025-01-01',
    });
  });

  it('asks for a code report by location, run, rule and page', () => {
    const path = codeReportPath('DC', { page: 2, run_id: 'r1', rule: 'reference_unknown' });
    expect(path.startsWith('/compliance/code/DC?')).toBe(true);
    expect(paramsOf(path)).toEqual({ limit: '50', skip: '50', run_id: 'r1', rule: 'reference_unknown' });
  });
});

describe('submitComplianceFile', () => {
  it('sends multipart with the type, the location and the file', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'r1', job_state: 'queued', progress: 0, compliance_type: 'privacy' }), { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(submitComplianceFile(new File(['hello'], 'a.txt'), 'privacy', 'DC')).resolves.toMatchObject({ id: 'r1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/compliance');
    const form = init.body as FormData;
    expect(form.get('compliance_type')).toBe('privacy');
    expect(form.get('location_code')).toBe('DC');
    expect((form.get('file') as File).name).toBe('a.txt');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
