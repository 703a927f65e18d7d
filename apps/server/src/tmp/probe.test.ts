import { it } from 'vitest';
import { createTestApp, demoEmail } from '../test/harness';
it('probe', async () => {
  const t = await createTestApp();
  const h = await t.auth(demoEmail('ADMIN'));
  const tries: [string, string, unknown?][] = [
    ['GET', '/api/agenda_item?title=a%00b'],
    ['GET', '/api/agenda/stats?city_code=D%00C'],
    ['GET', '/api/user/by-location?location_code=%00'],
    ['GET', '/api/agenda/%00'],
    ['GET', '/api/agenda/%ED%A0%80'],
    ['GET', '/api/agenda_item?title=%ED%A0%80'],
    ['GET', '/api/agenda_item?title=%E0%A4%A'],
    ['GET', '/api/agenda/%E0%A4%A'],
    ['PUT', '/api/user/login', { email: 'a\u0000b@x.org', password: 'x' }],
    ['POST', '/api/report/report-issue', { description: 'hi\u0000', page_url: '/x' }],
    ['POST', '/api/report/report-issue', { description: 'hi\ud800', page_url: '/x' }],
    ['POST', '/api/analytics/events', { events: [{ name: 'x\u0000' }] }],
    ['POST', '/api/report/report-issue', '['.repeat(400000) + ']'.repeat(400000)],
  ];
  for (const [method, url, payload] of tries) {
    const res = await t.app.inject({ method: method as 'GET', url, headers: h, payload: payload as object, ...(typeof payload === 'string' ? { headers: { ...h, 'content-type': 'application/json' } } : {}) });
    console.log(method, url, res.statusCode, res.body.slice(0, 200));
  }
  await t.close();
}, 60000);
