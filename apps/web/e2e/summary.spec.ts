import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers';

// The Summarizer end to end on the demo city: fictional minutes uploaded as a file, summarized by the
// job, each motion shown with its votes and tied both ways to its words in the minutes, a follow-up
// answered from them with a quote, the summary reopened from the history, the motion's agenda item opened.
// Reduced motion: axe must not judge colours halfway through a transition.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

const MINUTES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'council-minutes.txt');
const BILL_TITLE = 'Personal Delivery Device Weight Limit Emergency Amendment Act of 2026';
const QUESTION = 'Who seconded the motion on Bill 26-677?';

/** Waits until the page has its heading and nothing is still loading, so axe sees the finished page. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

/** A motion's card (its heading is "Motion N"), found by words of the motion; the innermost, should it be an amendment inside its motion's card. */
const motionCard = (summary: Locator, words: string) =>
  summary.getByRole('listitem').filter({ has: summary.page().getByRole('heading', { level: 4, name: /^Motion \d+/ }) }).filter({ hasText: words }).last();

/** A fact of a motion ("Moved by" → "Alvarez"). */
const fact = (card: Locator, label: string) => card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** Signs in as the clerk, pastes the minutes under a title and summarizes them: the summary's region. */
async function summarizePasted(page: Page, minutes: string, title: string) {
  await signInAs(page, 'CLERK');
  await page.goto('/summary');
  await settle(page);
  await page.getByRole('tab', { name: 'Paste text' }).click();
  await page.getByLabel('Minutes or transcript text').fill(minutes);
  await page.getByLabel('Title (optional)').fill(title);
  await page.getByRole('button', { name: 'Summarize', exact: true }).click();
  return page.getByRole('region', { name: title, exact: true });
}

/** Asks a follow-up of a summary: the list item of its answer (headed by the question). */
async function askFollowUp(summary: Locator, question: string) {
  await summary.getByLabel('Your question about these minutes').fill(question);
  await summary.getByRole('button', { name: 'Ask', exact: true }).click();
  return summary.getByRole('listitem').filter({ has: summary.page().getByRole('heading', { level: 4, name: question }) });
}

/** The text of the highlighted span: overlapping elements may cut it into several marks. */
const activeText = async (source: Locator) => (await source.locator('mark[data-active]').allTextContents()).join('');

