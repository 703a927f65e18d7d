import { expect, test } from '@playwright/test';
import { DEMO, dominantHue, feedbackButton, signInAs } from './helpers';

test('feedback is sent with the page address and shows up in Admin Panel → Feedback reports', async ({ page, browser }) => {
  const description = `The summary page cut my text short (${Date.now()})`;
  await signInAs(page, 'STAFF');
  await page.goto('/summary');
  await feedbackButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Report Feedback' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send feedback' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Description').fill('   ');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Description').fill(description);
  await send.click();

  await expect(dialog).toBeHidden();
  const banner = page.getByText('Feedback submitted!', { exact: true });
  await expect(banner).toBeVisible();
  expect(await dominantHue(banner), 'the success banner is green').toBe('green');
  // It goes away by itself after 5 s, and the next report starts from an empty box.
  await expect(banner).toBeHidden({ timeout: 8_000 });
  await feedbackButton(page).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'ADMIN');
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Feedback reports' }).click();
  const row = admin.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await expect(row).toContainText('/summary');
  await expect(row).toContainText(DEMO.STAFF.email);
  await adminContext.close();
});

test('a failed feedback submission shows the red banner and keeps the text', async ({ page }) => {
  await signInAs(page, 'CLERK');
  await page.route('**/api/report/report-issue', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR","message":"boom"}' }),
  );
  await feedbackButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Report Feedback' });
  await dialog.getByLabel('Description').fill('This will not arrive');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();

  const banner = page.getByText('Something went wrong. Please try again.', { exact: true });
  await expect(banner).toBeVisible();
  expect(await dominantHue(banner), 'the failure banner is red').toBe('red');
  await expect(page.getByText('Feedback submitted!')).toHaveCount(0);
  await expect(dialog.getByLabel('Description')).toHaveValue('This will not arrive');

  // A dropped connection is a failure too; once the network is back, sending works.
  // (The first failure's banner is still up: the dropped request is awaited, and the form ready again, before the route goes;
  // unrouting while it was in flight had left it hanging and the button at "Sending…".)
  await page.route('**/api/report/report-issue', (route) => route.abort('connectionreset'));
  const dropped = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/report/report-issue'));
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await dropped;
  await expect(banner).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Feedback submitted!', { exact: true })).toBeVisible();
});
