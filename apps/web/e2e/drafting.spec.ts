import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import mammoth from 'mammoth';
import { expectNoSeriousA11yViolations, signInAs } from './helpers';

// The whole drafting path on the demo city (D.C.): an ordinance that amends a real section, its
// comparative print, an AI edit accepted change by change, a DOCX export read back, the Draft
// Collection, deletion. The built-in engine drafts; the server is the real one.
// Reduced motion: axe must not judge a button's colours halfway through a transition.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

/** Drafts an ordinance from the new-draft form as the signed-in user, and waits for the draft's own page. */
async function draftOrdinance(page: Page, query: string, details?: string) {
  await page.goto('/draft/ordinance');
  await page.getByLabel('What should it do?').fill(query);
  if (details) await page.getByLabel('Details (optional)').fill(details);
  await page.getByRole('button', { name: 'Draft it' }).click();
  await expect(page).toHaveURL(/\/draft\/ordinance\/[0-9a-f-]{36}$/, { timeout: 60_000 });
}

test('draft an ordinance amending § 2-532, see the strike/insert, accept an AI edit, export DOCX, find it and delete it', async ({ page }) => {
  test.slow();
  await signInAs(page, 'CLERK');
  await page.goto('/drafting-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Draft Collection' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Draft Collection');

  await page.getByRole('button', { name: 'New draft' }).click();
  await page.getByRole('menuitem', { name: 'Ordinance' }).click();
  await expect(page).toHaveURL(/\/draft\/ordinance$/);
  await expect(page.getByRole('heading', { name: 'What the draft will contain' })).toBeVisible();
  await expect(page.getByText('Long title')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new ordinance');
  // An empty request is refused on the page, and nothing is sent.
  await page.getByRole('button', { name: 'Draft it' }).click();
  await expect(page.getByText('Say what the draft should do.')).toBeVisible();

  await page.getByLabel('What should it do?').fill('An ordinance shortening the time to answer a public records request from 15 to 10 days');
  await page.getByRole('button', { name: 'Draft it' }).click();
  await expect(page).toHaveURL(/\/draft\/ordinance\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const draftLink = `a[href="${new URL(page.url()).pathname}"]`;

  const editor = page.getByRole('textbox', { name: 'Draft text' });
  await expect(editor).toContainText('BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA');
  await expect(editor).toContainText('Section 2-532(c)(1) of the District of Columbia Official Code is amended by striking the phrase "15 days" and inserting the phrase "10 days" in its place.');
  await expect(page.getByRole('status').filter({ hasText: 'Saved · version 1' })).toBeVisible();
  // The comparative print is beside the bill, not in it (issue 32): the old words struck through, the new ones underlined.
  const details = page.getByRole('complementary', { name: 'Draft details' });
  await page.getByRole('tab', { name: 'Amendments' }).click();
  const comparative = details.getByRole('region', { name: 'Comparative print: § 2-532' });
  await expect(comparative.locator('s', { hasText: '15 days' })).toBeVisible();
  await expect(comparative.locator('u', { hasText: '10 days' })).toBeVisible();
  await expect(editor.locator('s')).toHaveCount(0);
  await expect(editor).not.toContainText('Comparative print');
  await page.getByRole('tab', { name: /Sources/ }).click();
  await expect(details).toContainText('§ 2-532');
  await expectNoSeriousA11yViolations(page, 'draft editor');

  // Typing is saved on its own.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Reviewed by the clerk.');
  await expect(page.getByRole('status').filter({ hasText: 'Saved · version 2' })).toBeVisible({ timeout: 15_000 });

  // An AI edit with two changes; the first is accepted, the second rejected.
  await page.getByRole('button', { name: 'AI edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI edit' });
  await dialog.getByLabel('What should change?').fill('replace "District of Columbia Official Code" with "D.C. Official Code"');
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await expect(dialog.getByRole('heading', { name: 'Proposed changes' })).toBeVisible({ timeout: 20_000 });
  const changes = dialog.getByRole('listitem');
  expect(await changes.count()).toBeGreaterThan(1);
  await changes.nth(1).getByRole('button', { name: 'Reject' }).click();
  await expect(changes.nth(1)).toContainText('Rejected');
  await expectNoSeriousA11yViolations(page, 'AI edit');
  await dialog.getByRole('button', { name: 'Apply accepted changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Saved · version 3' })).toBeVisible();
  await expect(editor).toContainText('D.C. Official Code');
  await expect(editor).toContainText('District of Columbia Official Code');

  // Versions: compare the first and the last, then close.
  await page.getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByRole('dialog', { name: 'Versions' });
  await expect(versions.getByText('AI edit')).toBeVisible();
  await versions.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(versions.locator('ins').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Export DOCX: the file reads back with the draft's text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export DOCX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  const text = (await mammoth.extractRawText({ buffer: await readFile((await download.path())!) })).value;
  expect(text).toContain('BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA');
  expect(text).toContain('Reviewed by the clerk.');
  // The bill only: no comparative print, no drafter's notes.
  expect(text).not.toMatch(/Comparative print|Law this draft rests on/);

  // The Draft Collection lists it; delete it there.
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByRole('main').getByRole('link', { name: 'Draft Collection' }).click();
  await expect(page).toHaveURL(/\/drafting-history$/);
  await page.getByLabel('Words', { exact: true }).fill('2-532');
  const row = page.getByRole('row').filter({ has: page.locator(draftLink) });
  await expect(row).toContainText('Ordinance');
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Draft deleted', { exact: true })).toBeVisible();
  await expect(page.locator(draftLink)).toHaveCount(0);
});

test('an AI edit with two parts, both accepted: the clause is added with a bold heading, and the new short title names the draft in the Draft Collection and its export', async ({ page }) => {
  test.slow();
  const year = new Date().getFullYear();
  const oldTitle = `Freedom of Information Response Time Amendment Act of ${year}`;
  const newTitle = `FOIA Response Time Amendment Act of ${year}`;
  await signInAs(page, 'CLERK');
  await draftOrdinance(page, 'Draft an ordinance amending D.C. Code § 2-532 to shorten the time to respond to FOIA requests from 15 to 10 business days');
  const draftLink = `a[href="${new URL(page.url()).pathname}"]`;
  // Issue 19: the short title names the subject, the long title the section once.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldTitle);
  const editor = page.getByRole('textbox', { name: 'Draft text' });
  await expect(editor).toContainText('To amend section 2-532 of the District of Columbia Official Code to shorten the time to respond to FOIA requests from 15 to 10 business days.');

  await page.getByRole('button', { name: 'AI edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI edit' });
  await dialog.getByLabel('What should change?').fill(`add a severability clause and change the short title to "${newTitle}"`);
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await expect(dialog.getByRole('heading', { name: 'Proposed changes' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(`Done: Added a severability clause. Changed the short title to "${newTitle}" (2 places).`);
  const changes = dialog.getByRole('listitem');
  for (let i = 0; i < (await changes.count()); i++) {
    await changes.nth(i).getByRole('button', { name: 'Accept' }).click();
    await expect(changes.nth(i)).toContainText('Accepted');
  }
  await dialog.getByRole('button', { name: 'Apply accepted changes' }).click();
  await expect(dialog).toBeHidden();

  // Both parts are in; the marks around them stay: section headings and the enacting words bold.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(editor.locator('strong', { hasText: 'Sec. 5. Severability.' })).toBeVisible();
  await expect(editor.locator('strong', { hasText: 'Sec. 6. Effective date.' })).toBeVisible();
  await expect(editor.locator('strong', { hasText: 'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA' })).toBeVisible();
  await expect(editor).toContainText(`may be cited as the "${newTitle}".`);
  await expect(editor).not.toContainText(oldTitle);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export DOCX' }).click()]);
  expect(download.suggestedFilename()).toBe(`${newTitle}.docx`);

  await page.getByRole('main').getByRole('link', { name: 'Draft Collection' }).click();
  await expect(page).toHaveURL(/\/drafting-history$/);
  await expect(page.locator(draftLink).first()).toHaveText(newTitle);
  await page.screenshot({ path: '/tmp/draft-collection-renamed.png' });
});

test('an official without drafting permission is told so', async ({ page }) => {
  await signInAs(page, 'MAYOR');
  await page.goto('/draft/resolution');
  await expect(page.getByText(/does not have permission|cannot draft/)).toBeVisible();
});

test('a kind of draft that does not exist is not found', async ({ page }) => {
  await signInAs(page, 'STAFF');
  await page.goto('/draft/proclamation');
  await expect(page.getByText('There is no such kind of draft.')).toBeVisible();
});

test('a request said as people say it: the reason is no rule, each later sentence is, the fine rises, the details add an exemption (issue 32)', async ({ page }) => {
  test.slow();
  await signInAs(page, 'CITY_MANAGER');
  await draftOrdinance(
    page,
    'Parents have complained about exhaust from idling cars outside schools. We need something prohibiting motor vehicles from idling for more than 3 minutes within 100 feet of a school between 7 a.m. and 4 p.m. School buses loading passengers with disabilities are exempt. Fine should be $100 for a first violation and $250 for each one after that.',
    'It should not apply to emergency vehicles.',
  );
  const editor = page.getByRole('textbox', { name: 'Draft text' });
  await expect(editor).toContainText('"(a) Motor vehicles shall not idle for more than 3 minutes within 100 feet of a school between 7 a.m. and 4 p.m.');
  await expect(editor).toContainText('"(b) A person who violates subsection (a) of this section shall be subject to a civil fine of $100 for a first violation and a civil fine of $250 for each subsequent violation.');
  await expect(editor).toContainText('"(c) This section shall not apply to school buses loading passengers with disabilities.');
  await expect(editor).toContainText('"(d) This section shall not apply to emergency vehicles.".');
  // The reason is no part of the law, and no section about another matter is amended ("Unauthorized use of motor vehicles").
  await expect(editor).not.toContainText('Parents have complained');
  await expect(editor).not.toContainText('22-3215');
  await expect(editor).toContainText('is amended by adding a new section [section number] to read as follows:');
  await page.screenshot({ path: '/tmp/idling-ordinance.png' });
});

test('a request typed as a note is drafted as the rule it stands for: the ban, its start, its exemptions and its rising fines (issue 32)', async ({ page }) => {
  test.slow();
  await signInAs(page, 'CITY_MANAGER');
  await draftOrdinance(page, 'Foam cups - ban for coffee shops + delis - effective March 1, 2027 - exempt hospitals, nursing homes - fines $75/$150/$300');
  const editor = page.getByRole('textbox', { name: 'Draft text' });
  await expect(editor).toContainText('Coffee shops and delis; foam cups.');
  await expect(editor).toContainText('"(a) Beginning March 1, 2027, coffee shops and delis shall not use foam cups.');
  await expect(editor).toContainText('a civil fine of $75 for a first violation, a civil fine of $150 for a second violation, and a civil fine of $300 for each subsequent violation.');
  await expect(editor).toContainText('This section shall not apply to hospitals and nursing homes.');
  await expect(editor).not.toContainText('[Text of the new provision');
  await page.screenshot({ path: '/tmp/note-ordinance.png' });
});

test('a new rule goes where the code regulates it: the leaf-blower ordinance adds a new section with the hours in its text (issue 32)', async ({ page }) => {
  test.slow();
  await signInAs(page, 'CITY_MANAGER');
  await draftOrdinance(page, 'An ordinance to limit the use of gas-powered leaf blowers to the hours between 8 a.m. and 6 p.m. and set a fine');
  const editor = page.getByRole('textbox', { name: 'Draft text' });
  await expect(editor).toContainText('The District of Columbia Official Code is amended by adding a new section [section number] to read as follows:');
  await expect(editor).toContainText('"§ [section number]. Gas-powered leaf blowers.');
  await expect(editor).toContainText('"(a) A person shall not operate a gas-powered leaf blower before 8:00 a.m. or after 6:00 p.m.');
  await expect(editor).toContainText('"(b) A person who violates subsection (a) of this section shall be subject to a civil fine of [amount].".');
  // Never the plumbers' and gas-fitters' section that shares the word "gas".
  await expect(editor).not.toContainText('2-135');
  await page.getByRole('tab', { name: /To fill in/ }).click();
  await expect(page.getByRole('button', { name: 'Find [amount] in the text' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new-section ordinance');

  // An AI edit in ordinary words, by the built-in engine: a finding where a bill puts findings, and a shorter title everywhere it stands.
  const year = new Date().getFullYear();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Gas-powered Leaf Blowers Regulation Amendment Act of ${year}`);
  const shorter = `Leaf Blowers Regulation Amendment Act of ${year}`;
  await page.getByRole('button', { name: 'AI edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI edit' });
  await dialog
    .getByLabel('What should change?')
    .fill('add a finding that transportation is a major source of emissions, add a section requiring landscaping contractors to keep a log of the hours each leaf blower is used, and shorten the title');
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await expect(dialog.getByRole('heading', { name: 'Proposed changes' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Done: Added a findings section (Sec. 2) and renumbered the sections after it. Added Sec. 4. Landscaping contractors; log. The sections after it were renumbered.');
  await expect(dialog).toContainText(`Shortened the short title to "${shorter}" (2 places).`);
  const changes = dialog.getByRole('listitem');
  for (let i = 0; i < (await changes.count()); i++) await changes.nth(i).getByRole('button', { name: 'Accept' }).click();
  await dialog.getByRole('button', { name: 'Apply accepted changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shorter);
  await expect(editor).toContainText('Sec. 2. Findings. The Council finds that transportation is a major source of emissions.');
  await expect(editor).toContainText('Sec. 3. The District of Columbia Official Code is amended by adding a new section [section number]');
  await expect(editor).toContainText(`may be cited as the "${shorter}".`);
  // The added section states the rule, before the closing clauses; the long title says what the bill now does.
  await expect(editor).toContainText('Sec. 4. Landscaping contractors; log. Landscaping contractors shall keep a log of the hours each leaf blower is used.');
  await expect(editor).toContainText('Sec. 5. Applicability.');
  await expect(editor).toContainText(', and to require landscaping contractors to keep a log of the hours each leaf blower is used.');
  await page.screenshot({ path: '/tmp/leaf-blower-edited.png' });

  // The export is the bill: the finding and the new section in it, nothing else after its last clause.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export DOCX' }).click()]);
  const text = (await mammoth.extractRawText({ buffer: await readFile((await download.path())!) })).value;
  expect(text).toContain('The Council finds that transportation is a major source of emissions.');
  expect(text).toContain('Landscaping contractors shall keep a log of the hours each leaf blower is used.');
  expect(text).toContain('A person shall not operate a gas-powered leaf blower before 8:00 a.m. or after 6:00 p.m.');
  expect(text).not.toMatch(/Comparative print|Law this draft rests on/);
});
