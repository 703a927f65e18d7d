import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { apiToken, DEMO, expectNoSeriousA11yViolations, feedbackButton, useSessionOf } from './helpers';

/**
 * Daily use on a phone and on a desktop (issue "Daily use ... narrow screens"): every page of the app
 * (App.tsx's routes, the redirect /ordinance/agenda/{id} aside) at 375 px and at 1280 px, signed in as
 * the demo admin, with the records the pages show made first. On each page: nothing runs off the side
 * (neither the document nor the main area scrolls sideways; a wide table scrolls in its own frame and
 * says so), a select shows its whole choice, the draft editor's title has room, the lowest content can
 * be scrolled clear of the Report Feedback button, and axe finds nothing serious or critical. All that
 * is found is reported at once. NARROW_SHOTS=1 saves a screenshot of each page in /tmp/narrow-shots.
 */

// The app's CSP forbids inline scripts; axe-core is injected as one. Reduced motion: nothing is measured
// mid-transition. No trace: recording each of some 50 page checks doubled the run; the report says what failed where.
test.use({ bypassCSP: true, reducedMotion: 'reduce', trace: 'off' });
test.describe.configure({ mode: 'parallel' });

const SHOTS = '/tmp/narrow-shots';
const MINUTES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'council-minutes.txt');
const SLOW = { timeout: 30_000 };

type Visit = { path: string; label: string; ready?: (page: Page) => Promise<void> };
type AuthHeader = { Authorization: string };

async function ok(what: string, response: APIResponse): Promise<APIResponse> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

const idOf = async (response: APIResponse) => ((await response.json()) as { id: string }).id;

/**
 * The pages of Compliance Check, Code Compliance, drafting and the admin panel, with a report, a draft
 * and a code run made through the API first (the run goes on in the background; its page comes last).
 */
async function complianceDraftingAndAdminPages(request: APIRequestContext, headers: AuthHeader, label: string): Promise<Visit[]> {
  const codeRun = request.post('/api/compliance/code/DC/run', { headers });
  const [draft, report] = await Promise.all([
    request
      .post('/api/ordinance/draft', { headers, data: { query: 'An ordinance shortening the time to answer a public records request from 15 to 10 days' } })
      .then((r) => ok('draft', r))
      .then(async (r) => ((await r.json()) as { document: { id: string } | null }).document?.id),
    request
      .post('/api/compliance/text', {
        headers,
        data: {
          title: `A letter checked on a phone (${label})`,
          compliance_type: 'privacy',
          location_code: 'DC',
          text: 'Dear Ms. Ortega,\nYour neighbor said Maria Ortega lives at 1510 Park Road NW, Apt. 4, phone 202-555-0143.\nSincerely,\nIbrahim Sorensen',
        },
      })
      .then((r) => ok('compliance report', r))
      .then(idOf),
  ]);
  await ok('code run', await codeRun);
  expect(draft, 'the draft is made').toBeTruthy();
  return [
    { path: '/compliance', label: 'compliance-check' },
    {
      path: `/compliance?report=${report}`,
      label: 'compliance-report',
      ready: (p) => expect(p.getByRole('heading', { level: 3, name: /^Findings \(\d+\)$/ })).toBeVisible({ timeout: 60_000 }),
    },
    { path: '/drafting-history', label: 'draft-collection' },
    { path: '/draft/ordinance', label: 'draft-new' },
    { path: `/draft/ordinance/${draft}`, label: 'draft-editor', ready: (p) => expect(p.getByRole('textbox', { name: 'Draft text' })).toBeVisible() },
    ...['users', 'outbox', 'reports', 'analytics', 'locations', 'audit'].map((tab) => ({ path: `/admin?tab=${tab}`, label: `admin-${tab}` })),
    { path: '/no-such-page', label: 'not-found' },
    {
      path: '/compliance/code',
      label: 'code-compliance',
      ready: async (p) => {
        await expect(p.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
        await expect(p.getByRole('region', { name: 'Findings', exact: true })).toBeVisible(SLOW);
      },
    },
  ];
}

/** The pages of Smart Search (and the ordinance, agenda and document pages it opens), the Knowledge Assistant, the Summarizer and the Legal Chatbot. */
async function searchAssistantSummaryAndChatPages(request: APIRequestContext, headers: AuthHeader, label: string): Promise<Visit[]> {
  const question = `How fast must a records request be answered? (${label})`;
  const [minutes, chat, hits] = await Promise.all([
    readFile(MINUTES_FILE, 'utf8')
      .then((text) => request.post('/api/minutes/text', { headers, data: { text, title: `Minutes read on a phone (${label})` } }))
      .then((r) => ok('minutes', r))
      .then(idOf),
    request
      .post('/api/chat/legal', { headers, data: { message: 'Who may inspect public records?' } })
      .then((r) => ok('chat', r))
      .then(async (r) => /"conversation_id":"([^"]+)"/.exec(await r.text())?.[1]),
    request
      .get('/api/search', { headers, params: { query: 'snow removal' } })
      .then((r) => ok('search', r))
      .then(async (r) => ((await r.json()) as { hits: { url: string; source: string }[] }).hits),
    request.post('/api/municipal_code/generate', { headers, multipart: { main_user_question: question } }).then((r) => ok('assistant', r)),
  ]);
  const threads = (await (await request.get('/api/municipal_code/threads', { headers })).json()) as { id: string; title: string }[];
  const thread = threads.find((t) => t.title === question)?.id;
  const ordinance = hits.find((hit) => hit.source === 'legislation')?.url;
  const agenda = hits.find((hit) => hit.source === 'agenda_item')?.url;
  for (const [name, value] of Object.entries({ chat, thread, ordinance, agenda })) expect(value, `a ${name} to show`).toBeTruthy();
  return [
    { path: '/', label: 'smart-search-home' },
    { path: '/?tab=search&q=snow+removal', label: 'smart-search-results', ready: (p) => expect(p.getByRole('heading', { level: 2, name: /results?$/ })).toBeVisible(SLOW) },
    { path: '/?tab=explore', label: 'smart-search-explore' },
    { path: ordinance!, label: 'ordinance' },
    { path: agenda!, label: 'agenda' },
    { path: '/pdf-viewer', label: 'pdf-viewer' },
    { path: '/code-assistant', label: 'assistant-new' },
    { path: `/code-assistant/${thread}`, label: 'assistant-thread' },
    { path: '/summary', label: 'summarizer' },
    {
      path: `/summary?id=${minutes}`,
      label: 'summary',
      ready: (p) => expect(p.getByRole('heading', { level: 3, name: /^Motions \(\d+\)$/ })).toBeVisible({ timeout: 60_000 }),
    },
    { path: '/chat', label: 'chat-new' },
    { path: `/chat?conversation=${chat}`, label: 'chat-conversation', ready: (p) => expect(p.getByTestId('chat-question')).toHaveCount(1) },
  ];
}

