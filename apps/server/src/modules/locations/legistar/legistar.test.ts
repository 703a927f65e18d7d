import type { LocationImport } from '@civicdesk/contract';
import { and, eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaItems, agendas, legislation, locationFeeds, locations } from '../../../db/schema';
import { createUser } from '../../../test/example-city';
import { createSearchTestApp, type SearchTestApp } from '../../search/test-city';
import { type FakeLegistar, startFakeLegistar } from './fixtures/fake-legistar';

/**
 * A city's Legistar import through the API (issue 21), against a local fake of the Legistar Web API
 * serving recorded responses (fixtures/README.md): Oakland's Public Safety Committee of 2019-04-23
 * (15 event items as recorded) and New York's Committee on Health of 2024-03-07 with Int 0001-2024,
 * its history and the committee's 10-member roll call. The expected values are read off the recorded
 * JSON by hand.
 */
let t: SearchTestApp;
let fake: FakeLegistar;
let otherAdminOfNothing: string;
/** A service listening only on this machine, as a database console or a metadata service would: it counts what reaches it. */
let secret: Server;
let secretUrl: string;
const secretHits: string[] = [];
/** An allowed address that answers every request with a redirect to the secret service. */
let relay: Server;
let relayUrl: string;
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
beforeAll(async () => {
  fake = await startFakeLegistar();
  secret = createServer((req, res) => {
    secretHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ EventId: 1, EventBodyName: 'INTERNAL-SECRET db_password=hunter2', EventDate: '2025-01-01T00:00:00' }]));
  });
  secretUrl = await listen(secret);
  relay = createServer((req, res) => {
    res.writeHead(302, { location: `${secretUrl}${req.url}` });
    res.end();
  });
  relayUrl = await listen(relay);
  // The fake and the relay listen on this machine: an operator's leave (LEGISTAR_ALLOWED_HOSTS) lets the import reach them, and nothing else here.
  t = await createSearchTestApp(['ADMIN', 'SUPERUSER', 'CLERK'], { LEGISTAR_ALLOWED_HOSTS: `${new URL(fake.url).host}, ${new URL(relayUrl).host}` });
  otherAdminOfNothing = 'ot-superuser-legistar@other-town.test';
  await createUser(t.db, { email: otherAdminOfNothing, role: 'SUPERUSER', ...t.ot });
  for (const [code, name] of [
    ['OAK', 'Oakland'],
    ['NYC', 'New York City'],
  ]) {
    const res = await json('POST', '/api/location', { code, name, state_code: code === 'OAK' ? 'CA' : 'NY' });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await new Promise((r) => secret?.close(r));
  await new Promise((r) => relay?.close(r));
  await fake?.close();
  await t?.close();
});

async function json(method: 'GET' | 'POST', url: string, payload?: object, email = t.emails.ADMIN!) {
  return t.app.inject({ method, url, headers: await t.auth(email), payload });
}
async function settled(code: string, id: string): Promise<LocationImport> {
  for (let i = 0; i < 300; i++) {
    const row = (await json('GET', `/api/location/${code}/imports/${id}`)).json() as LocationImport;
    if (row.job_state !== 'queued' && row.job_state !== 'running') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}
const locationId = async (code: string) => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, code)))[0].id;

