import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, signInAs } from './helpers';

// The app's CSP forbids inline scripts (rightly); axe-core is injected as one, so the test lets it in.
test.use({ bypassCSP: true });

const auditTable = (page: Page) => page.getByRole('table', { name: 'Audit log' });
const rowsOf = (page: Page) => auditTable(page).locator('tbody tr');

async function filterBy(page: Page, filters: { action?: string; actor?: string }) {
  const form = page.getByRole('form', { name: 'Audit log filters' });
  if (filters.action) await form.getByLabel('Action').selectOption({ label: filters.action });
  if (filters.actor !== undefined) await form.getByLabel('User email').fill(filters.actor);
  await form.getByRole('button', { name: 'Apply filters' }).click();
}

test('a failed sign-in elsewhere shows in the audit log, and the log filters by action', async ({ page, browser }) => {
  // Someone else, in another browser, tries a password that is wrong.
  const intruder = `intruder-${Date.now().toString(36)}@example.org`;
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/auth/login');
  await other.getByLabel('Email or user name').fill(intruder);
  await other.getByLabel('Password', { exact: true }).fill(`${DEMO_PASSWORD}-guess`);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('alert')).toBeVisible();
  await elsewhere.close();

  await signInAs(page, 'ADMIN');
  await page.goto('/admin?tab=audit');
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  const failed = rowsOf(page).filter({ hasText: intruder });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Failed sign-in');
  await expect(failed).toContainText('reason: unknown_account');
  await expect(failed).not.toContainText(`${DEMO_PASSWORD}-guess`);
  await expectNoSeriousA11yViolations(page, 'Admin Panel → Audit log');

  // Only failed sign-ins: the intruder's row stays, the admin's own sign-in goes.
  await filterBy(page, { action: 'Failed sign-in' });
  await expect(rowsOf(page).filter({ hasText: DEMO.ADMIN.email })).toHaveCount(0);
  await expect(rowsOf(page).filter({ hasText: intruder })).toHaveCount(1);
  for (const text of await rowsOf(page).locator('td:nth-child(3)').allInnerTexts()) expect(text).toBe('Failed sign-in');

  // Only sign-ins that worked: the admin's is there, the intruder's is not.
  await filterBy(page, { action: 'Signed in' });
  await expect(rowsOf(page).filter({ hasText: DEMO.ADMIN.email }).first()).toBeVisible();
  await expect(rowsOf(page).filter({ hasText: intruder })).toHaveCount(0);

  // A filter that matches nothing says so.
  await filterBy(page, { actor: intruder });
  await expect(rowsOf(page)).toHaveText(['No events match these filters.']);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rowsOf(page).filter({ hasText: intruder })).toHaveCount(1);
});

test('the audit log is not in reach of other roles', async ({ page }) => {
  await signInAs(page, 'STAFF');
  await page.goto('/admin?tab=audit');
  await expect(page.getByText('Only administrators (Admin and Superuser) can open the admin panel.')).toBeVisible();
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/admin/audit', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    return { status: res.status, body: await res.json() };
  });
  expect(answer).toEqual({ status: 403, body: { code: 'ACCESS_DENIED', message: 'You do not have permission to do this' } });
});