const AUTH_PAGES = ['/auth/login', '/auth/welcome', '/auth/complete-registration', '/auth/forgot-password'];

/** Waits until the page has its heading and nothing is still loading. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, SLOW);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0, SLOW);
  await expect(page.locator('.animate-pulse')).toHaveCount(0, SLOW);
}

/**
 * What runs off the side: the document or the main area scrolling sideways, an element reaching past
 * the window's right edge outside a frame that scrolls, a select too narrow for its chosen option.
 */
function sidewaysProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? ` "${el.getAttribute('aria-label')}"` : ''}> “${(el.textContent ?? '').trim().slice(0, 40)}”`;
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`the document scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth} px`);
    const main = document.querySelector('main');
    if (main && main.scrollWidth > main.clientWidth) problems.push(`the main area scrolls sideways: ${main.scrollWidth} > ${main.clientWidth} px`);
    const scrollsSideways = (el: Element | null) => {
      for (; el; el = el.parentElement) {
        const x = getComputedStyle(el).overflowX;
        if ((x === 'auto' || x === 'scroll') && el !== main && el !== doc && el !== document.body) return true;
      }
      return false;
    };
    const width = doc.clientWidth;
    const past = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.right > width + 1 && el.checkVisibility({ visibilityProperty: true }) && !scrollsSideways(el.parentElement);
    });
    // The outermost only: its children run off with it.
    for (const el of past.filter((el) => !past.includes(el.parentElement!)).slice(0, 5)) problems.push(`${name(el)} reaches ${Math.round(el.getBoundingClientRect().right)} px, past ${width}`);
    // A table wider than its frame scrolls in it and says so above it; one that fits says nothing.
    for (const frame of document.querySelectorAll('[role="region"]:has(> table)')) {
      if (!frame.checkVisibility()) continue;
      const hint = frame.getAttribute('aria-describedby') ? document.getElementById(frame.getAttribute('aria-describedby')!) : null;
      const overflows = frame.scrollWidth > frame.clientWidth + 1;
      if (frame.clientWidth < 120) problems.push(`${name(frame)} is only ${frame.clientWidth} px wide`);
      if (overflows && !hint?.checkVisibility()) problems.push(`${name(frame)} scrolls sideways (${frame.scrollWidth} > ${frame.clientWidth} px) without saying so`);
      if (!overflows && hint) problems.push(`${name(frame)} fits, yet says “${hint.textContent}”`);
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      if (!select.checkVisibility()) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      // The arrow takes about 20 px of the content box.
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      const needed = canvas.measureText(text).width;
      // A select too narrow for its choice is fine when the choice is also written out beside it.
      const besideIt = [...(select.parentElement?.children ?? [])].some((el) => el !== select && (el as HTMLElement).innerText?.includes(text));
      if (needed > room + 1 && !besideIt) problems.push(`${name(select)} shows “${text}” in ${Math.round(room)} px; it needs ${Math.round(needed)}`);
    }
    return problems;
  });
}

/**
 * Scrolls the main area (and any area inside it) to its end and says whether the lowest content of the
 * page then lies under the Report Feedback button.
 */
async function feedbackCoverProblems(page: Page): Promise<string[]> {
  const button = feedbackButton(page);
  if ((await button.count()) === 0) return [];
  const box = (await button.boundingBox())!;
  return page.evaluate((button) => {
    const main = document.querySelector('main')!;
    // What a reader reads or uses: elements with text of their own, and controls and pictures.
    const content = (el: Element) =>
      ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'IMG', 'svg', 'CANVAS'].includes(el.tagName) ||
      [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    /** The part of the element on screen: its box cut by every ancestor that clips (line clamps, scrolling areas). */
    const seen = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, top, right, bottom };
    };
    // The main area and each area inside it that scrolls on its own: each is scrolled to its end, and its lowest content checked.
    const scrollers = [main, ...main.querySelectorAll('*')].filter((el) => {
      const y = getComputedStyle(el).overflowY;
      return el === main || ((y === 'auto' || y === 'scroll') && el.scrollHeight > el.clientHeight);
    });
    const problems = new Set<string>();
    for (const scroller of scrollers) {
      scroller.scrollTop = scroller.scrollHeight;
      const shown = [...scroller.querySelectorAll('*')]
        .filter((el) => content(el) && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((el) => ({ el, box: seen(el) }))
        .filter(({ box }) => box.right - box.left > 1 && box.bottom - box.top > 1);
      const bottom = Math.max(...shown.map(({ box }) => box.bottom));
      for (const { el, box } of shown.filter(({ box }) => box.bottom >= bottom - 1)) {
        if (box.left < button.x + button.width && box.right > button.x && box.top < button.y + button.height && box.bottom > button.y)
          problems.add(`the last content, <${el.tagName.toLowerCase()}> “${(el.textContent ?? '').trim().slice(0, 40)}” (bottom ${Math.round(box.bottom)} px), stays under the feedback button (top ${Math.round(button.y)} px)`);
      }
    }
    return [...problems];
  }, box);
}

const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/** Checks the page as it is now; adds what it finds to `problems`. */
async function checkPage(page: Page, label: string, problems: string[]) {
  const width = page.viewportSize()!.width;
  const where = `${label} at ${width} px`;
  if (label === 'draft-editor' && width < 768) {
    // Issue: at 375 px the title shrank to one letter beside the back link.
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    if (title.width < 200) problems.push(`${where}: the draft's title is ${Math.round(title.width)} px wide`);
  }
  for (const problem of await sidewaysProblems(page)) problems.push(`${where}: ${problem}`);
  for (const problem of await feedbackCoverProblems(page)) problems.push(`${where}: ${problem}`);
  if (process.env.NARROW_SHOTS) await page.screenshot({ path: path.join(SHOTS, `${width}-${label}.png`) });
  await expectNoSeriousA11yViolations(page, where).catch((error: Error) => problems.push(error.message));
}

