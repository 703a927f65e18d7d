import type { DraftBlock, DraftedDocument, DraftResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../test/harness';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/**
 * Issue 19: an AI edit of several parts is carried out whole (or says which part it could not
 * do), accepted changes keep the marks around them, and a draft's name, its Draft Collection entry
 * and its export file name follow its short title, unless the user named the draft (decision 031).
 * The drafts are the demo city's (D.C.) ceremonial resolutions, which need no code sections.
 */
let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK']);
});
afterAll(() => t.close());

const clerk = () => t.auth(demoEmail('CLERK'));
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: await clerk(), payload });
const year = new Date().getFullYear();
const OLD = `Eastern Market 50th Anniversary Recognition Resolution of ${year}`;
const NEW = `Eastern Market Golden Anniversary Recognition Resolution of ${year}`;

async function easternMarket(): Promise<DraftedDocument> {
  const res = await call('POST', '/api/resolution/draft', { query: 'Draft a resolution to honor the 50th anniversary of the Eastern Market.' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as DraftResponse).document!;
}
/** The paragraph whose text starts with `start`, with its runs. */
function block(doc: DraftedDocument, start: string): DraftBlock {
  const found = doc.content.content.find((b) => (b.content ?? []).map((n) => ('text' in n ? n.text : '')).join('').startsWith(start));
  expect(found, start).toBeDefined();
  return found!;
}
const listed = async (id: string) => ((await call('GET', '/api/drafted_document/history?limit=100')).json().documents as { id: string; title: string }[]).find((d) => d.id === id)?.title;
const exportName = async (id: string, format: 'docx' | 'pdf') =>
  /filename="([^"]+)"/.exec(String((await call('GET', `/api/drafted_document/${id}/export?format=${format}`)).headers['content-disposition']))?.[1];

describe('an AI edit of several parts (PUT /api/resolution/ai-edit, built-in engine)', () => {
  it('does every part in order, keeps the bold and centring around the changes, and renames the draft, its list entry and its exports', async () => {
    const doc = await easternMarket();
    expect(doc.title).toBe(OLD);
    const res = await call('PUT', '/api/resolution/ai-edit', {
      id: doc.id,
      edit_request: `replace "[recipient]" with "the Eastern Market Community Advisory Committee" and change the short title to "${NEW}"`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { document: edited, outcome } = res.json() as { document: DraftedDocument; outcome: { applied: boolean; summary: string } };
    expect(outcome).toMatchObject({
      applied: true,
      summary: `Done: Replaced "[recipient]" with "the Eastern Market Community Advisory Committee" (1 place). Changed the short title to "${NEW}" (2 places).`,
    });
    expect(edited.version).toBe(2);
    expect(edited.text).not.toContain(OLD);
    expect(edited.text.split(NEW)).toHaveLength(3);
    // The marks the drafter gave stay: the title line centred and bold, the resolving words bold, the new title in the citation plain.
    expect(block(edited, NEW)).toEqual({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [{ type: 'text', text: NEW, marks: [{ type: 'bold' }] }] });
    expect(block(edited, 'RESOLVED').content).toEqual([
      { type: 'text', text: 'RESOLVED, BY THE COUNCIL OF THE DISTRICT OF COLUMBIA', marks: [{ type: 'bold' }] },
      { type: 'text', text: `, That this resolution may be cited as the "${NEW}".` },
    ]);
    expect(block(edited, 'Sec. 3.').content![0]).toEqual({ type: 'text', text: 'Sec. 3. ', marks: [{ type: 'bold' }] });
    // The name follows the title: the draft, the Draft Collection's entry, both exports.
    expect(edited.title).toBe(NEW);
    expect(await listed(doc.id)).toBe(NEW);
    expect(await exportName(doc.id, 'docx')).toBe(`${NEW}.docx`);
    expect(await exportName(doc.id, 'pdf')).toBe(`${NEW}.pdf`);
  });

  it('names the part it could not do beside the part it did', async () => {
    const doc = await easternMarket();
    const res = await call('PUT', '/api/resolution/ai-edit', { id: doc.id, edit_request: `change the short title to "${NEW}"; then make it more heartfelt` });
    expect(res.json().outcome).toMatchObject({
      applied: true,
      summary: `Done: Changed the short title to "${NEW}" (2 places). Not done: "make it more heartfelt" (The built-in engine cannot do this edit; configure a model or edit by hand).`,
    });
    expect(res.json().document.title).toBe(NEW);
  });
});

describe("a draft's name follows its short title", () => {
  it('when the title line is edited in the editor (a save of the body), and the citation with it', async () => {
    const doc = await easternMarket();
    const content = JSON.parse(JSON.stringify(doc.content).split(OLD).join(NEW));
    const saved = await call('PUT', '/api/resolution', { id: doc.id, content, base_version: doc.version, reason: 'autosave' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().title).toBe(NEW);
    expect(await listed(doc.id)).toBe(NEW);
    // A save that leaves the title alone leaves the name alone.
    const again = await call('PUT', '/api/resolution', { id: doc.id, content: { ...content, content: [...content.content, { type: 'paragraph', content: [{ type: 'text', text: 'A closing line.' }] }] } });
    expect(again.json().title).toBe(NEW);
  });

  it('when only the title line is edited, not yet the citation', async () => {
    const doc = await easternMarket();
    const content = JSON.parse(JSON.stringify(doc.content).replace(OLD, NEW));
    const saved = await call('PUT', '/api/resolution', { id: doc.id, content });
    expect(saved.json().text).toContain(`may be cited as the "${OLD}"`);
    expect(saved.json().title).toBe(NEW);
  });

  it('unless the user named the draft: that name stays through title edits and restores', async () => {
    const doc = await easternMarket();
    expect((await call('PUT', '/api/drafted_document', { id: doc.id, title: 'Eastern Market, for the March session' })).json().title).toBe('Eastern Market, for the March session');
    const edit = await call('PUT', '/api/resolution/ai-edit', { id: doc.id, edit_request: `change the short title to "${NEW}"` });
    expect(edit.json().document.text).toContain(NEW);
    expect(edit.json().document.title).toBe('Eastern Market, for the March session');
    const restored = await call('POST', `/api/drafted_document/${doc.id}/restore`, { version: 1 });
    expect(restored.json().title).toBe('Eastern Market, for the March session');
    expect(await exportName(doc.id, 'docx')).toBe('Eastern Market, for the March session.docx');
  });
});
