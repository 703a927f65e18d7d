import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_INTERNET_CONNECTION } from './client';
import { generateAnswer, generationForm, normaliseGeneration } from './municipal-code';
import { answerFixture, FOIA_CITATION } from '../features/code-assistant/answer.fixture';

/** Spec §8 for the generation call, against a stubbed fetch. */
function serverAnswers(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const question = { question: 'How long?', enableWebSearch: false, enableMunicipalCodeSearch: true };

afterEach(() => vi.unstubAllGlobals());

describe('generateAnswer failure normalisation (spec §8)', () => {
  it('turns a failed call into an empty result with success false and the server’s message', async () => {
    serverAnswers(500, JSON.stringify({ code: 'INTERNAL_ERROR', message: 'The index is being rebuilt' }));
    const result = await generateAnswer(question);
    expect(result.success).toBe(false);
    expect(result.errors).toEqual(['The index is being rebuilt']);
    expect(result.analysis).toEqual({ summary: '', citations: [] });
    expect(result.codes).toEqual([]);
    expect(result.metadata.question).toBe('How long?');
  });

  it('says Unknown error occurred when the failure carries no message', async () => {
    serverAnswers(502, '<html>Bad gateway</html>');
    expect((await generateAnswer(question)).errors).toEqual(['Unknown error occurred']);
  });

  it('says No data received from server for a 200 with an empty body', async () => {
    serverAnswers(200, '');
    const result = await generateAnswer(question);
    expect(result).toMatchObject({ success: false, errors: ['No data received from server'] });
  });

  it('treats an answer that is not a generation response as no data', () => {
    expect(normaliseGeneration({ hello: 'world' }).errors).toEqual(['No data received from server']);
    expect(normaliseGeneration(null).success).toBe(false);
  });

  it('reports an unreachable network with the offline code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect((await generateAnswer(question)).errors).toEqual([CHECK_INTERNET_CONNECTION]);
  });

  it('passes a good answer through unchanged', async () => {
    const good = answerFixture({ summary: 'Fifteen days.', citations: [FOIA_CITATION] });
    serverAnswers(200, JSON.stringify(good));
    expect(await generateAnswer(question)).toEqual(good);
  });
});

describe('generationForm', () => {
  it('sends the spec’s multipart fields, with history as JSON and files as attachments', async () => {
    const fetchMock = serverAnswers(200, JSON.stringify(answerFixture({})));
    const file = new File(['Fees are waived for residents.'], 'memo.txt', { type: 'text/plain' });
    await generateAnswer({
      question: 'And fees?',
      cityCode: 'DC',
      threadId: 'thread-1',
      history: [{ role: 'user', content: 'How long?' }],
      enableWebSearch: true,
      enableMunicipalCodeSearch: false,
      attachments: [file],
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/municipal_code/generate');
    const form = init.body as FormData;
    expect(form.get('main_user_question')).toBe('And fees?');
    expect(form.get('city_code')).toBe('DC');
    expect(form.get('thread_id')).toBe('thread-1');
    expect(JSON.parse(form.get('history') as string)).toEqual([{ role: 'user', content: 'How long?' }]);
    expect(form.get('enable_web_search')).toBe('true');
    expect(form.get('enable_municipal_code_search')).toBe('false');
    expect((form.getAll('attachments')[0] as File).name).toBe('memo.txt');
  });

  it('leaves out what a new question does not have', () => {
    const form = generationForm(question);
    expect(form.has('thread_id')).toBe(false);
    expect(form.has('history')).toBe(false);
    expect(form.has('attachments')).toBe(false);
  });
});
