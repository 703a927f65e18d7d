import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, feedbackButton, toolsNav, topBar, useSessionOf } from './helpers';

// Every page of spec §2 reachable in the shell, plus each admin tab. The tools are reached the way a
// user does, through the sidebar (which also spares a full page load each).
const TOOL_PAGES: [string, RegExp][] = [
  ['Knowledge Assistant', /\/code-assistant$/],
  ['Compliance Check', /\/compliance$/],
  ['Code Compliance', /\/compliance\/code$/],
  ['Draft Collection', /\/drafting-history$/],
  ['Summarizer', /\/summary$/],
  ['Legal Chatbot', /\/chat$/],
];
const ADMIN_TABS = ['Users', 'Mail outbox', 'Feedback reports', 'Analytics', 'Locations & organizations'];
const LAYOUT_PAGES = ['/draft/x', '/ordinance/x', '/pdf-viewer'];
const AUTH_PAGES = ['/auth/login', '/auth/welcome', '/auth/complete-registration', '/auth/forgot-password'];

// The app's CSP forbids inline scripts (rightly); axe-core is injected as one, so the test lets it in.
test.use({ bypassCSP: true });

/** Waits until the page has its heading and nothing is still loading, so axe sees the finished page. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

// The groups below are separate tests so that both workers share them.
test.describe.configure({ mode: 'parallel' });

test('the tool pages have no serious or critical axe violations', async ({ page }) => {
  await useSessionOf(page, 'ADMIN');
  await page.goto('/');
  await settle(page);
  await expectNoSeriousA11yViolations(page, '/');
  for (const [title, url] of TOOL_PAGES) {
    await toolsNav(page).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(url);
    await settle(page);
    await expectNoSeriousA11yViolations(page, title);
  }
});

test('every admin tab has no serious or critical axe violations', async ({ page }) => {
  await useSessionOf(page, 'ADMIN');
  await page.goto('/admin');
  for (const tab of ADMIN_TABS) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await settle(page);
    await expectNoSeriousA11yViolations(page, `Admin Panel → ${tab}`);
  }
});

test('the drafting and viewer pages have no serious or critical axe violations', async ({ page }) => {
  await useSessionOf(page, 'ADMIN');
  for (const path of LAYOUT_PAGES) {
    await page.goto(path);
    await settle(page);
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('the public /auth pages have no serious or critical axe violations', async ({ page }) => {
  for (const path of AUTH_PAGES) {
    await page.goto(path);
    await settle(page);
    await expectNoSeriousA11yViolations(page, path);
  }
  // The later steps of the reset form, and a shown error, are part of the same pages.
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill('nobody@example.org');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/auth/forgot-password step 2');
  await page.goto('/auth/login');
  await page.getByLabel('Email or user name').fill('nobody@example.org');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/auth/login with an error');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the shell, its drawer and the dialogs have no serious or critical axe violations', async ({ page }) => {
    await useSessionOf(page, 'ADMIN');
    await page.goto('/compliance');
    await settle(page);
    await expectNoSeriousA11yViolations(page, '/compliance at 375 px');

    await topBar(page).getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the navigation drawer');
    await page.keyboard.press('Escape');

    await feedbackButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Report Feedback' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the feedback dialog');
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=users');
    await settle(page);
    await page.getByRole('button', { name: 'Invite user' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the invite dialog');
  });
});