describe('a Legistar import', () => {
  it("stores Oakland's meeting, its items of business with movers and outcomes, and its resolutions; what could not be read is a problem", async () => {
    const res = await json('POST', '/api/location/OAK/imports', { source: 'legistar', client: 'Oakland', since: '2004-01-01', base_url: fake.url });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ job_state: 'queued', progress: 0 });
    const done = await settled('OAK', res.json().id);
    expect(done.job_state, JSON.stringify(done)).toBe('completed');
    expect(done.parameters).toEqual({ client: 'oakland', base_url: fake.url, since: '2004-01-01', scheduled: false });
    // Two meetings (2004-12-28 and 2019-04-23); 7 numbered items of 15 (the rest are the call to order, notices,
    // "Open Forum", "Adjournment"); 4 of the 7 matters are City Resolutions.
    expect(done.counts).toMatchObject({ meetings: 2, agenda_items: 7, measures: 4, skipped_items: 8 });
    // The 2004 meeting's items were not recorded: said, with where.
    expect(done.problems).toEqual([{ file: 'legistar:oakland', where: 'event 4201: agenda items', message: 'not found' }]);
    expect(fake.requests).toContain('/v1/oakland/events');

    const oak = await locationId('OAK');
    const items = await t.db.select().from(agendaItems).where(eq(agendaItems.locationId, oak)).orderBy(agendaItems.position);
    expect(items.map((i) => i.fileNumber)).toEqual(['18-1646', '18-1647', '18-1371', '18-1628', '18-1630', '18-1634', '18-1661']);
    expect(items[0].title).toBe('1. Approval Of The Draft Minutes From The Committee Meeting Held On April 9, 2019');
    expect(items[0].description).toContain('A motion was made by Rebecca Kaplan, seconded by Loren Taylor, that this matter be Approved.');
    expect(items[0].description).toContain('The motion carried by the following vote: (The roll call is not in the city’s Legistar record.)');
    expect(items[0].status).toBe('Passed');
    expect(items[0].committee).toBe('Public Safety Committee');
    // Oakland's cover sheet in the title: the subject is the title, the cover the description.
    expect(items[3].title).toBe('4. OPD-U.S. Department Of Veterans Affairs Agreement');
    expect(items[3].description).toMatch(/From:\s+Oakland Police Department/);
    expect(items[3].documentType).toBe('RESOLUTION');
    expect(items[0].documentType).toBe('AGENDA_ITEM');
    // No vote recorded on item 2: its action as recorded ("This Report and Recommendation be Approved.").
    expect(items[1].status).toBe('Approved');
    const measures = await t.db.select().from(legislation).where(eq(legislation.locationId, oak));
    expect(measures.map((m) => m.fileNumber).sort()).toEqual(['18-1628', '18-1630', '18-1634', '18-1661']);
    expect(items[3].legislationId).toBe(measures.find((m) => m.fileNumber === '18-1628')!.id);

    // Smart Search finds the new city's item by its words.
    const search = await json('GET', '/api/search?city_code=OAK&query=Veterans%20Affairs');
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().hits.map((h: { file_number: string }) => h.file_number)).toContain('18-1628');

    // The Summarizer links a motion on "File No. 18-1628" in the committee's minutes to the imported item.
    const minutes = await json('POST', '/api/minutes/text', {
      location_code: 'OAK',
      text: 'Public Safety Committee\nMinutes of April 23, 2019\n\nThe meeting was called to order at 6:34 p.m.\n\nItem 4. File No. 18-1628, OPD-U.S. Department Of Veterans Affairs Agreement. Councilmember Taylor moved to approve the resolution, seconded by Councilmember Bas. The motion carried 4-0.\n\nThe meeting adjourned at 7:40 p.m.',
    });
    expect(minutes.statusCode, minutes.body).toBe(202);
    let record: { job_state: string; result: { motions: { item: string | null; link: { kind: string; id: string } | null }[] } | null } = { job_state: 'queued', result: null };
    for (let i = 0; i < 200 && (record.job_state === 'queued' || record.job_state === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      record = (await json('GET', `/api/minutes/${minutes.json().id}`)).json();
    }
    const motion = record.result!.motions.find((m) => m.item?.includes('18-1628'));
    expect(motion?.link).toMatchObject({ kind: 'agenda_item', id: items[3].id });

    // The feed is kept: its next read starts a fortnight before the latest meeting, and one refresh is scheduled.
    const [feed] = await t.db.select().from(locationFeeds).where(eq(locationFeeds.locationId, oak));
    expect(feed).toMatchObject({ client: 'oakland', baseUrl: fake.url, since: '2019-04-09' });
    expect(feed.nextJobId).toBeTruthy();
    expect(feed.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('reads again without duplicating, and keeps the roll call of each member on the motion it decided (New York)', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await json('POST', '/api/location/NYC/imports', { source: 'legistar', client: 'nyc', since: '2024-01-01', base_url: fake.url });
      const done = await settled('NYC', res.json().id);
      expect(done.job_state, JSON.stringify(done)).toBe('completed');
      expect(done.counts).toMatchObject({ meetings: 1, measures: 1, roll_calls: 1 });
    }
    const nyc = await locationId('NYC');
    const [law] = await t.db.select().from(legislation).where(eq(legislation.locationId, nyc));
    expect(law).toMatchObject({ fileNumber: 'Int 0001-2024', lawNumber: '2024/048', introduced: '2024-02-08', enacted: '2024-03-25', status: 'Enacted', documentType: 'ORDINANCE' });
    expect(law.title).toBe('The naming of the Paul A. Vallone Queens Animal Care Center.');
    expect(law.votes).toEqual([
      { date: '2024-03-07', reading: 'Approved by Committee (Committee on Health) Pass' },
      { date: '2024-03-07', reading: 'Approved by Council (City Council) Pass' },
    ]);
    const items = await t.db.select().from(agendaItems).where(eq(agendaItems.locationId, nyc));
    // Read twice, stored once.
    const approved = items.filter((i) => i.sourceId === 'legistar-eventitem-405874');
    expect(approved).toHaveLength(1);
    expect(approved[0].description).toContain('Affirmative: Lynn C. Schulman, Joann Ariola');
    expect(approved[0].status).toBe('Passed');
  });

  it('a client the API does not know fails at once with the reason; a server error is retried', async () => {
    const missing = await json('POST', '/api/location/OAK/imports', { source: 'legistar', client: 'nowhere', base_url: fake.url });
    const failed = await settled('OAK', missing.json().id);
    expect(failed.job_state).toBe('failed');
    expect(failed.error).toBe(`The Legistar API at ${fake.url} (client “nowhere”) could not be read: not found. Check the client name and the address.`);

    fake.fail('/v1/nyc/events', 503, 1);
    const retried = await json('POST', '/api/location/NYC/imports', { source: 'legistar', client: 'nyc', since: '2024-01-01', base_url: fake.url });
    expect((await settled('NYC', retried.json().id)).job_state).toBe('completed');
  });

  it('refuses what it cannot use, and stays inside the caller’s city', async () => {
    const bad = async (payload: object) => {
      const res = await json('POST', '/api/location/OAK/imports', payload);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().details as { field: string }[]).map((d) => d.field);
    };
    expect(await bad({ source: 'legistar', client: 'oak land' })).toEqual(['body.client']);
    expect(await bad({ source: 'legistar', client: 'oakland', base_url: 'file:///etc/passwd' })).toEqual(['body.base_url']);
    expect(await bad({ source: 'legistar', client: 'oakland', base_url: 'https://user:secret@webapi.legistar.com' })).toEqual(['body.base_url']);
    expect(await bad({ source: 'legistar', client: 'oakland', since: '0000-01-01' })).toEqual(['body.since']);
    expect(await bad({ source: 'legistar', client: 'oakland', since: '2019-02-30' })).toEqual(['body.since']);
    expect(await bad({ source: 'legistar', client: 'oakland', since: '9999-12-31' })).toEqual(['body.since']);
    expect(await bad({ source: 'legistar', client: ['oakland'] })).toEqual(['body.client']);
    expect(await bad({ source: 'legistar', client: 'oakland', extra: 1 })).toEqual(['body']);
    expect(await bad({ source: 'code' })).toContain('body.source');
    // Another city's SUPERUSER: this city is not found; a CLERK may not import.
    expect((await json('POST', '/api/location/OAK/imports', { source: 'legistar', client: 'oakland', base_url: fake.url }, otherAdminOfNothing)).statusCode).toBe(404);
    expect((await json('POST', '/api/location/OAK/imports', { source: 'legistar', client: 'oakland', base_url: fake.url }, t.emails.CLERK!)).statusCode).toBe(403);
    const oak = await locationId('OAK');
    const stored = await t.db.select({ id: agendaItems.id }).from(agendaItems).where(and(eq(agendaItems.locationId, oak)));
    expect(stored).toHaveLength(7);
  });
});

