import { expect, test, type Page } from '@playwright/test';
import { createActiveUser, sidebar, signIn, tokenOf } from './helpers';

// Each test signs in as a user of its own, so its conversation list holds only what it made.
test.beforeEach(async ({ page, request }, testInfo) => {
  const user = await createActiveUser(request, `conv${testInfo.workerIndex}`);
  await signIn(page, user.email, user.password, user.name);
});

/** Asks the Knowledge Assistant a question through the API (the way the page does); returns the new thread's id. */
async function startThread(page: Page, question: string): Promise<string> {
  const token = await tokenOf(page);
  const answer = await page.request.post('/api/municipal_code/generate', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { main_user_question: question },
  });
  expect(answer.ok(), `generate: ${answer.status()} ${await answer.text()}`).toBe(true);
  const threads = await page.request.get('/api/municipal_code/threads', { headers: { Authorization: `Bearer ${token}` } });
  const thread = ((await threads.json()) as { id: string; title: string }[]).find((t) => t.title === question);
  expect(thread, `a thread titled "${question}"`).toBeTruthy();
  return thread!.id;
}

const conversations = (page: Page) => sidebar(page).getByRole('region', { name: 'Conversations' });
const rowOf = (page: Page, title: string) =>
  conversations(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
// Radix renders each notice as an <li> in the Notifications region. While a modal dialog is open the
// region is aria-hidden (Radix announces notices through a separate live region), hence includeHidden.
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true }).locator('li');

async function openRowMenu(page: Page, title: string) {
  await rowOf(page, title).getByRole('button', { name: 'Conversation actions' }).click();
  return page.getByRole('menu');
}

test('the empty list explains itself; New starts a conversation with a notice', async ({ page }) => {
  await expect(conversations(page).getByText('No conversations yet', { exact: true })).toBeVisible();
  await expect(conversations(page).getByText('Start your first conversation to see it here', { exact: true })).toBeVisible();

  await conversations(page).getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/code-assistant$/);
  await expect(toast(page)).toContainText('New Conversation');
  // Notices never pile up: a second one replaces the first.
  await conversations(page).getByRole('button', { name: 'New' }).click();
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('New Conversation');
  await expect(toast(page)).toContainText('Started a new conversation');
});

