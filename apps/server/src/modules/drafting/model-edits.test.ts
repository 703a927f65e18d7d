import type { DraftResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { startAppWithModel } from '../../test/model-app';
import type { ChatRequest, OpenAiProtocolServer } from '../../test/openai-protocol-server';

/**
 * Issue 19 with a model (the OpenAI protocol, a local scripted server): an AI edit of several parts
 * goes to the model whole, and the outcome says which parts the model's text carries out, checked
 * with the built-in rules instead of taken from the model (decision 031).
 */
let t: TestApp;
let model: OpenAiProtocolServer;
let close: () => Promise<void>;
const CLERK = 'clerk@example.test';
beforeAll(async () => {
  ({ t, model, close } = await startAppWithModel(CLERK));
});
afterAll(() => close());

const NEW_TITLE = 'A RESOLUTION OF THE CITY COUNCIL OF THE CITY OF EXAMPLE HONORING ITS ROBOTICS CLUB';
/** The document the engine sent the model, as the model would see it. */
const documentIn = (r: ChatRequest) => /Document:\n<<<\n([\s\S]*)\n>>>/.exec(r.messages.at(-1)!.content)![1];

describe('an AI edit of several parts with a model (PUT /api/resolution/ai-edit)', () => {
  it('sends the instruction whole; the summary names the part the model did and the part it did not; the name follows the new title', async () => {
    model.respondWith(() => '{}');
    const drafted = await t.app.inject({
      method: 'POST',
      url: '/api/resolution/draft',
      headers: await t.auth(CLERK),
      payload: { query: 'A resolution honoring the Example High School robotics team for winning the state championship' },
    });
    const doc = (drafted.json() as DraftResponse).document!;
    // The model changes the title line and forgets the severability clause.
    model.respondWith((r) => (r.stream ? documentIn(r).replace(/^A RESOLUTION OF .*$/m, NEW_TITLE) : '{}'));
    const instruction = `change the title to "${NEW_TITLE}" and add a severability clause`;
    const res = await t.app.inject({ method: 'PUT', url: '/api/resolution/ai-edit', headers: await t.auth(CLERK), payload: { id: doc.id, edit_request: instruction } });
    expect(res.statusCode, res.body).toBe(200);
    expect(model.requests.filter((r) => r.stream).at(-1)!.messages.at(-1)!.content).toContain(`Edit: ${instruction}`);
    expect(res.json().outcome).toMatchObject({
      applied: true,
      engine: 'openai-compatible',
      summary: `Edited by the model. Done: "change the title to "${NEW_TITLE}"". Not done: "add a severability clause" (the edited text still needs it).`,
    });
    const edited = res.json().document;
    expect(edited.text).toContain(NEW_TITLE);
    expect(edited.title).toBe('Resolution Honoring Its Robotics Club');
  });

  it('a model that returns the text unchanged has changed nothing', async () => {
    const doc = ((await t.app.inject({ method: 'POST', url: '/api/resolution/draft', headers: await t.auth(CLERK), payload: { query: 'A resolution honoring the city librarians' } })).json() as DraftResponse).document!;
    model.respondWith((r) => (r.stream ? documentIn(r) : '{}'));
    const res = await t.app.inject({ method: 'PUT', url: '/api/resolution/ai-edit', headers: await t.auth(CLERK), payload: { id: doc.id, edit_request: 'add a severability clause and make it warmer' } });
    expect(res.json().outcome).toMatchObject({ applied: false, summary: 'The model returned the text unchanged.' });
    expect(res.json().document.version).toBe(1);
  });
});
