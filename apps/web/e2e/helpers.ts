import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, SERVER_LOG, SERVER_URL } from './env';

export { DEMO_PASSWORD, SERVER_URL };

/** The demo accounts the server seeds (apps/server/src/cli/seed-demo.ts), with the names shown in the top bar. */
export const DEMO = {
  ADMIN: { email: 'admin@civicdesk.test', name: 'Avery Adams' },
  SUPERUSER: { email: 'superuser@civicdesk.test', name: 'Sam Sutton' },
  MAYOR: { email: 'mayor@civicdesk.test', name: 'Morgan Mayfield' },
  STAFF: { email: 'staff@civicdesk.test', name: 'Taylor Stanton' },
  CITY_COUNCILLOR: { email: 'councillor@civicdesk.test', name: 'Casey Cole' },
  CLERK: { email: 'clerk@civicdesk.test', name: 'Jordan Clarke' },
  CITY_MANAGER: { email: 'manager@civicdesk.test', name: 'Riley Manning' },
} as const;
export type DemoRole = keyof typeof DEMO;
export const DEMO_CITY = 'District of Columbia';

/** Signs in through the login form and waits until the shell shows the user's name. */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD, expectedName?: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email or user name').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // textContent: on narrow screens the name is only in the screen-reader text of the avatar.
  if (expectedName) await expect(topBar(page)).toContainText(expectedName);
}

export const signInAs = (page: Page, role: DemoRole) => signIn(page, DEMO[role].email, DEMO_PASSWORD, DEMO[role].name);

export const topBar = (page: Page) => page.getByRole('banner');
export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
export const toolsNav = (page: Page) => page.getByRole('navigation', { name: 'Municipal Tools' });
export const feedbackButton = (page: Page) => page.getByRole('button', { name: 'Report Feedback' });

/** The titles of the Municipal Tools items shown, in order. */
export async function visibleToolTitles(page: Page): Promise<string[]> {
  const items = toolsNav(page).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  return (await items.allInnerTexts()).map((text) => text.replace('(opens in a new tab)', '').trim());
}

/** The bearer token the page keeps in localStorage, for setting up data through the API. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token, 'a signed-in page keeps its token').toBeTruthy();
  return token!;
}

/** Signs in through the API (for setting up data, not for testing the login form). */
export async function apiToken(request: APIRequestContext, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const response = await request.put('/api/user/login', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()).access_token as string;
}

/**
 * Puts a session made through the API into the browser before its first page load, for tests about
 * pages rather than the login form (it saves a sign-in page load per test). Not for tests that sign
 * out: every full page load would put the token back.
 */
export async function useSessionOf(page: Page, role: DemoRole) {
  const token = await apiToken(page.request, DEMO[role].email);
  await page.addInitScript((value) => localStorage.setItem('access_token', value), token);
}

/** The 6-digit code of the newest message to `to` whose subject contains `subject`, read in Admin Panel → Mail outbox. */
export async function readCodeFromOutbox(adminPage: Page, to: string, subject: string): Promise<string> {
  await adminPage.goto('/admin?tab=outbox');
  const row = adminPage.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(row).toBeVisible();
  await row.getByText('Show message').click();
  const body = await row.locator('pre').innerText();
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  expect(code, `a 6-digit code in the message to ${to}:\n${body}`).toBeTruthy();
  return code!;
}

/**
 * The newest 6-digit code mailed to `to` whose subject contains `subject`, read in the server log,
 * the demo operator's place for codes that no screen shows (a password-reset code, decision 005).
 */
export async function readCodeFromServerLog(to: string, subject: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const lines = (await readFile(SERVER_LOG, 'utf8')).split('\n').filter((line) => line.includes('mail (outbox)'));
      const mail = lines.map((line) => JSON.parse(line) as { to?: string; subject?: string; msg?: string }).filter((m) => m.to === to && m.subject?.toLowerCase().includes(subject));
      code = /code: (\d{6})/.exec(mail.at(-1)?.msg ?? '')?.[1];
      return code;
    }, { message: `a code mailed to ${to} in ${SERVER_LOG}` })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Invites and activates a fresh STAFF user through the API; returns its email and password. */
export async function createActiveUser(request: APIRequestContext, label: string, locationCode = 'DC') {
  const admin = await apiToken(request, DEMO.ADMIN.email);
  const headers = { Authorization: `Bearer ${admin}` };
  const unique = `${label}-${Date.now().toString(36)}`;
  const email = `${unique}@example.org`;
  const invite = await request.post('/api/user/invite', {
    headers,
    data: { userName: unique, firstName: 'Pat', lastName: label, email, role: 'STAFF', locationCode },
  });
  expect(invite.ok(), `invite ${email}: ${await invite.text()}`).toBe(true);
  const outbox = (await (await request.get('/api/admin/outbox', { headers })).json()) as { to: string; body: string }[];
  const code = /\b(\d{6})\b/.exec(outbox.find((mail) => mail.to === email)?.body ?? '')?.[1];
  expect(code, `invitation code for ${email}`).toBeTruthy();
  const password = `first-password-${unique}`;
  const done = await request.put('/api/user/complete-invitation', { data: { email, code, password } });
  expect(done.ok(), `complete invitation of ${email}`).toBe(true);
  return { email, password, name: `Pat ${label}` };
}

const axePath = path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now and fails, readably, on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // Once per document: after a client-side navigation axe-core is still loaded.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  }) as AxeViolation[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
        ...v.nodes.slice(0, 5).map((node) => `    at ${JSON.stringify(node.target)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n');
  expect(serious.map((v) => `${v.impact}: ${v.id}`), `axe-core on ${label}:\n${report}`).toEqual([]);
}

/**
 * Whether an element's border and text read as red, green or blue. Colours are compared after the
 * browser paints them, since Tailwind 4 writes them as oklch().
 */
export async function dominantHue(locator: Locator): Promise<'red' | 'green' | 'blue' | 'none'> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas');
    canvas.width = 2;
    canvas.height = 1;
    const context = canvas.getContext('2d')!;
    const totals = [0, 0, 0];
    [style.borderTopColor, style.color].forEach((colour, x) => {
      context.fillStyle = colour;
      context.fillRect(x, 0, 1, 1);
      const [r, g, b] = context.getImageData(x, 0, 1, 1).data;
      totals[0] += r;
      totals[1] += g;
      totals[2] += b;
    });
    const [r, g, b] = totals;
    const max = Math.max(r, g, b);
    if (max - Math.min(r, g, b) < 40) return 'none';
    return max === r ? 'red' : max === g ? 'green' : 'blue';
  });
}

/**
 * Waits until the signed-in user's city's code index is built (the assistant's settings say
 * `code_index_ready`): answers asserted word for word are the whole index's, not the interim search's of
 * the first seconds after the server starts (decision 030). Another city's index being built meanwhile
 * (a code imported by a test in the other worker) does not hold it up.
 */
export async function waitForCodeIndex(page: Page) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  for (let i = 0; i < 240; i++) {
    const settings = (await (await page.request.get('/api/municipal_code/settings', { headers })).json()) as { code_index_ready?: boolean };
    if (settings.code_index_ready === true) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the city's code index was not built within two minutes");
}