describe('an address the import may not reach (issue 29)', () => {
  const probe = (base_url: string, email = t.emails.ADMIN!, city = 'OAK') => json('POST', `/api/location/${city}/imports`, { source: 'legistar', client: 'probe', base_url }, email);
  const nothingStored = async () => {
    const oak = await locationId('OAK');
    const meetings = await t.db.select({ title: agendas.title }).from(agendas).where(eq(agendas.locationId, oak));
    expect(meetings.map((m) => m.title).join(' ')).not.toContain('INTERNAL-SECRET');
    const feeds = await t.db.select({ client: locationFeeds.client }).from(locationFeeds).where(eq(locationFeeds.locationId, oak));
    expect(feeds.map((f) => f.client)).not.toContain('probe');
  };

  it('a SUPERUSER may not give an address at all; an ADMIN may not give an internal one, however it is written', async () => {
    // Its own city's imports, with an address of its choosing.
    const superuser = await probe(`${secretUrl}/internal`, t.emails.SUPERUSER!, 'EX');
    expect(superuser.statusCode, superuser.body).toBe(403);
    expect(superuser.json().code).toBe('ACCESS_DENIED');
    const port = new URL(secretUrl).port;
    const answers = new Set<string>();
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f000001', '127.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost']) {
      for (const address of [`http://${host}:${port}/internal`, `http://${host}:1/closed`]) {
        const res = await probe(address);
        if (host === 'localhost') continue; // a name: checked where it is resolved, below
        expect(res.statusCode, `${address}: ${res.body}`).toBe(400);
        expect(res.json().details).toEqual([{ field: 'body.base_url', message: expect.stringContaining('does not reach internal addresses') }]);
        answers.add(res.body);
      }
    }
    const metadata = await probe('http://169.254.169.254/latest/meta-data/');
    expect(metadata.statusCode).toBe(400);
    answers.add(metadata.body);
    // One answer for an open port, a closed one and the metadata service: nothing to tell them apart.
    expect(answers.size).toBe(1);
    expect(secretHits).toEqual([]);
    await nothingStored();
  });

  it('a name that resolves to this machine, and a redirect from an allowed host to an internal one, fail without reaching it', async () => {
    for (const address of ['http://localhost/internal', `${relayUrl}/internal`]) {
      const res = await probe(address);
      expect(res.statusCode, res.body).toBe(202);
      const done = await settled('OAK', res.json().id);
      expect(done.job_state).toBe('failed');
      expect(done.error).toBe(`The Legistar API at ${address} (client “probe”) could not be read: the address is not one CivicDesk may reach. Check the client name and the address.`);
      expect(done.preview).toEqual([]);
    }
    expect(secretHits).toEqual([]);
    await nothingStored();
  });
});
