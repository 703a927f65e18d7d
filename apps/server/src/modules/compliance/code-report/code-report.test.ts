import type { CodeReport } from '@civicdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSections, locations } from '../../../db/schema';
import { createSearchTestApp, type SearchTestApp } from '../../search/test-city';
import { sectionNumberKey } from '../../../platform/retrieval/section-number';

/**
 * Code Compliance on the City of Example's code (test/fixtures/example-city/code.jsonl, read by
 * hand: § 8-302 carries a line citing § 9-999, which does not exist; § 1-104 is repealed).
 */
let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'MAYOR', 'CITY_COUNCILLOR']);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST', url: string, email = t.emails.CLERK!) => t.app.inject({ method, url, headers: await t.auth(email) });

async function runAndWait(): Promise<CodeReport> {
  const res = await call('POST', '/api/compliance/code/EX/run');
  expect(res.statusCode, res.body).toBe(202);
  const runId = res.json().run.run_id;
  for (let i = 0; i < 200; i++) {
    const report = (await call('GET', `/api/compliance/code/EX?run_id=${runId}`)).json() as CodeReport;
    if (report.run && !['queued', 'running'].includes(report.run.job_state)) return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish');
}

describe('Code Compliance', () => {
  let first: CodeReport;

  it('a run finds the reference to a section that does not exist, and nothing else', async () => {
    first = await runAndWait();
    expect(first.run).toMatchObject({ job_state: 'completed', trigger: 'on_demand', sections_checked: 11, total: 1, previous_run_id: null, counts: { reference_unknown: 1 } });
    expect(first.findings).toEqual([expect.objectContaining({ rule: 'reference_unknown', section_number: '§ 8-302', quote: '§ 9-999', target: '§ 9-999', severity: 'high' })]);
  });

  it('a second run after the code changed shows what is new and what was resolved', async () => {
    await t.db.update(locations).set({ settings: { adopted_codes: { IBC: 2015 } } }).where(eq(locations.id, t.ex.locationId));
    const [dogs] = await t.db.select().from(codeSections).where(and(eq(codeSections.locationId, t.ex.locationId), eq(codeSections.number, '§ 8-302')));
    await t.db
      .update(codeSections)
      .set({ text: dogs.text.split('\n').filter((l) => !l.includes('9-999')).join('\n') })
      .where(eq(codeSections.id, dogs.id));
    await t.db
      .update(codeSections)
      .set({ text: '(a) Street closures follow § 1-104 and the 2009 International Building Code.' })
      .where(and(eq(codeSections.locationId, t.ex.locationId), eq(codeSections.number, '§ 5-201')));
    const second = await runAndWait();
    expect(second.run).toMatchObject({ previous_run_id: first.run!.run_id, total: 2, new_count: 2, resolved_count: 1 });
    expect(second.findings.map((f) => [f.rule, f.section_number, f.quote, f.target])).toEqual([
      ['model_code_edition', '§ 5-201', '2009 International Building Code', 'IBC 2009'],
      ['reference_repealed', '§ 5-201', '§ 1-104', '§ 1-104'],
    ]);
    expect(second.diff.previous_run_id).toBe(first.run!.run_id);
    expect(second.diff.new.map((f) => f.rule).sort()).toEqual(['model_code_edition', 'reference_repealed']);
    expect(second.diff.resolved.map((f) => f.quote)).toEqual(['§ 9-999']);
    expect(second.runs.map((r) => r.run_id)).toEqual([second.run!.run_id, first.run!.run_id]);
    // Listed by the model code's id and by the state.
    const byCode = (await call('GET', '/api/compliance/location/reports/ibc')).json();
    expect(byCode).toMatchObject({ kind: 'building_code', key: 'IBC', findings: [expect.objectContaining({ model_code: 'IBC', target: 'IBC 2009' })] });
    const byState = (await call('GET', '/api/compliance/location/reports/EX')).json();
    expect(byState).toMatchObject({ kind: 'state', reports: [expect.objectContaining({ run_id: second.run!.run_id, location_name: 'City of Example' })] });
  });

  it('a section numbered with capitals ("§ 9-1A02", its number kept as written, its key the one key) is found when cited', async () => {
    await t.db
      .update(codeSections)
      .set({ number: '§ 9-1A02', numberKey: sectionNumberKey('§ 9-1A02') })
      .where(and(eq(codeSections.locationId, t.ex.locationId), eq(codeSections.number, '§ 9-102')));
    await t.db
      .update(codeSections)
      .set({ text: '(a) Between 10 p.m. and 7 a.m. no person shall make noise; penalties are in § 9-1A02.' })
      .where(and(eq(codeSections.locationId, t.ex.locationId), eq(codeSections.number, '§ 9-101')));
    const third = await runAndWait();
    expect(third.findings.filter((f) => f.section_number === '§ 9-101')).toEqual([]);
    const memo = await t.app.inject({ method: 'POST', url: '/api/compliance/text', headers: await t.auth(t.emails.CLERK!), payload: { text: 'Penalties are set by § 9-1A02.' } });
    expect(memo.statusCode).toBe(202);
    let report = { job_state: 'queued', findings: [] as { rule: string }[] };
    for (let i = 0; i < 200 && ['queued', 'running'].includes(report.job_state); i++) {
      await new Promise((r) => setTimeout(r, 100));
      report = (await call('GET', `/api/compliance/${memo.json().id}`)).json();
    }
    expect(report).toMatchObject({ job_state: 'completed', findings: [] });
  });

  it('another location\'s report is 404; MAYOR and CITY_COUNCILLOR lack CODE_COMPLIANCE_REPORT', async () => {
    expect((await call('GET', '/api/compliance/code/OT')).statusCode).toBe(404);
    expect((await call('POST', '/api/compliance/code/OT/run')).statusCode).toBe(404);
    expect((await call('GET', '/api/compliance/location/reports/OT')).statusCode).toBe(404);
    expect((await call('GET', '/api/compliance/code/EX?run_id=nope')).statusCode).toBe(404);
    for (const email of [t.emails.MAYOR!, t.emails.CITY_COUNCILLOR!]) {
      expect((await call('GET', '/api/compliance/code/EX', email)).statusCode).toBe(403);
      expect((await call('POST', '/api/compliance/code/EX/run', email)).statusCode).toBe(403);
    }
  });
});