test('summarize uploaded minutes, follow each motion to its words, ask a follow-up and reopen it from the history', async ({ page }) => {
  test.slow();
  const title = `Legislative meeting of May 5, 2026 (${Date.now().toString(36)})`;
  await signInAs(page, 'CLERK');
  await page.goto('/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Summarizer' })).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'the Summarizer');

  await page.getByLabel('Minutes file').setInputFiles(MINUTES_FILE);
  await page.getByLabel('Title (optional)').fill(title);
  await page.getByRole('button', { name: 'Summarize', exact: true }).click();
  await expect(page).toHaveURL(/\/summary\?id=[^&]+/);

  // The summary is made by a job: the page polls it until the result arrives.
  const summary = page.getByRole('region', { name: title, exact: true });
  await expect(summary.getByRole('heading', { level: 3, name: 'Motions (3)' })).toBeVisible({ timeout: 60_000 });
  await expect(summary.getByText('Summarized by: the built-in offline engine')).toBeVisible();
  await expect(fact(summary, 'Presiding')).toHaveText('Harlan Whitfield');
  await expect(fact(summary, 'Date')).toHaveText('Tuesday, May 5, 2026');

  await test.step('each motion with its mover, seconder, outcome, tally and votes', async () => {
    const bill = motionCard(summary, 'to approve Bill 26-677');
    await expect(fact(bill, 'Moved by')).toHaveText('Alvarez');
    await expect(fact(bill, 'Seconded by')).toHaveText('Brooks');
    await expect(fact(bill, 'Item')).toContainText('26-');
    await expect(bill.getByTestId('motion-outcome')).toHaveText('Carried 5–2');
    await expect(bill.getByText('Roll call vote')).toBeVisible();
    const votes = bill.getByRole('table', { name: /^Votes on motion \d+$/ });
    await expect(votes.getByRole('row', { name: /Ellison/ })).toContainText('Nay');
    await expect(votes.getByRole('row', { name: /Alvarez/ })).toContainText('Aye');

    const referral = motionCard(summary, 'to refer Bill 26-702');
    await expect(fact(referral, 'Moved by')).toHaveText('Ellison');
    await expect(fact(referral, 'Seconded by')).toHaveText('Foster');
    await expect(referral.getByTestId('motion-outcome')).toHaveText('Failed');
    await expect(referral.getByText('Voice vote')).toBeVisible();

    const clerk = summary.getByRole('listitem').filter({ hasText: 'The Clerk will transmit' }).filter({ hasText: 'Owner:' });
    await expect(clerk).toContainText('Owner: Clerk');
    await expect(clerk).toContainText('Due: December 15, 2026');
    await expect(summary.getByRole('region', { name: 'Next meeting' })).toContainText('Tuesday, June 2, 2026');
  });

  const source = summary.getByRole('region', { name: 'Minutes text' });
  await test.step('a motion shows its words in the minutes, and the words lead back to their motion', async () => {
    const bill = motionCard(summary, 'to approve Bill 26-677');
    await bill.getByRole('button', { name: /^Motion \d+/ }).click();
    await expect(bill).toHaveAttribute('aria-current', 'true');
    const mark = source.locator('mark[data-active]').first();
    await expect(mark).toBeFocused();
    await expect(mark).toBeInViewport();
    expect(await mark.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await expect.poll(() => activeText(source)).toContain('Motion by Councilmember Alvarez, seconded by Councilmember Brooks, to approve Bill 26-677');
    await expect.poll(() => activeText(source)).toContain('Nays: Councilmembers Ellison, Foster');

    // Back from the text: the failed motion's words select its card.
    await source.locator('mark', { hasText: 'Ellison moved to refer' }).first().click();
    const referral = motionCard(summary, 'to refer Bill 26-702');
    await expect(referral).toHaveAttribute('aria-current', 'true');
    await expect(referral.getByRole('button', { name: /^Motion \d+/ })).toBeFocused();
    await expect(bill).not.toHaveAttribute('aria-current', 'true');
    await expect.poll(() => activeText(source)).toContain('Councilmember Ellison moved to refer Bill 26-702');
  });

  await expectNoSeriousA11yViolations(page, 'a summary');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page, 'a summary at 375 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  await test.step('a follow-up is answered from the minutes, with a quote that shows its place', async () => {
    const answer = await askFollowUp(summary, QUESTION);
    await expect(answer).toBeVisible({ timeout: 30_000 });
    await expect(answer).toContainText('Answered by: the built-in offline engine');
    const quote = answer.locator('blockquote').first();
    await expect(quote).toBeVisible();
    await answer.getByRole('button', { name: 'Show in the minutes' }).first().click();
    await expect(source.locator('mark[data-active]').first()).toBeFocused();
    await expect.poll(() => activeText(source)).toBe((await quote.textContent())!.trim());
  });

  await test.step('the history reopens the summary, and a reload keeps it', async () => {
    await page.goto('/summary');
    await settle(page);
    await expect(page.getByRole('region', { name: title, exact: true })).toHaveCount(0);
    await page.getByRole('region', { name: 'Your summaries', exact: true }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/summary\?id=[^&]+/);
    await expect(summary.getByRole('heading', { level: 3, name: 'Motions (3)' })).toBeVisible();
    await page.reload();
    await expect(summary.getByRole('heading', { level: 4, name: QUESTION })).toBeVisible();
    await settle(page);
    await expectNoSeriousA11yViolations(page, 'a summary with a follow-up');
  });

  await test.step('a question the minutes do not answer is said so, in the reader\'s language', async () => {
    const unsaid = 'What is the airport landing fee schedule?';
    const answer = await askFollowUp(summary, unsaid);
    await expect(answer).toContainText('The minutes do not say.', { timeout: 30_000 });
    await page.evaluate(() => localStorage.setItem('ui_language', 'es'));
    await page.reload();
    const leído = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: unsaid }) });
    await expect(leído).toContainText('Las actas no lo dicen.');
    await expect(leído).not.toContainText('The minutes do not say.');
    await page.evaluate(() => localStorage.setItem('ui_language', 'en'));
    await page.reload();
    await expect(summary.getByRole('heading', { level: 4, name: unsaid })).toBeVisible();
  });

  await test.step('the motion opens its agenda item', async () => {
    const agendaItem = motionCard(summary, 'to approve Bill 26-677').getByRole('link', { name: 'Open agenda item' });
    await expect(agendaItem, 'the server links the motion on B26-677 to its agenda item').toBeVisible();
    await agendaItem.click();
    // The agenda of May 5, 2026 (dc-lm-2026-05-05 in the demo data), opened at the bill's item.
    await expect(page).toHaveURL(/\/agenda\/[^/#]+#item-.+/);
    const itemId = decodeURIComponent(new URL(page.url()).hash.slice('#item-'.length));
    await expect(page.locator(`[id="item-${itemId}"]`).getByRole('heading', { level: 3 })).toHaveText(BILL_TITLE);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('May 5, 2026');
  });
});

