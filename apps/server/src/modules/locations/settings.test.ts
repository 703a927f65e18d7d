import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema';
import { forgetLocationScope } from '../../platform/tenancy';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';
import { hostileString, hostileValue, ONE_MEGABYTE_STRING } from '../../test/hostile-input';

/**
 * A city's settings texts go verbatim into bills, resolutions and records-request letters (issue 29):
 * each is one line of printable characters, refused with the field named otherwise; a holidays region
 * is one the calendar knows; every limit says what it is.
 */
let t: TestApp;
const ADMIN = demoEmail('ADMIN');
beforeAll(async () => {
  t = await createTestApp();
  for (const [code, name] of [['BAL', 'Baltimore'], ['ANN', 'City of Annapolis']]) {
    const res = await put('POST', '/api/location', { code, name, state_code: 'MD' });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t?.close());

async function put(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object | string | Buffer) {
  const headers = { ...(await t.auth(ADMIN)), ...(typeof payload === 'string' || Buffer.isBuffer(payload) ? { 'content-type': 'application/json' } : {}) };
  return t.app.inject({ method, url, headers, payload });
}
const settingsOf = async (code: string) => (await put('GET', `/api/location/${code}/settings`)).json();

/** Illustrative Maryland settings, in Baltimore's own form (its ordinances open "BE IT ORDAINED BY THE MAYOR AND CITY COUNCIL OF BALTIMORE"). */
const MARYLAND = {
  records_law: { section: 'Md. Code, Gen. Prov. § 4-203', name: 'Maryland Public Information Act', days: 30, business_days: false, extension_days: 30, exemptions_section: 'Md. Code, Gen. Prov. § 4-301' },
  open_meetings: { section: 'Md. Code, Gen. Prov. § 3-302', notice_hours: 24, notice_business_days: 0 },
  adopted_codes: { IBC: 2021, IRC: 2021 },
  drafting: {
    council: 'the Mayor and City Council of Baltimore',
    ordinance_enacting_clause: 'BE IT ORDAINED BY THE MAYOR AND CITY COUNCIL OF BALTIMORE, That',
    resolution_clause: 'BE IT RESOLVED BY THE CITY COUNCIL OF BALTIMORE, That',
    code_name: 'the Baltimore City Code',
    section_reference: 'Section {number} of {code}',
  },
  council_members: ['Zeke Cohen', 'Odette Ramos', 'Zac Blanchard'],
};

/** Every text field of the settings, each with a body that puts `text` in it and nothing else wrong. */
const TEXT_FIELDS: { field: string; body: (text: string) => object }[] = [
  ...(['section', 'name', 'exemptions_section'] as const).map((key) => ({ field: `body.records_law.${key}`, body: (text: string) => ({ records_law: { ...MARYLAND.records_law, [key]: `Md ${text} law` } }) })),
  { field: 'body.open_meetings.section', body: (text) => ({ open_meetings: { ...MARYLAND.open_meetings, section: `§ ${text} 3-302` } }) },
  ...(['council', 'ordinance_enacting_clause', 'resolution_clause', 'code_name'] as const).map((key) => ({ field: `body.drafting.${key}`, body: (text: string) => ({ drafting: { ...MARYLAND.drafting, [key]: `the City ${text} Council` } }) })),
  { field: 'body.drafting.section_reference', body: (text) => ({ drafting: { ...MARYLAND.drafting, section_reference: `§ ${text} {number}` } }) },
  { field: 'body.council_members.1', body: (text) => ({ council_members: ['Zeke Cohen', `Odette${text}Ramos`] }) },
];
/** What no setting may hold, written apart from the server's rule. */
const NOT_ONE_PRINTABLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/;
/** Every string in a value, object keys included. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...textsOf(v)]) : [];
const HOSTILE = { newline: '\n', 'an ANSI colour (ESC[31m)': '\u001b[31m', 'NEL (U+0085)': '\u0085', 'a right-to-left override (U+202E)': '\u202e', 'a zero-width space (U+200B)': '\u200b' };

describe('settings texts are one line of printable characters', () => {
  for (const [what, text] of Object.entries(HOSTILE)) {
    it(`refuses ${what} in every text field, naming the field, and stores nothing`, async () => {
      const before = await settingsOf('BAL');
      for (const { field, body } of TEXT_FIELDS) {
        const res = await put('PUT', '/api/location/BAL/settings', body(text));
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, message: expect.stringMatching(/line|control|invisible/i) }] });
      }
      expect(await settingsOf('BAL')).toEqual(before);
    });
  }

  it('the same characters sent as raw UTF-8 bytes are refused too; bytes that are not UTF-8 or JSON never answer 500', async () => {
    const council = (bytes: number[]) => Buffer.concat([Buffer.from('{"drafting":{"council":"the '), Buffer.from(bytes), Buffer.from(`Council","ordinance_enacting_clause":"X","resolution_clause":"Y","code_name":"Z"}}`)]);
    for (const bytes of [[0xc2, 0x85], [0xe2, 0x80, 0xae], [0xe2, 0x80, 0x8b], [0xe2, 0x81, 0xa6], [0xef, 0xbb, 0xbf], [0xe2, 0x80, 0xa8]]) {
      const res = await put('PUT', '/api/location/BAL/settings', council(bytes));
      expect(res.statusCode, Buffer.from(bytes).toString('hex')).toBe(400);
      expect(res.json().details).toEqual([{ field: 'body.drafting.council', message: expect.any(String) }]);
    }
    // A raw NUL, ESC or line break inside a JSON string is not JSON; a lone surrogate, escaped, is not text (decision 021).
    for (const bytes of [[0x00], [0x1b], [0x0a], [0x0d], '\\ud800'.split('').map((c) => c.charCodeAt(0))]) {
      const res = await put('PUT', '/api/location/BAL/settings', council(bytes));
      expect(res.statusCode, Buffer.from(bytes).toString('hex')).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await settingsOf('BAL')).customised).toEqual([]);
    // Bytes that are not UTF-8 (a surrogate's CESU-8 form, 0xFF) are read as U+FFFD, a visible character, by the body parser.
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff]]) {
      const res = await put('PUT', '/api/location/BAL/settings', council(bytes));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().drafting.council).toMatch(/^the \uFFFD+Council$/);
    }
    expect((await put('PUT', '/api/location/BAL/settings', { drafting: null })).json().customised).toEqual([]);
  });

  it('a valid Maryland setting round-trips; "US-MD" is Maryland; each limit says what it is', async () => {
    const res = await put('PUT', '/api/location/BAL/settings', { ...MARYLAND, holidays_region: 'us-md' });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...MARYLAND, holidays_region: 'MD', drafting_form: 'city', customised: ['adopted_codes', 'council_members', 'drafting', 'holidays_region', 'open_meetings', 'records_law'] };
    expect(res.json()).toEqual(expected);
    expect(await settingsOf('BAL')).toEqual(expected);

    const long = await put('PUT', '/api/location/BAL/settings', {
      drafting: { ...MARYLAND.drafting, council: 'x'.repeat(201) },
      records_law: { ...MARYLAND.records_law, days: 366, extension_days: 1.5 },
      open_meetings: { ...MARYLAND.open_meetings, notice_hours: 0 },
      council_members: ['Z'],
    });
    expect(long.statusCode).toBe(400);
    const messages = Object.fromEntries(long.json().details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(messages).toMatchObject({
      'body.drafting.council': expect.stringContaining('at most 200 characters'),
      'body.records_law.days': expect.stringContaining('between 1 and 365 days'),
      'body.records_law.extension_days': expect.stringContaining('whole number between 0 and 365 days'),
      'body.open_meetings.notice_hours': expect.stringContaining('between 1 and 720 hours'),
      'body.council_members.0': expect.stringContaining('at least 2 characters'),
    });
    expect(await settingsOf('BAL')).toEqual(expected);
  });
});

describe('a section as the city\'s drafts name it', () => {
  it('holds {number}, and {code} or nothing else in braces; a form stored without it answers the default (null)', async () => {
    for (const [form, message] of [
      ['Sec. {num}', 'Use only {number} and {code} in braces'],
      ['Section 4-1 of {code}', 'Put {number} where the section’s number goes'],
    ] as const) {
      const res = await put('PUT', '/api/location/ANN/settings', { drafting: { ...MARYLAND.drafting, section_reference: form } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toContainEqual({ field: 'body.drafting.section_reference', message: expect.stringContaining(message) });
    }
    const { section_reference: _none, ...older } = MARYLAND.drafting;
    const stored = await put('PUT', '/api/location/ANN/settings', { drafting: older });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().drafting).toEqual({ ...older, section_reference: null });
    const own = await put('PUT', '/api/location/ANN/settings', { drafting: { ...older, section_reference: '§ {number} of {code}' } });
    expect(own.json().drafting.section_reference).toBe('§ {number} of {code}');
    expect((await put('PUT', '/api/location/ANN/settings', { drafting: null })).json().customised).not.toContain('drafting');
  });
});

describe('the holidays region is one the calendar knows', () => {
  it('"ZZ" is refused with what is accepted, and nothing is stored; "US-MD" and "dc" are accepted', async () => {
    const before = await settingsOf('ANN');
    expect(before.holidays_region).toBe('MD');
    for (const region of ['ZZ', 'US-ZZ', 'XX']) {
      const res = await put('PUT', '/api/location/ANN/settings', { holidays_region: region });
      expect(res.statusCode, res.body).toBe(400);
      const [detail] = res.json().details;
      expect(detail.field).toBe('body.holidays_region');
      expect(detail.message).toContain(region.replace('US-', ''));
      expect(detail.message).toMatch(/MD or US-MD/);
      expect(detail.message).toMatch(/\bDC\b.*\bWY\b/);
    }
    for (const region of ['California', 'US-', 'U$-MD']) expect((await put('PUT', '/api/location/ANN/settings', { holidays_region: region })).statusCode).toBe(400);
    expect(await settingsOf('ANN')).toEqual(before);
    expect((await put('PUT', '/api/location/ANN/settings', { holidays_region: 'US-MD' })).json()).toMatchObject({ holidays_region: 'MD', customised: ['holidays_region'] });
    expect((await put('PUT', '/api/location/ANN/settings', { holidays_region: 'dc' })).json()).toMatchObject({ holidays_region: 'DC' });
    expect((await put('PUT', '/api/location/ANN/settings', { holidays_region: null })).json()).toMatchObject({ holidays_region: 'MD', customised: [] });
  });

  it('a setting stored before these rules (a council name with a line break, region "ZZ") gives way to the default', async () => {
    const [ann] = await t.db.select().from(locations).where(eq(locations.code, 'ANN'));
    await t.db
      .update(locations)
      .set({ settings: { holidays_region: 'ZZ', drafting: { ...MARYLAND.drafting, council: 'the City\nCouncil' }, council_members: ['Gavin Buckley'] } })
      .where(eq(locations.code, 'ANN'));
    forgetLocationScope(t.db, { id: ann.id, code: 'ANN' });
    const settings = await settingsOf('ANN');
    expect(settings).toMatchObject({ holidays_region: 'MD', council_members: ['Gavin Buckley'], customised: ['council_members'] });
    expect(settings.drafting.council).toBe('the City Council of the City of Annapolis');
  });
});

describe('a fuzz of the PUT', () => {
  const text = fc.oneof(hostileString, fc.constantFrom(...Object.values(HOSTILE).map((c) => `a${c}b`), ONE_MEGABYTE_STRING, '', ' ', 'MD', 'US-MD', 'ZZ'));
  const anything = fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: hostileValue });
  const maybe = (shape: Record<string, fc.Arbitrary<unknown>>) => fc.oneof(fc.record(shape, { requiredKeys: [] }), hostileValue);
  const body = fc.record(
    {
      records_law: maybe({ section: anything, name: anything, days: anything, business_days: anything, extension_days: anything, exemptions_section: anything }),
      open_meetings: maybe({ section: anything, notice_hours: anything, notice_business_days: anything }),
      adopted_codes: fc.oneof(fc.dictionary(text, anything, { maxKeys: 3 }), hostileValue),
      drafting: maybe({ council: anything, ordinance_enacting_clause: anything, resolution_clause: anything, code_name: anything, section_reference: fc.oneof(anything, fc.constantFrom('§ {number}', '{code} {number}', '{numbr}', '§ {number} {x}', null)) }),
      council_members: fc.oneof(fc.array(anything, { maxLength: 3 }), hostileValue),
      holidays_region: anything,
    },
    { requiredKeys: [] },
  );

  it('never answers 500; every refusal has the one shape; nothing stored is other than one printable line', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await put('PUT', '/api/location/BAL/settings', payload);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        if (res.statusCode !== 200) expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        else expect(textsOf(res.json()).filter((v) => NOT_ONE_PRINTABLE_LINE.test(v))).toEqual([]);
      }),
      { numRuns: 300 },
    );
    const stored = await put('GET', '/api/location/BAL/settings');
    expect(stored.statusCode).toBe(200);
    expect(textsOf(stored.json()).filter((v) => NOT_ONE_PRINTABLE_LINE.test(v))).toEqual([]);
  }, 120_000);
});