test('conversations are listed newest first and open at /code-assistant/{id}', async ({ page }) => {
  const older = await startThread(page, 'Where may food trucks park?');
  await startThread(page, 'How tall may a fence be?');
  await page.reload();
  const links = conversations(page).getByRole('listitem').getByRole('link');
  await expect(links).toHaveText(['How tall may a fence be?', 'Where may food trucks park?']);
  await links.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/code-assistant/${older}$`));
  await expect(rowOf(page, 'Where may food trucks park?').getByRole('link')).toHaveAttribute('aria-current', 'page');
});

test('rename: the dialog is prefilled, refuses a blank name and saves the trimmed one', async ({ page }) => {
  await startThread(page, 'Noise rules at night');
  await page.reload();
  const menu = await openRowMenu(page, 'Noise rules at night');
  await menu.getByRole('menuitem', { name: 'Rename' }).click();

  const dialog = page.getByRole('dialog', { name: 'Rename conversation' });
  const name = dialog.getByLabel('Name');
  await expect(name).toHaveValue('Noise rules at night');
  const rename = dialog.getByRole('button', { name: 'Rename' });
  await name.fill('   ');
  await expect(rename).toBeDisabled();
  await name.press('Enter');
  await expect(dialog).toBeVisible();

  await name.fill('  Quiet hours  ');
  await rename.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Conversation renamed successfully');
  await expect(rowOf(page, 'Quiet hours')).toBeVisible();
  await expect(rowOf(page, 'Noise rules at night')).toHaveCount(0);
});

test('a failed rename says so and keeps the old name', async ({ page }) => {
  await startThread(page, 'Sidewalk snow removal');
  await page.reload();
  await page.route('**/api/municipal_code/rename-thread', (route) => route.fulfill({ status: 500, body: '{}' }));
  const menu = await openRowMenu(page, 'Sidewalk snow removal');
  await menu.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename conversation' });
  await dialog.getByLabel('Name').fill('Snow');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page)).toContainText('Failed to rename conversation');
  // The dialog stays open with the typed name, so the user can try again or cancel.
  await expect(dialog.getByLabel('Name')).toHaveValue('Snow');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, 'Sidewalk snow removal')).toBeVisible();
});

test('delete asks first, then removes the conversation and leaves the deleted page', async ({ page }) => {
  const doomed = await startThread(page, 'Permit for a backyard shed');
  await startThread(page, 'Dog licence fees');
  await page.goto(`/code-assistant/${doomed}`);
  await expect(rowOf(page, 'Permit for a backyard shed')).toBeVisible();

  let menu = await openRowMenu(page, 'Permit for a backyard shed');
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete conversation?' });
  await expect(confirm).toContainText('Permit for a backyard shed');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, 'Permit for a backyard shed')).toBeVisible();

  menu = await openRowMenu(page, 'Permit for a backyard shed');
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Conversation deleted successfully');
  await expect(page).toHaveURL(/\/code-assistant$/);
  await expect(rowOf(page, 'Permit for a backyard shed')).toHaveCount(0);
  await expect(rowOf(page, 'Dog licence fees')).toBeVisible();
  // The list was fetched again: the deletion holds after a reload too.
  await page.reload();
  await expect(rowOf(page, 'Dog licence fees')).toBeVisible();
  await expect(rowOf(page, 'Permit for a backyard shed')).toHaveCount(0);
});

test('a failed delete says so and keeps the conversation', async ({ page }) => {
  await startThread(page, 'Street vendor licences');
  await page.reload();
  await page.route('**/api/municipal_code/thread/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  const menu = await openRowMenu(page, 'Street vendor licences');
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete conversation?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Failed to delete conversation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, 'Street vendor licences')).toBeVisible();
});

test('share copies the conversation link to the clipboard, from the row menu and the top bar', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const id = await startThread(page, 'Rules for yard sales');
  await page.reload();
  // The top bar offers Share only while a conversation is open.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Share conversation' })).toHaveCount(0);
  const menu = await openRowMenu(page, 'Rules for yard sales');
  await menu.getByRole('menuitem', { name: 'Share' }).click();
  await expect(toast(page)).toContainText('Conversation link copied to clipboard');
  const expected = `${new URL(page.url()).origin}/code-assistant/${id}`;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  await page.evaluate(() => navigator.clipboard.writeText('something else'));
  await page.goto(`/code-assistant/${id}`);
  await page.getByRole('banner').getByRole('button', { name: 'Share conversation' }).click();
  await expect(toast(page)).toContainText('Conversation link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('a failed conversation list shows an error notice', async ({ page }) => {
  await page.route('**/api/municipal_code/threads', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/compliance');
  await expect(toast(page).first()).toContainText('Failed to load conversations');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('conversations are managed from the drawer', async ({ page }) => {
    await startThread(page, 'Parking on snow routes');
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    const row = drawer.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Parking on snow routes' }) });
    await row.getByRole('button', { name: 'Conversation actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename conversation' });
    await dialog.getByLabel('Name').fill('Snow route parking');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Conversation renamed successfully');
    const renamed = drawer.getByRole('link', { name: 'Snow route parking', exact: true });
    await expect(renamed).toBeVisible();

    // Opening it closes the drawer and shows the conversation.
    await renamed.click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/code-assistant\/[^/]+$/);
  });
});

test('a long title truncates: its star and actions stay inside the sidebar, and the whole title is its tooltip', async ({ page }) => {
  // 76 characters: a title is its question's first 80.
  const long = 'May the owner of a vacant lot on a residential street keep a food truck there?';
  await startThread(page, long);
  await page.reload();
  const row = rowOf(page, long);
  await expect(row.getByRole('link')).toHaveAttribute('title', long);
  const bar = await sidebar(page).boundingBox();
  for (const name of ['Star conversation', 'Conversation actions']) {
    const box = await row.getByRole('button', { name }).boundingBox();
    expect(box, name).toBeTruthy();
    expect(box!.x + box!.width, `${name} within the sidebar`).toBeLessThanOrEqual(bar!.x + bar!.width);
  }
  await row.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('long-title.png') });
});
