import { afterEach, describe, expect, it, vi } from 'vitest';
import { askMinutesFollowup, minutesHistoryPath, submitMinutesFile, submitMinutesText } from './minutes';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: object, status = 202) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls[0] as unknown as [string, RequestInit];
}

describe('minutesHistoryPath', () => {
  it('pages the history with limit and skip', () => {
    const params = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(minutesHistoryPath(1).startsWith('/minutes/history?')).toBe(true);
    expect(params(minutesHistoryPath(1))).toEqual({ limit: '20', skip: '0' });
    expect(params(minutesHistoryPath(3))).toEqual({ limit: '20', skip: '40' });
    expect(params(minutesHistoryPath(0, 5))).toEqual({ limit: '5', skip: '0' });
  });
});

describe('submitMinutesFile', () => {
  it('sends multipart with the title and location before the file', async () => {
    const call = stubFetch({ id: 'm1', job_state: 'queued', progress: 0 });
    await expect(submitMinutesFile(new File(['Minutes'], 'council.txt'), { title: '  May 5 meeting ', location_code: 'DC' })).resolves.toMatchObject({ id: 'm1' });
    const [url, init] = call();
    expect(url).toBe('/api/minutes');
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['title', 'location_code', 'file']);
    expect(form.get('title')).toBe('May 5 meeting');
    expect((form.get('file') as File).name).toBe('council.txt');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('leaves out an empty title and no location', async () => {
    const call = stubFetch({ id: 'm1', job_state: 'queued', progress: 0 });
    await submitMinutesFile(new File(['Minutes'], 'council.txt'), { title: '  ', location_code: null });
    expect([...(call()[1].body as FormData).keys()]).toEqual(['file']);
  });
});

describe('submitMinutesText and askMinutesFollowup', () => {
  it('posts the text as JSON with only the fields given', async () => {
    const call = stubFetch({ id: 'm2', job_state: 'queued', progress: 0 });
    await submitMinutesText('Motion carried 5-2.', { title: '' });
    const [url, init] = call();
    expect(url).toBe('/api/minutes/text');
    expect(JSON.parse(init.body as string)).toEqual({ text: 'Motion carried 5-2.' });
  });

  it('posts the trimmed question to the summary’s follow-up address', async () => {
    const call = stubFetch({ id: 'a/b', followups: [] }, 200);
    await askMinutesFollowup('a/b', '  Who seconded?  ');
    const [url, init] = call();
    expect(url).toBe('/api/minutes/a%2Fb/followup');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ question: 'Who seconded?' });
  });
});
