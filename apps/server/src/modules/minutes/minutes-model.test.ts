import type { MinutesRecord } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiProtocolServer, settingsFor, startOpenAiProtocolServer } from '../../test/openai-protocol-server';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/** The Summarizer through an OpenAI-compatible model (a local server speaking the protocol): its claims pass the same span checks. */
const MINUTES = [
  'CITY OF EXAMPLE COUNCIL — MINUTES',
  'Tuesday, March 3, 2026',
  'Present: Councilmembers Ruiz, Okafor, Lin',
  '',
  'Motion by Councilmember Ruiz, seconded by Councilmember Okafor, to approve the sidewalk repair program. Motion carried 3-0.',
  '',
  'After discussion of the library hours, the members agreed by consensus to extend Saturday hours at the main branch.',
  '',
  'The Clerk was directed to publish the revised hours on the city website before April 1, 2026.',
].join('\n');

let t: SearchTestApp;
let model: OpenAiProtocolServer;
beforeAll(async () => {
  model = await startOpenAiProtocolServer(() => '{}');
  t = await createSearchTestApp(['CLERK'], settingsFor(model));
});
afterAll(async () => {
  await t.close();
  await model.close();
});

async function summarize(): Promise<MinutesRecord> {
  const res = await t.app.inject({ method: 'POST', url: '/api/minutes/text', headers: await t.auth(t.emails.CLERK!), payload: { text: MINUTES } });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const record = (await t.app.inject({ url: `/api/minutes/${res.json().id}`, headers: await t.auth(t.emails.CLERK!) })).json() as MinutesRecord;
    if (!['queued', 'running'].includes(record.job_state)) return record;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not summarized');
}

describe('minutes read with a model', () => {
  it('keeps the model\'s sentences and additions whose words stand in the minutes, drops and counts the rest, and names the engine', async () => {
    model.respondWith(() =>
      JSON.stringify({
        summary: [
          { sentence: 'The council approved the sidewalk repair program unanimously.', quote: 'to approve the sidewalk repair program. Motion carried 3-0.' },
          { sentence: 'Saturday library hours were extended.', quote: 'agreed by consensus to extend Saturday hours at the main branch' },
          { sentence: 'The council raised parking fines.', quote: 'the members voted to double parking fines' },
        ],
        motions: [
          // Already read by the built-in reader: not added twice.
          { quote: 'Motion by Councilmember Ruiz, seconded by Councilmember Okafor', mover: 'Ruiz', seconder: 'Okafor', outcome: 'carried', tally: '3-0' },
          { quote: 'the members agreed by consensus to extend Saturday hours at the main branch', mover: null, seconder: null, outcome: 'carried', tally: null },
          { quote: 'Motion to close the pool, carried 2-1', mover: 'Lin', seconder: null, outcome: 'carried', tally: '2-1' },
        ],
        actions: [],
      }),
    );
    const record = await summarize();
    expect(record.engine).toBe('openai-compatible');
    const r = record.result!;
    expect(r.narrative.map((n) => n.sentence)).toEqual(['The council approved the sidewalk repair program unanimously.', 'Saturday library hours were extended.']);
    for (const el of [...r.narrative, ...r.motions, ...r.actions]) expect(record.text.slice(el.span.start, el.span.end)).toBe(el.span.quote);
    expect(r.motions.map((m) => [m.mover, m.outcome])).toEqual([
      ['Ruiz', 'carried'],
      [null, 'carried'],
    ]);
    // The parking-fine sentence and the pool motion are not in the minutes.
    expect(r.dropped_spans).toBe(2);
    expect(r.actions.map((a) => a.owner)).toEqual(['Clerk']);
    expect(model.requests.at(-1)!.messages.at(-1)!.content).toContain('Motion: Motion by Councilmember Ruiz');
  });

  it('shows the built-in reading, and says why, when the model fails', async () => {
    model.respondWith(() => ({ status: 500, body: '{"error":{"message":"down"}}' }));
    const record = await summarize();
    expect(record.engine).toBe('offline');
    expect(record.result!.notice).toMatch(/could not read the minutes/);
    expect(record.result!.motions).toHaveLength(1);
    expect(record.result!.narrative.length).toBeGreaterThan(0);
  });
});
