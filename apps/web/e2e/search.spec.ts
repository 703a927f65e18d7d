import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectNoSeriousA11yViolations, signInAs } from './helpers';

/**
 * Smart Search on the demo city's real data (D.C. laws and their reconstructed meetings), the
 * ordinance, agenda and document pages, through the built app and the real server.
 */

// The app's CSP forbids inline scripts; axe-core is injected as one.
test.use({ bypassCSP: true });

// Searches over 10k records on a shared two-core machine: allow for a slow moment.
const SLOW = { timeout: 20_000 };

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search agendas, ordinances and documents' });
const resultTitles = (page: Page) => page.getByRole('main').locator('ol article h3');
const resultsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d,]+ results?$/ });

/** Waits until nothing on the page is loading, so what is asserted (or scanned) is the finished page. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, SLOW);
  await expect(page.locator('.animate-pulse')).toHaveCount(0, SLOW);
}

async function pdfWithText(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

/** A "scanned" page: only drawn shapes, no text layer. */
async function pdfWithoutText(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawRectangle({ x: 72, y: 500, width: 300, height: 200, borderWidth: 2 });
  return Buffer.from(await pdf.save());
}

/** A word no D.C. law contains, so only the uploaded file can match it. */
const uniqueWord = () => `quillmarsh${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('search, misspell, filter by date, open an ordinance and ask a follow-up', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'CLERK');
  await expect(page.getByRole('tab', { name: 'Home', selected: true })).toBeVisible();

  // Typing searches on its own (debounced) and moves to the SEARCH tab, state in the address.
  await searchBox(page).fill('snow removal');
  await expect(page).toHaveURL(/[?&]tab=search/);
  await expect(page).toHaveURL(/[?&]q=snow\+removal/);
  await expect(resultsHeading(page)).toBeVisible(SLOW);
  await expect(page.getByText(/^for “snow removal” · in \d+ ms$/)).toBeVisible();
  await expect(resultTitles(page).first()).toContainText(/snow removal/i);
  await expect(page.getByText(/^Showing results for similar spellings/)).toHaveCount(0);

  // A misspelling still finds the measures, says so, and highlights the real words.
  await searchBox(page).fill('snwo removal');
  await expect(page.getByText(/^Showing results for similar spellings: “snwo” as “snow/)).toBeVisible(SLOW);
  await expect(resultTitles(page).first()).toContainText(/snow removal/i);
  await expect(page.getByRole('main').locator('ol article mark').filter({ hasText: /^snow$/i }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search results');

  // A Spanish word the records do not use is searched as the English one, and the reader is told.
  await searchBox(page).fill('estacionamiento');
  await expect(page.getByTestId('translated-words')).toHaveText('The records are in English. Searched for “estacionamiento” as “parking”.', SLOW);
  await expect(page.getByText(/^Showing results for similar spellings/)).toHaveCount(0);
  await expect(resultTitles(page).first()).toContainText(/park/i);
  await searchBox(page).fill('snwo removal');
  await expect(page.getByText(/^Showing results for similar spellings: “snwo” as “snow/)).toBeVisible(SLOW);

  // Filter by date: only 2017 remains, shown as a removable chip and kept in the address.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByLabel('From', { exact: true }).fill('2017-01-01');
  await filters.getByLabel('To', { exact: true }).fill('2017-12-31');
  await expect(page).toHaveURL(/from=2017-01-01&to=2017-12-31/, SLOW);
  await expect(page.getByRole('button', { name: 'Remove filter: 2017' })).toBeVisible();
  await settle(page);
  const dates = await page.getByRole('main').locator('ol article time').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')));
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date, 'every result lies in the chosen range').toMatch(/^2017-/);

  // The address reproduces the search: reloading shows the same filtered results.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove filter: 2017' })).toBeVisible(SLOW);
  await expect(searchBox(page)).toHaveValue('snwo removal');

  // Open the first ordinance: facts, an engine-made summary with its quotes, votes, full text.
  const first = resultTitles(page).first();
  const title = (await first.innerText()).trim();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/ordinance\/[^/?]+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Built-in offline engine: quotes the text, never invents')).toBeVisible(SLOW);
  await expect(summary.locator('blockquote').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Votes and readings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' }).getByText('Effective', { exact: true }).first()).toBeVisible();

  // A quote can be found in the law's own text.
  await summary.getByRole('button', { name: 'Show in the text' }).first().click();
  await expect(page.getByRole('region', { name: 'Full text' }).locator('mark')).toBeVisible();

  // Ask a follow-up: the answer names its engine and shows the passages it rests on.
  const ask = page.getByRole('region', { name: 'Ask about this ordinance' });
  await ask.getByRole('textbox', { name: 'Your question' }).fill('Who may the Mayor enter into an agreement with?');
  await ask.getByRole('textbox', { name: 'Your question' }).press('Enter');
  const answer = ask.getByRole('list', { name: 'Questions and answers' }).getByRole('listitem').first();
  await expect(answer).toContainText('Who may the Mayor enter into an agreement with?', SLOW);
  await expect(answer.getByText('Built-in offline engine: quotes the text, never invents')).toBeVisible();
  await expect(answer.locator('blockquote').first()).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'the ordinance page with a follow-up');

  // Back returns to the same filtered results.
  await page.goBack();
  await expect(page).toHaveURL(/q=snwo\+removal.*from=2017-01-01/);
  await expect(resultTitles(page).first()).toHaveText(title, SLOW);
});

test("an ordinance page reads its record's fields as what they are: a member's name is no reading, a clerk's note no summary", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'CLERK');
  const open = async (fileNumber: string) => {
    await searchBox(page).fill(fileNumber);
    const first = resultTitles(page).first();
    await expect(first).toBeVisible(SLOW);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/ordinance\/[^/?]+/);
    await expect(page.getByRole('region', { name: 'Votes and readings' })).toBeVisible(SLOW);
  };
  // B24-1144's history keeps the first word of each vote: "Bonds" is a member's amendment, not a reading.
  await open('B24-1144');
  const votes = page.getByRole('region', { name: 'Votes and readings' });
  await expect(votes.getByText('A vote recorded as “Bonds”')).toBeVisible();
  await expect(votes.getByText('Final reading', { exact: true })).toBeVisible();
  await expect(votes.getByText('Bonds', { exact: true })).toHaveCount(0);
  // B26-164's summary field holds a referral note: shown as a note, never as the summary.
  await page.goto('/');
  await open('B26-164');
  await expect(page.getByTestId('record-note')).toHaveText('Note in the official record: Please see Referral Memo. COMMITTEE REFERRAL IS AS FOLLOWS:');
  await expect(page.getByText('Summary from the official record')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('ordinance-record-note.png'), fullPage: true });
});

test('upload a PDF, find it by a word inside it, view it, and delete it', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const title = `Stormwater plan ${word}`;
  await signInAs(page, 'STAFF');

  // A file whose bytes are not a PDF is refused with a clear reason (415), and nothing is kept.
  await page.getByRole('button', { name: 'Upload documents' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload documents' });
  await dialog.getByLabel(/Choose files/).setInputFiles({ name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some words') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This kind of file cannot be uploaded. Upload a PDF, DOCX or TXT file.', SLOW);
  await expectNoSeriousA11yViolations(page, 'the upload dialog with an error');
  await dialog.getByRole('button', { name: 'Remove not-really.pdf' }).click();

  // A real PDF, and a scanned one without a text layer.
  await dialog.getByLabel(/Choose files/).setInputFiles([
    { name: `${title}.pdf`, mimeType: 'application/pdf', buffer: await pdfWithText(['Riverfront stormwater retention plan', `Prepared with the ${word} survey method.`]) },
    { name: `Scanned notice ${word}.pdf`, mimeType: 'application/pdf', buffer: await pdfWithoutText() },
  ]);
  await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByRole('status').filter({ hasText: '2 documents uploaded' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No text layer in' })).toBeVisible();

  // The list of uploaded documents (HOME) shows both, newest first, the scan flagged.
  const documents = page.getByRole('table', { name: 'Uploaded documents' });
  await expect(documents.getByRole('link', { name: title })).toBeVisible(SLOW);
  await expect(documents.getByRole('row').filter({ hasText: `Scanned notice ${word}` }).getByText('No text layer')).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'HOME with uploaded documents');

  // Find it by a word that is only inside the file, and open it in the viewer.
  await searchBox(page).fill(word);
  const hit = resultTitles(page).filter({ hasText: title });
  await expect(hit).toHaveCount(1, SLOW);
  await expect(page.getByRole('main').locator('ol article mark').filter({ hasText: word }).first()).toBeVisible();
  await hit.getByRole('link').click();
  await expect(page).toHaveURL(/\/pdf-viewer\?/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(SLOW);
  const firstPage = page.getByRole('region', { name: `Page 1 of ${title}` });
  await expect(firstPage.locator('canvas')).toBeVisible(SLOW);
  await expect(firstPage.locator('.textLayer')).toContainText(word, SLOW);
  await expect(page.getByText('1 page', { exact: true })).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'the PDF viewer');

  // The scanned file says it has no text layer.
  await page.goto('/');
  await page.getByRole('table', { name: 'Uploaded documents' }).getByRole('link', { name: `Scanned notice ${word}` }).click();
  await expect(page.getByText(/This PDF has no text layer/)).toBeVisible(SLOW);

  // Delete both; the search no longer finds the word.
  await page.goto('/');
  for (const name of [title, `Scanned notice ${word}`]) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('table', { name: 'Uploaded documents' }).getByRole('link', { name })).toHaveCount(0, SLOW);
  }
  await searchBox(page).fill(word);
  await expect(page.getByRole('heading', { level: 3, name: `No results for “${word}”` })).toBeVisible(SLOW);
});

test('HOME shows recent meetings and charts; EXPLORE browses meetings by type and date into an agenda', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'MAYOR');
  await settle(page);

  const recent = page.getByRole('region', { name: 'Recent meetings' });
  await expect(recent.getByRole('link')).toHaveCount(5);
  await expect(recent.getByText('Agenda layout reconstructed from vote history.')).toBeVisible();
  for (const chart of ['Agenda items per year', 'Agenda items per committee', 'Agenda items per status']) {
    const list = page.getByRole('list', { name: chart });
    await expect(list.getByRole('listitem').first()).toContainText(/^.+: [\d,]+/);
  }
  await expectNoSeriousA11yViolations(page, 'HOME');

  // The tabs work from the keyboard, and each step is a history entry.
  await page.getByRole('tab', { name: 'Home' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Search', selected: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Explore', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/tab=explore/);

  // Browse December 2016's council meetings, newest first.
  // Each filter is in the address before the next is typed, as a reader's pace allows. (A date typed
  // while the address took the one before was once reset by it, "To" lost on a clean-clone run: each
  // field now follows the address on its own, DateRangeFields.test.tsx.)
  await page.getByLabel('Meeting type').selectOption('CITY COUNCIL');
  await expect(page).toHaveURL(/meeting=CITY\+COUNCIL/, SLOW);
  await page.getByLabel('From', { exact: true }).fill('2016-12-01');
  await expect(page).toHaveURL(/m_from=2016-12-01/, SLOW);
  await page.getByLabel('To', { exact: true }).fill('2016-12-31');
  await expect(page).toHaveURL(/m_from=2016-12-01&m_to=2016-12-31/, SLOW);
  await settle(page);
  const meetings = page.getByRole('region', { name: /^\d+ meetings?$/ }).getByRole('link');
  await expect(meetings.first()).toBeVisible();
  // The filtered list replaces the one shown before the filter: wait for it, then check every row.
  await expect.poll(async () => (await meetings.allInnerTexts()).every((label) => /DEC\s+\d+\s+2016/i.test(label)), SLOW).toBe(true);
  for (const label of await meetings.allInnerTexts()) expect(label).toMatch(/DEC\s+\d+\s+2016/i);
  await expect(page.getByText('Agenda layout reconstructed from vote history.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'EXPLORE');

  // Open a meeting: its agenda in sections, with the reconstruction said on screen.
  await meetings.first().click();
  await expect(page).toHaveURL(/\/agenda\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /December \d+, 2016/ })).toBeVisible(SLOW);
  await expect(page.getByText('Agenda layout reconstructed from vote history.')).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
  await expect(sections.first()).toBeVisible();
  const firstSection = (await sections.first().innerText()).split('\n')[0];
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${firstSection}`) })).toBeVisible();
  await expect(page.getByRole('main').locator('article').first().getByRole('link')).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'the agenda page');

  // "All meetings" returns to the list as it was left, filters included.
  await page.getByRole('link', { name: 'All meetings' }).click();
  await expect(page).toHaveURL(/tab=explore.*m_from=2016-12-01/);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2016-12-01');
});
