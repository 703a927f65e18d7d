import { expect, test } from '@playwright/test';
import { DEMO, DEMO_CITY, DEMO_PASSWORD, SERVER_URL, sidebar, signInAs, topBar, visibleToolTitles, type DemoRole } from './helpers';

// Spec §6 with the default permissions of decisions.md, in the order of the navigation.
const ALL_TOOLS = [
  'Smart Search',
  'Knowledge Assistant',
  'Compliance Check',
  'Code Compliance',
  'Draft Collection',
  'Ordinance Search',
  'Summarizer',
  'Legal Chatbot',
];
const OFFICIAL_TOOLS = ['Smart Search', 'Knowledge Assistant', 'Ordinance Search', 'Summarizer', 'Legal Chatbot'];
const EXPECTED: Record<DemoRole, { tools: string[]; admin: boolean }> = {
  ADMIN: { tools: ALL_TOOLS, admin: true },
  SUPERUSER: { tools: ALL_TOOLS, admin: true },
  MAYOR: { tools: OFFICIAL_TOOLS, admin: false },
  STAFF: { tools: ALL_TOOLS, admin: false },
  CITY_COUNCILLOR: { tools: OFFICIAL_TOOLS, admin: false },
  CLERK: { tools: ALL_TOOLS, admin: false },
  CITY_MANAGER: { tools: ALL_TOOLS, admin: false },
};

for (const role of Object.keys(EXPECTED) as DemoRole[]) {
  test(`${role} sees their tools, name and city, and the admin links only if an admin; logout ends the session`, async ({ page }) => {
    const expected = EXPECTED[role];
    await signInAs(page, role);

    expect(await visibleToolTitles(page)).toEqual(expected.tools);
    await expect(page).toHaveTitle('CivicDesk');
    // The avatar shows the initial of the name, then the name and the city.
    await expect(topBar(page).getByText(DEMO[role].name[0], { exact: true })).toBeVisible();
    await expect(topBar(page).getByText(DEMO[role].name, { exact: true })).toBeVisible();
    await expect(topBar(page).getByText(DEMO_CITY, { exact: true })).toBeVisible();

    const adminPanel = sidebar(page).getByRole('link', { name: 'Admin Panel' });
    const adminDashboard = topBar(page).getByRole('link', { name: 'Admin Dashboard' });
    const settings = sidebar(page).getByRole('button', { name: 'Settings' });
    if (expected.admin) {
      await expect(adminPanel).toBeVisible();
      await expect(adminDashboard).toBeVisible();
      await expect(settings).toHaveCount(0);
      await adminDashboard.click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Access denied')).toHaveCount(0);
    } else {
      await expect(adminPanel).toHaveCount(0);
      await expect(adminDashboard).toHaveCount(0);
      await expect(settings).toBeVisible();
      await expect(settings).toBeDisabled();
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to CivicDesk' })).toBeVisible();
  });
}

test('a wrong password shows the generic error and stays on the sign-in page', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email or user name').fill(DEMO.CLERK.email);
  await page.getByLabel('Password', { exact: true }).fill(`${DEMO_PASSWORD}-wrong`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = page.getByRole('alert');
  await expect(error).toBeVisible();
  const message = (await error.innerText()).trim();
  // The same words for an unknown account: the answer must not tell which part was wrong.
  await page.getByLabel('Email or user name').fill('nobody-here@civicdesk.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(message);
  expect(message).not.toMatch(/not found|no such|unknown user/i);
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test("the 'Loading...' gate sends a visitor without a token to /auth/login", async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/compliance');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('after signing in, the gate returns the user to the page they asked for', async ({ page }) => {
  await page.goto('/summary');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email or user name').fill(DEMO.STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Summarizer' })).toBeVisible();
});

test('/login typed by hand opens the sign-in form, and signing in lands on the home page', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to CivicDesk' })).toBeVisible();
  await page.getByLabel('Email or user name').fill(DEMO.ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${SERVER_URL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Search' })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
  // Signed in, the same address is the home page again.
  await page.goto('/login');
  await expect(page).toHaveURL(`${SERVER_URL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Search' })).toBeVisible();
});

test("'Loading...' shows while the session is checked, then the page", async ({ page }) => {
  await signInAs(page, 'CLERK');
  // Hold the session check so the gate's spinner can be seen; release it and the shell appears.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/compliance');
  await expect(page.getByRole('status').getByText('Loading...', { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Check' })).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
});

test('a garbage token is not a session: the gate signs out to /auth/login', async ({ page }) => {
  await page.goto('/auth/login');
  await page.evaluate(() => localStorage.setItem('access_token', 'not-a-token'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a forged token the server rejects ends on /auth/login with the session cleared', async ({ page }) => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = [
    encode({ alg: 'HS256', typ: 'JWT' }),
    encode({ sub: 'someone', role: 'ADMIN', feature_permissions: [], exp: Math.floor(Date.now() / 1000) + 3600 }),
    'forged-signature',
  ].join('.');
  await page.goto('/auth/login');
  await page.evaluate((token) => localStorage.setItem('access_token', token), forged);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('signing in while offline says so instead of failing silently', async ({ page, context }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email or user name').fill(DEMO.CLERK.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('You appear to be offline. Check your internet connection.');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the language menu switches the interface and the page language, and remembers the choice', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión en CivicDesk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión en CivicDesk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