/**
 * Opens each page the way a link in the app does (no reload: the session, the app and axe stay loaded),
 * and checks it at each width.
 */
async function checkPages(page: Page, visits: Visit[], problems: string[]) {
  for (const { path: address, label, ready } of visits) {
    await page.setViewportSize(WIDTHS[0]);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(address);
    if (ready) await ready(page);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      // Two frames: what the page measures after a resize (a table's scroll hint) is laid out again.
      // (A page the browser does not paint gets no frame: after a second it is measured as it stands, not waited on until the test times out.)
      await page.evaluate(() => new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); setTimeout(done, 1_000); }));
      await settle(page);
      await checkPage(page, label, problems);
    }
  }
}

/** The demo admin's API header, and the page opened on the app signed in as the admin (one sign-in for all its pages). */
async function asAdmin(page: Page): Promise<AuthHeader> {
  if (process.env.NARROW_SHOTS) await mkdir(SHOTS, { recursive: true });
  const headers = { Authorization: `Bearer ${await apiToken(page.request, DEMO.ADMIN.email)}` };
  await useSessionOf(page, 'ADMIN');
  await page.goto('/');
  await settle(page);
  return headers;
}

test('the compliance, drafting and admin pages at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = await asAdmin(page);
  const visits = await complianceDraftingAndAdminPages(page.request, headers, Date.now().toString(36));
  const problems: string[] = [];
  await checkPages(page, visits, problems);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the search, assistant, summary, chat and sign-in pages at 375 and 1280 px', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const headers = await asAdmin(page);
  const visits = await searchAssistantSummaryAndChatPages(page.request, headers, Date.now().toString(36));
  const problems: string[] = [];
  await checkPages(page, visits, problems);

  // The sign-in pages, signed out.
  const signedOut = await browser.newPage({ baseURL: test.info().project.use.baseURL, bypassCSP: true, reducedMotion: 'reduce' });
  await signedOut.goto('/auth/login');
  await checkPages(signedOut, AUTH_PAGES.map((address) => ({ path: address, label: address.slice(1).replace('/', '-') })), problems);
  await signedOut.close();
  expect(problems, problems.join('\n')).toEqual([]);
});