test('minutes with an amendment by voice vote and a roll call on the main motion as amended: each vote under its motion, public comment without personal data', async ({ page }) => {
  test.slow();
  const title = `Housing bill first reading (${Date.now().toString(36)})`;
  const minutes = [
    'COUNCIL OF THE DISTRICT OF COLUMBIA',
    'LEGISLATIVE MEETING',
    'Tuesday, March 3, 2026',
    '',
    'The meeting was called to order at 10:04 a.m. by Chairman Mendelson in Room 500 of the John A. Wilson Building.',
    'Present: Chairman Mendelson; Councilmembers Allen, Bonds, Frumin, Henderson, Lewis George, Nadeau and Parker.',
    '',
    '2. Public comment. Ms. Jane Roe, of 1510 Park Road NW, phone 202-555-0199, spoke in support of the bill.',
    '',
    'Councilmember Nadeau moved approval of B26-0412 on first reading. Councilmember Lewis George seconded the motion. Councilmember Parker offered an amendment to delay the applicability date to October 1, 2026. Councilmember Frumin seconded the amendment. The amendment passed by voice vote. On the main motion as amended, the vote was 5-2: Yes: Chairman Mendelson, Councilmembers Allen, Frumin, Lewis George, and Nadeau. No: Councilmembers Bonds and Henderson. Present, not voting: Councilmember Parker. The motion carried.',
  ].join('\n');
  const summary = await summarizePasted(page, minutes, title);
  await expect(summary.getByRole('heading', { level: 3, name: 'Motions (2)' })).toBeVisible({ timeout: 60_000 });
  await expect(fact(summary, 'Place')).toHaveText('Room 500 of the John A. Wilson Building');

  // The roll call sits under the main motion; the amendment, under it, was decided by voice.
  const main = motionCard(summary, 'moved approval of B26-0412').first();
  await expect(main.getByTestId('motion-outcome').first()).toHaveText('Carried 5–2');
  const votes = main.getByRole('table', { name: 'Votes on motion 1' });
  await expect(votes.getByRole('row', { name: /Bonds/ })).toContainText('Nay');
  await expect(votes.getByRole('row', { name: /Parker/ })).toContainText('Abstain');
  await expect(votes.getByRole('row', { name: /Nadeau/ })).toContainText('Aye');
  // Decided as the adopted amendment changed it, and the card says so.
  await expect(main.getByTestId('motion-as-amended').first()).toHaveText('Decided as amended by motion 2 (below): the words above are as first moved.');
  const amendment = motionCard(summary, 'offered an amendment');
  await expect(amendment.getByTestId('motion-outcome')).toHaveText('Carried');
  await expect(amendment.getByText('Voice vote')).toBeVisible();
  await expect(amendment.getByRole('table')).toHaveCount(0);

  // Public comment names the speaker and what she said, never her address or phone.
  const comment = summary.getByRole('region', { name: 'Public comment (1)' });
  await expect(comment).toContainText('Jane Roe');
  await expect(comment).toContainText('spoke in support of the bill');
  await expect(comment).not.toContainText('1510 Park Road');
  await expect(comment).not.toContainText('555-0199');

  const question = 'What was the final vote on B26-0412?';
  const answer = await askFollowUp(summary, question);
  await expect(answer).toContainText('B26-0412 as amended carried 5-2 by roll call', { timeout: 30_000 });
  await expect(answer).toContainText('No: Bonds and Henderson');
  await page.screenshot({ path: test.info().outputPath('roll-call-under-main-motion.png'), fullPage: true });
});

