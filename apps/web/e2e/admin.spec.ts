import { expect, test, type Page } from '@playwright/test';
import { DEMO, createActiveUser, signIn, signInAs, visibleToolTitles } from './helpers';

const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('the invite dialog shows what is wrong: empty fields, and an email already in use', async ({ page }) => {
  await signInAs(page, 'ADMIN');
  await page.goto('/admin?tab=users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('First name').fill('Taylor');
  await dialog.getByLabel('Last name').fill('Again');
  await dialog.getByLabel('Email').fill(DEMO.STAFF.email);
  await dialog.getByLabel('User name').fill(`again-${Date.now().toString(36)}`);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A user with this email already exists');
  await expect(dialog).toBeVisible();
});

test("an admin narrows a user's permissions: their session ends and the tools disappear", async ({ page, browser, request }) => {
  const user = await createActiveUser(request, 'narrowed');
  const userContext = await browser.newContext();
  const member = await userContext.newPage();
  await signIn(member, user.email, user.password, user.name);
  expect(await visibleToolTitles(member)).toContain('Compliance Check');

  await signInAs(page, 'ADMIN');
  await page.goto('/admin?tab=users');
  await userRow(page, user.email).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${user.name}` });
  await dialog.getByLabel('Compliance check').uncheck();
  await dialog.getByLabel('Code compliance report').uncheck();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User updated', { exact: true })).toBeVisible();

  // The old session no longer works; after signing in again the two tools are gone and locked.
  await member.goto('/');
  await expect(member).toHaveURL(/\/auth\/login$/);
  await signIn(member, user.email, user.password, user.name);
  const tools = await visibleToolTitles(member);
  expect(tools).not.toContain('Compliance Check');
  expect(tools).not.toContain('Code Compliance');
  expect(tools).toContain('Smart Search');
  await member.goto('/compliance');
  await expect(member.getByText('Access denied', { exact: true })).toBeVisible();
  await userContext.close();
});

test('deleting a user asks first, removes the row and ends their session', async ({ page, browser, request }) => {
  const user = await createActiveUser(request, 'leaver');
  const userContext = await browser.newContext();
  const member = await userContext.newPage();
  await signIn(member, user.email, user.password, user.name);

  await signInAs(page, 'ADMIN');
  await page.goto('/admin?tab=users');
  await userRow(page, user.email).getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${user.name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(userRow(page, user.email)).toBeVisible();
  await userRow(page, user.email).getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted', { exact: true })).toBeVisible();
  await expect(userRow(page, user.email)).toHaveCount(0);

  await member.goto('/summary');
  await expect(member).toHaveURL(/\/auth\/login$/);
  await userContext.close();
});

test('a superuser cannot give the Admin role, delete an admin or delete themselves', async ({ page }) => {
  await signInAs(page, 'SUPERUSER');
  await page.goto('/admin?tab=users');
  // A superuser manages its own city only: no location picker, the city named instead.
  await expect(page.getByRole('heading', { name: 'Users of District of Columbia' })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveCount(0);
  await expect(userRow(page, DEMO.ADMIN.email).getByRole('button', { name: /^Delete/ })).toBeDisabled();
  await expect(userRow(page, DEMO.ADMIN.email).getByRole('button', { name: /^Edit/ })).toBeDisabled();
  await expect(userRow(page, DEMO.SUPERUSER.email).getByRole('button', { name: /^Delete/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const roles = await page.getByRole('dialog', { name: 'Invite user' }).getByLabel('Role').locator('option').allInnerTexts();
  expect(roles).not.toContain('Admin');
  expect(roles).toContain('Clerk');
});

test('other roles get an access-denied page at /admin', async ({ page }) => {
  await signInAs(page, 'CITY_MANAGER');
  await page.goto('/admin');
  await expect(page.getByText('Only administrators (Admin and Superuser) can open the admin panel.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});
