import { expect, test, type Page } from '@playwright/test';
import { createActiveUser, expectNoSeriousA11yViolations, sidebar, signIn, signInAs, tokenOf, waitForCodeIndex } from './helpers';

/**
 * The Knowledge Assistant pages against the real server and the D.C. Code, answered by the
 * built-in offline engine. Assertions are about what a user sees, not about the wording of an
 * answer, which depends on ranking.
 */
const QUESTION = 'How many days does an agency have to respond to a FOIA request?';
const RENAMED = 'FOIA response deadlines';

// The app's CSP forbids inline scripts; axe-core is injected as one.
test.use({ bypassCSP: true });

const questionBox = (page: Page) => page.getByRole('textbox', { name: 'Your question' });
const answers = (page: Page) => page.getByTestId('answer-card');
const conversationRow = (page: Page, title: string) =>
  sidebar(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function rowMenuItem(page: Page, title: string, item: 'Rename' | 'Share') {
  await conversationRow(page, title).getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('ask, check a citation, follow up, rename, share, and read the shared link as a colleague', async ({ page, browser, context, request, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // A user of its own (of DC), so its conversation list holds only what this test made.
  const owner = await createActiveUser(request, 'asker');
  await signIn(page, owner.email, owner.password, owner.name);

  await page.goto('/code-assistant');
  const webSearch = page.getByRole('switch', { name: 'Search the web' });
  await expect(webSearch).toBeDisabled();
  await expect(webSearch).toHaveAccessibleDescription(/^Unavailable: .+/);
  await expect(page.getByRole('switch', { name: 'Search the municipal code' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'a new conversation');

  // Answers can take a fraction of a second; hold this one back so the progress state is seen.
  await page.route('**/api/municipal_code/generate', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await questionBox(page).fill(QUESTION);
  await questionBox(page).press('Enter');
  await expect(page.getByTestId('question-turn')).toContainText(QUESTION);
  await expect(page.getByRole('status').filter({ hasText: 'Searching the code…' })).toBeVisible();
  await expect(page).toHaveURL(/\/code-assistant\/[^/]+$/);
  await page.unroute('**/api/municipal_code/generate');
  const threadId = new URL(page.url()).pathname.split('/').pop()!;

  const firstAnswer = answers(page).first();
  await expect(firstAnswer).toContainText('Answered by: Built-in offline engine');
  const citation = firstAnswer.getByTestId('citation-card').first();
  await expect(citation.getByRole('img', { name: /^The quote appears word for word/ })).toBeVisible();
  await expect(citation.locator('blockquote')).not.toBeEmpty();
  const citedNumber = /§\s?[\w.:-]+/.exec(await citation.getByRole('heading').innerText())?.[0];
  expect(citedNumber, 'the citation names a section').toBeTruthy();
  // The sidebar's list is refetched after a new chat and shows the thread, titled from the question.
  await expect(conversationRow(page, QUESTION)).toBeVisible();

  // The citation opens in the section viewer: the same section, the quote highlighted, its sources.
  const openSection = citation.getByRole('button', { name: `Open section ${citedNumber}` });
  await openSection.click();
  const viewer = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(citedNumber!)}\\.`) });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('mark')).toBeVisible();
  const officialSource = viewer.getByRole('link', { name: /Official source/ });
  await expect(officialSource).toHaveAttribute('target', '_blank');
  await expect(officialSource).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(viewer.getByRole('heading', { name: 'Amended by' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the section viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(openSection).toBeFocused();

  // Copy answer puts the answer and its sources on the clipboard; Draft email drafts from it.
  await firstAnswer.getByRole('button', { name: 'Copy answer' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(citedNumber!);
  const draftButton = firstAnswer.getByRole('button', { name: 'Draft email' });
  await draftButton.click();
  const emailDialog = page.getByRole('dialog', { name: 'Draft an email' });
  await expect(emailDialog.getByLabel('Subject')).toHaveValue(/\S/);
  await expect(emailDialog.getByLabel('Message')).toHaveValue(/^Dear resident/);
  await emailDialog.getByRole('radio', { name: 'A colleague' }).check();
  await expect(emailDialog.getByLabel('Message')).toHaveValue(/^Hello/);
  await expectNoSeriousA11yViolations(page, 'the draft email dialog');
  await page.keyboard.press('Escape');
  await expect(draftButton).toBeFocused();

  // A follow-up continues the same conversation, in place.
  const followUp = page.getByRole('textbox', { name: 'Ask a follow-up question' });
  await followUp.fill('What about appeals?');
  await followUp.press('Enter');
  await expect(answers(page)).toHaveCount(2);
  await expect(page.getByTestId('question-turn')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`/code-assistant/${threadId}$`));
  await expect(followUp).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'a conversation with a follow-up');

  // Rename from the sidebar's menu; the page title follows.
  await rowMenuItem(page, QUESTION, 'Rename');
  const renameDialog = page.getByRole('dialog', { name: 'Rename conversation' });
  await renameDialog.getByLabel('Name').fill(RENAMED);
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  await expect(conversationRow(page, RENAMED)).toBeVisible();

  // Share copies origin + /code-assistant/{id}.
  await rowMenuItem(page, RENAMED, 'Share');
  const shareLink = `${new URL(page.url()).origin}/code-assistant/${threadId}`;
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);

  // A colleague of the same city opens the link: read-only, no question box, not in their list.
  const colleagueContext = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 1280, height: 800 } });
  const colleague = await colleagueContext.newPage();
  await signInAs(colleague, 'CLERK');
  await colleague.goto(shareLink);
  await expect(colleague.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  await expect(colleague.getByText(`This conversation belongs to ${owner.name}`)).toBeVisible();
  await expect(answers(colleague)).toHaveCount(2);
  await expect(colleague.getByRole('textbox')).toHaveCount(0);
  await expect(conversationRow(colleague, RENAMED)).toHaveCount(0);
  await expectNoSeriousA11yViolations(colleague, 'a shared conversation, read-only');
  // The server agrees: the colleague cannot continue it.
  const continued = await colleague.request.post('/api/municipal_code/generate', {
    headers: { Authorization: `Bearer ${await tokenOf(colleague)}` },
    multipart: { main_user_question: 'And fees?', thread_id: threadId },
  });
  expect(continued.status()).toBe(404);
  await colleagueContext.close();
});

test('a follow-up keeps the thread\'s subject: the answer sentence, set apart from the quotes, names the extension', async ({ page, request }) => {
  test.setTimeout(150_000);
  const owner = await createActiveUser(request, 'follower');
  await signIn(page, owner.email, owner.password, owner.name);
  await waitForCodeIndex(page);
  await page.goto('/code-assistant');
  await questionBox(page).fill('How long does the District have to respond to a FOIA request?');
  await questionBox(page).press('Enter');
  const first = answers(page).first();
  // The first sentence answers: the period, with the paragraph that sets it.
  await expect(first.getByTestId('answer-sentence')).toContainText(/15 days.*§ 2-532\(c\)\(1\)/);
  await expect(first.getByTestId('answer-sentence').getByRole('heading', { name: 'In short' })).toBeVisible();

  const followUp = page.getByRole('textbox', { name: 'Ask a follow-up question' });
  await followUp.fill('Can that be extended?');
  await followUp.press('Enter');
  await expect(answers(page)).toHaveCount(2);
  const second = answers(page).nth(1);
  // On the records-request subject, not whatever else the code lets be extended.
  await expect(second.getByTestId('answer-sentence')).toContainText(/^In short\s*Yes — § 2-532\(d\)\(1\): “In unusual circumstances, the time limits .* may be extended/);
  await expect(second.getByTestId('citation-card').first().getByRole('heading')).toContainText('§ 2-532(d)(1)');
  // The thread re-renders once the conversation's address is set: the picture is taken of the answer as it then stands.
  await expect(async () => {
    await second.screenshot({ path: test.info().outputPath('follow-up.png'), timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'an answer sentence set apart');
});

test('a failed question keeps what was typed and says why, in the words of spec §8', async ({ page }) => {
  await signInAs(page, 'STAFF');
  await page.goto('/code-assistant');
  await page.route('**/api/municipal_code/generate', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await questionBox(page).fill('Who maintains street trees?');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByRole('alert')).toContainText('Unknown error occurred');
  await expect(questionBox(page)).toHaveValue('Who maintains street trees?');
  await expect(page).toHaveURL(/\/code-assistant$/);

  await page.unroute('**/api/municipal_code/generate');
  await page.route('**/api/municipal_code/generate', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }));
  await questionBox(page).press('Enter');
  await expect(page.getByRole('alert')).toContainText('No data received from server');
  await expect(questionBox(page)).toHaveValue('Who maintains street trees?');
});

test('only PDF, DOCX and TXT files can be attached', async ({ page }) => {
  await signInAs(page, 'STAFF');
  await page.goto('/code-assistant');
  const picker = page.locator('input[type=file]');
  await picker.setInputFiles([
    { name: 'site-photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    { name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Street trees are maintained by the District.') },
  ]);
  await expect(page.getByRole('alert')).toContainText('“site-photo.png” was not attached');
  const attached = page.getByRole('list', { name: 'Attached files' });
  await expect(attached).toContainText('memo.txt');
  await attached.getByRole('button', { name: 'Remove memo.txt' }).click();
  await expect(attached).toHaveCount(0);
});

test('a question the code does not answer directly: said plainly, § 8-1808 listed as related, no mark saying it answers; then in Spanish (issue 30)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const owner = await createActiveUser(request, 'chickens');
  await signIn(page, owner.email, owner.password, owner.name);
  await waitForCodeIndex(page);
  await page.goto('/code-assistant');
  await questionBox(page).fill('Can I keep chickens in my backyard in D.C.?');
  await questionBox(page).press('Enter');
  const answer = answers(page).first();
  const plain = answer.getByTestId('answer-not-direct');
  await expect(plain).toContainText('The District of Columbia code does not answer this question directly.');
  await expect(answer.getByRole('heading', { name: 'Not answered directly' }).first()).toBeVisible();
  // Nothing on the page says it is the answer: no green mark, no "In short" verdict.
  await expect(answer.getByTestId('states-answer')).toHaveCount(0);
  await expect(answer.getByTestId('answer-sentence')).toHaveCount(0);
  const related = answer.getByRole('heading', { name: 'Related provisions' });
  await expect(related).toBeVisible();
  const dyeing = answer.getByTestId('citation-card').filter({ hasText: '§ 8-1808' });
  await expect(dyeing).toHaveCount(1);
  await expect(dyeing.getByRole('img', { name: /^This provision is on a related subject/ })).toBeVisible();
  await expect(dyeing.getByText('Related, does not answer this question')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('not-answered-directly.png'), fullPage: true });

  // A Spanish reader: the product's sentence and the engine in Spanish, the law's words as they are.
  await page.evaluate(() => localStorage.setItem('ui_language', 'es'));
  await page.reload();
  const again = answers(page).first();
  await expect(again.getByTestId('answer-not-direct')).toContainText('El código de District of Columbia no responde directamente a esta pregunta.');
  await expect(again).toContainText('Motor integrado sin conexión');
  await expect(again.getByTestId('citation-card').filter({ hasText: '§ 8-1808' })).toContainText('natural color of a baby chicken');
  await page.screenshot({ path: test.info().outputPath('not-answered-directly-es.png'), fullPage: true });
});

test("the engine's own words in the reader's language: 'Yes —' becomes 'Sí —', an unconfirmed claim is named (issue 30)", async ({ page, request }) => {
  test.setTimeout(150_000);
  const owner = await createActiveUser(request, 'verdict-es');
  await signIn(page, owner.email, owner.password, owner.name);
  await waitForCodeIndex(page);
  await page.goto('/code-assistant');
  await questionBox(page).fill('How many days does an agency have to answer a FOIA request?');
  await questionBox(page).press('Enter');
  await expect(answers(page).first().getByTestId('answer-sentence')).toContainText('Within 15 days');
  const followUp = page.getByRole('textbox', { name: 'Ask a follow-up question' });
  await followUp.fill('Can they get more time?');
  await followUp.press('Enter');
  const more = answers(page).nth(1).getByTestId('answer-sentence');
  await expect(more).toContainText('Yes — § 2-532(d)(1)');

  // A Spanish reader: the product's "Yes" in Spanish, the law's words as the law wrote them.
  await page.evaluate(() => localStorage.setItem('ui_language', 'es'));
  await page.reload();
  const again = answers(page).nth(1).getByTestId('answer-sentence');
  await expect(again).toContainText('Sí — § 2-532(d)(1): “In unusual circumstances');
  await page.screenshot({ path: test.info().outputPath('verdict-es.png'), fullPage: true });

  // A claim the provisions found neither confirm nor contradict is named, and no curfew hour is given as if it held.
  await page.goto('/code-assistant');
  const pregunta = page.getByRole('textbox', { name: 'Su pregunta' });
  await pregunta.fill('My son is 17. Since the DC curfew covers everyone under 18, what time does he have to be off the street on a Friday?');
  await pregunta.press('Enter');
  const plain = answers(page).first().getByTestId('answer-not-direct');
  await expect(plain).toContainText('La pregunta supone que the DC curfew covers everyone under 18; las disposiciones del código de District of Columbia encontradas no lo confirman ni lo contradicen.');
  await expect(answers(page).first().getByTestId('states-answer')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('premise-unconfirmed-es.png'), fullPage: true });
});