test('a small city\'s minutes: a roll call written "Alvarez, aye; …", ayes named from "carried 3-2, with Brooks and Chen voting no", a motion to table said as such', async ({ page }) => {
  test.slow();
  const title = `Riverton council (${Date.now().toString(36)})`;
  const minutes = [
    'CITY OF RIVERTON',
    'REGULAR MEETING OF THE CITY COUNCIL',
    'Tuesday, October 14, 2025, 7:00 p.m.',
    'Council Chambers, 200 Main Street',
    '',
    'Mayor Linda Park called the meeting to order at 7:02 p.m.',
    'Present: Mayor Park, Councilmembers Alvarez, Brooks, Chen and Dunn. Absent: none.',
    '',
    'A. Item 5A: Contract with Harbor Paving for the Elm Street resurfacing project, $640,000.',
    'Councilmember Alvarez moved to award the contract to Harbor Paving in the amount of $640,000; seconded by Councilmember Dunn.',
    'Councilmember Chen moved to amend the motion to reduce the amount to $600,000; seconded by Councilmember Brooks. The amendment carried by voice vote.',
    'Roll call on the motion as amended: Alvarez, aye; Brooks, aye; Chen, aye; Dunn, nay; Mayor Park, aye. Motion carried 4-1.',
    '',
    'B. Item 5B: Ordinance 2025-12 establishing parking meters on Elm Street, first reading.',
    'Councilmember Dunn moved to table the item to November 11, 2025; seconded by Councilmember Alvarez. Motion carried 3-2, with Brooks and Chen voting no.',
  ].join('\n');
  const summary = await summarizePasted(page, minutes, title);
  await expect(summary.getByRole('heading', { level: 3, name: 'Motions (3)' })).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText('City Council, City of Riverton');

  // Every member's vote of the roll call, under the main motion.
  const contract = motionCard(summary, 'moved to award the contract').first();
  const votes = contract.getByRole('table', { name: /^Votes on motion/ });
  await expect(votes.getByRole('row', { name: /Dunn/ })).toContainText('Nay');
  await expect(votes.getByRole('row', { name: /Alvarez/ })).toContainText('Aye');
  await expect(votes.getByRole('row')).toHaveCount(6);
  // The ayes the record leaves unnamed but its count gives.
  const table = motionCard(summary, 'moved to table the item');
  await expect(table.getByRole('table').getByRole('row', { name: /Park/ })).toContainText('Aye');
  await expect(table.getByRole('table').getByRole('row', { name: /Chen/ })).toContainText('Nay');

  const question = 'What happened to the parking meter ordinance?';
  const answer = await askFollowUp(summary, question);
  await expect(answer).toContainText('The motion to table Ordinance 2025-12 until November 11, 2025 carried 3-2 by roll call', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('small-city-roll-call.png'), fullPage: true });
});
