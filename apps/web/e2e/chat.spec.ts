import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs, tokenOf, waitForCodeIndex } from './helpers';

/**
 * The Legal Chatbot against the real server and the D.C. Code, answered by the built-in offline
 * engine, which streams word by word (CHAT_STREAM_PACE_MS). Assertions are about what a user sees:
 * the answer growing, its sources, Stop, the list of chats, not the wording of an answer.
 */
const FIRST = 'How many working days does an agency have to answer a records request?';
const SECOND = 'What may a public body charge for searching for and copying public records?';

// The app's CSP forbids inline scripts; axe-core is injected as one.
test.use({ bypassCSP: true });

const questionBox = (page: Page) => page.getByRole('textbox', { name: 'Your question' });
const answers = (page: Page) => page.getByTestId('chat-answer');
const chatList = (page: Page) => page.getByRole('region', { name: 'Your chats' });
/** The chat's row in the list, found by its address: other runs of the demo account may ask the same question. */
const chatRow = (page: Page, conversationId: string) =>
  chatList(page).getByRole('listitem').filter({ has: page.locator(`a[href="/chat?conversation=${encodeURIComponent(conversationId)}"]`) });
const textLength = (answer: Locator) => answer.getByTestId('chat-answer-text').evaluate((el) => el.textContent?.length ?? 0).catch(() => 0);

/** Records, in the page, the length of the newest answer and whether it is still streaming, every 10 ms. */
async function sampleNewestAnswer(page: Page) {
  await page.evaluate(() => {
    const samples: { length: number; phase: string | null }[] = [];
    (window as unknown as { chatSamples: typeof samples }).chatSamples = samples;
    setInterval(() => {
      const answer = [...document.querySelectorAll('[data-testid="chat-answer"]')].at(-1);
      const text = answer?.querySelector('[data-testid="chat-answer-text"]');
      samples.push({ length: text?.textContent?.length ?? 0, phase: answer?.getAttribute('data-phase') ?? null });
    }, 10);
  });
}

test('ask, watch the answer stream, stop one midway, and keep, reopen and delete the chat', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAs(page, 'CLERK');
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Legal Chatbot', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New chat', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'a new chat');

  // The first question: the answer grows while it streams, then its verified sources show.
  await sampleNewestAnswer(page);
  await questionBox(page).fill(FIRST);
  await questionBox(page).press('Enter');
  await expect(page.getByTestId('chat-question')).toContainText(FIRST);
  await expect(page.getByTestId('chat-announcer')).toHaveText('Answering your question…');
  const first = answers(page).last();
  await expect.poll(() => textLength(first)).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/chat-streaming.png' });

  // The whole answer streams at the suite's pace (CHAT_STREAM_PACE_MS) before its sources show.
  const card = first.getByTestId('citation-card').first();
  await expect(card).toBeVisible({ timeout: 90_000 });
  await expect(first).toHaveAttribute('data-phase', 'final');
  // Sampled before `done`: at least two lengths, the later one longer, both while streaming.
  const streamed = (await page.evaluate(() => (window as unknown as { chatSamples: { length: number; phase: string | null }[] }).chatSamples))
    .filter((s) => s.phase === 'streaming' && s.length > 0)
    .map((s) => s.length);
  expect(new Set(streamed).size, `distinct lengths seen while streaming: ${streamed.join(',')}`).toBeGreaterThanOrEqual(2);
  expect(streamed.at(-1)!).toBeGreaterThan(streamed[0]);
  expect(streamed.every((length, i) => i === 0 || length >= streamed[i - 1]), 'the answer only grows').toBe(true);

  const cited = /§\s?[\w.:-]+/.exec(await card.getByRole('heading').innerText())?.[0];
  expect(cited, 'the citation names a section').toBeTruthy();
  const citedNumbers = await first.getByTestId('citation-card').getByRole('heading').allInnerTexts();
  expect(citedNumbers.join(' '), 'the records law answers it').toMatch(/§ 2-53\d/);
  await expect(card.getByRole('img', { name: /^The quote appears word for word/ })).toBeVisible();
  await expect(first).toContainText('Answered by: Built-in offline engine');
  await expect(page.getByTestId('chat-announcer')).toHaveText(/^The answer is ready/);
  await expect(page).toHaveURL(/\/chat\?conversation=[^&]+$/);
  const conversationUrl = page.url();
  const conversationId = new URL(conversationUrl).searchParams.get('conversation')!;
  const row = chatRow(page, conversationId);
  await expect(row.getByRole('link')).toHaveAttribute('aria-current', 'page');
  await expect(row.getByRole('link')).toContainText(FIRST);
  await page.screenshot({ path: '/tmp/chat-answered.png' });
  await expectNoSeriousA11yViolations(page, 'an answered chat');

  // A citation opens its section in the code's section viewer, and focus comes back.
  const openSection = card.getByRole('button', { name: `Open section ${cited}` });
  await openSection.click();
  const viewer = page.getByTestId('section-viewer');
  await expect(viewer.getByRole('heading').first()).toContainText(cited!);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(openSection).toBeFocused();

  // A follow-up, stopped midway: the partial answer stays, stops growing and says it was stopped.
  // Meanwhile, at every frame, where Stop is on the screen: it must hold still under the pointer
  // while the answer grows above it.
  await page.evaluate(() => {
    const tops: number[] = [];
    (window as unknown as { stopTops: number[] }).stopTops = tops;
    const sample = () => {
      const stop = document.querySelector('button[aria-label="Stop the answer"]');
      if (stop) tops.push(Math.round(stop.getBoundingClientRect().top));
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await questionBox(page).fill(SECOND);
  await questionBox(page).press('Enter');
  const second = answers(page).nth(1);
  // As soon as the first words show (a locator wait, checked every frame), well before the end.
  await expect(second.getByTestId('chat-answer-text')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(second.getByTestId('chat-stopped')).toBeVisible();
  await expect(page.getByTestId('chat-announcer')).toHaveText('The answer was stopped.');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  const stopTops = await page.evaluate(() => (window as unknown as { stopTops: number[] }).stopTops);
  expect(stopTops.length, 'Stop was on the screen for some frames').toBeGreaterThan(0);
  expect(new Set(stopTops), `Stop's place on the screen at each frame: ${[...new Set(stopTops)].join(', ')}`).toHaveProperty('size', 1);
  await expect(questionBox(page)).toBeFocused();
  const stoppedAt = await textLength(second);
  expect(stoppedAt).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  expect(await textLength(second), 'nothing arrives after Stop').toBe(stoppedAt);
  await expect(second.getByTestId('citation-card')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/chat-stopped.png' });

  // Kept by the server: after a reload the chat is listed and open, the stopped answer still marked.
  await page.reload();
  await expect(page).toHaveURL(conversationUrl);
  await expect(row.getByRole('link')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('chat-question')).toHaveCount(2);
  await expect(answers(page).nth(1).getByTestId('chat-stopped')).toBeVisible();
  expect(await textLength(answers(page).nth(1)), 'the server kept what was streamed').toBeGreaterThan(0);
  await expect(answers(page).first().getByTestId('citation-card').first()).toBeVisible();

  // Delete, after a confirmation that starts on Cancel.
  await row.getByRole('button', { name: `Delete chat “${FIRST}”` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this chat?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'New chat', level: 2 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'New chat', level: 2 })).toBeVisible();
  await expect(chatList(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(row).toHaveCount(0);
});

test('a false premise is corrected first, from the sentence of the code that contradicts it', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signInAs(page, 'CLERK');
  await waitForCodeIndex(page);
  await page.goto('/chat');
  await questionBox(page).fill('Is it true that block parties can run until midnight?');
  await questionBox(page).press('Enter');
  const answer = answers(page).last();
  await expect(answer).toHaveAttribute('data-phase', 'final', { timeout: 60_000 });
  const sentence = answer.getByTestId('answer-sentence');
  await expect(sentence).toContainText('No. The question assumes block parties can run until midnight, but the code says otherwise: § 9-632(b)(2): “All activity for a block party shall conclude by 10 p.m.”');
  await expect(answer.getByTestId('citation-card').first().getByRole('heading')).toContainText('§ 9-632(b)(2)');
  // The page, not the answer's element: the answer is drawn again after its stream ends, and an element
  // screenshot taken at that moment found its element detached (CI, once, the assertions above all passed).
  await page.screenshot({ path: test.info().outputPath('premise.png') });
});

test("a source card keeps its number and heading on a line, its marks below them, at 1400 px", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signInAs(page, 'CLERK');
  await waitForCodeIndex(page);
  await page.goto('/chat');
  await questionBox(page).fill('A District employee got hurt on the job last week. By when do they need to tell their supervisor in writing?');
  await questionBox(page).press('Enter');
  const answer = answers(page).last();
  await expect(answer).toHaveAttribute('data-phase', 'final', { timeout: 60_000 });
  const headings = answer.getByTestId('citation-card').getByRole('heading');
  await expect(headings.first()).toBeVisible();
  // Issue: the cards squeezed "§ 32-1507(a-1" and its heading into a column beside "Related, does not answer this question".
  const widths = await headings.evaluateAll((hs) => hs.map((h) => Math.round(h.getBoundingClientRect().width)));
  expect(widths.filter((w) => w < 180), `heading widths ${widths.join(', ')}`).toEqual([]);
});

test('a question the server refuses keeps its text in the box, with the server’s message', async ({ page }) => {
  await signInAs(page, 'CLERK');
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  // A chat made through the API, opened, then deleted elsewhere (another tab, say) before the follow-up.
  const made = await page.request.post('/api/chat/legal', { headers, data: { message: 'Who may inspect public records?' } });
  const id = /"conversation_id":"([^"]+)"/.exec(await made.text())?.[1];
  expect(id, 'the stream names its conversation').toBeTruthy();
  await page.goto(`/chat?conversation=${id}`);
  await expect(answers(page)).toHaveCount(1);
  expect((await page.request.delete(`/api/chat/conversations/${id}`, { headers })).ok()).toBe(true);

  await questionBox(page).fill('And how fast must they answer?');
  await questionBox(page).press('Enter');
  await expect(page.getByRole('alert')).toContainText('Conversation not found');
  await expect(questionBox(page)).toHaveValue('And how fast must they answer?');
  await expect(page.getByTestId('chat-question')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'a failed question');

  // An address naming no chat of the caller's says so, and offers a new chat.
  await page.goto('/chat?conversation=not-a-conversation');
  await expect(page.getByText('This chat no longer exists')).toBeVisible();
  await page.getByRole('button', { name: 'New chat' }).last().click();
  await expect(page).toHaveURL(/\/chat$/);
});
