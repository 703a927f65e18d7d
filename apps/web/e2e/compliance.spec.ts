import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectNoSeriousA11yViolations, signInAs } from './helpers';

// Compliance Check and Code Compliance on the demo city, end to end: a PDF with planted personal data
// checked for privacy, its findings accepted, the redacted PDF read back for the secret, a records
// request drafted from it; then the code checked twice and the second run compared with the first.
// Reduced motion: axe must not judge colours halfway through a transition.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

const SSN = '123-45-6789';
const PLANTED_LINES = [
  'Public records request received by the Office of the Secretary.',
  `Requester: Maria Lopez, SSN ${SSN}, phone (202) 555-0147,`,
  'email maria.lopez@example.com, 1423 Kenyon Street NW, Washington, DC 20010',
  'The requester asks for the 2024 permits issued on Kenyon Street.',
];

async function plantedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Records request intake');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  PLANTED_LINES.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 20, size: 11, font }));
  return Buffer.from(await pdf.save());
}

/**
 * Everything a PDF could show as text: its raw bytes, every deflated stream inflated, and the hex
 * strings text operators use (pdf-lib writes `<3132...> Tj`), decoded.
 */
function pdfTextLayers(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const layers = [raw];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    try {
      layers.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream: its bytes are already in the raw layer.
    }
  }
  const joined = layers.join('\n');
  const hexStrings = [...joined.matchAll(/<([0-9A-Fa-f\s]+)>/g)].map((m) => Buffer.from(m[1].replace(/\s/g, ''), 'hex').toString('latin1'));
  return [joined, ...hexStrings].join('\n');
}

/** Waits until the page has its heading and nothing is still loading, so axe sees the finished page. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

test('check a PDF for privacy, accept its findings, download it redacted and draft the records-request email', async ({ page }) => {
  test.slow();
  const upload = await plantedPdf();
  // The scanner below must see the secret in the unredacted file, or its silence later proves nothing.
  expect(pdfTextLayers(upload)).toContain(SSN);

  await signInAs(page, 'CLERK');
  await page.goto('/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Check' })).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'Compliance Check');

  await expect(page.getByRole('tab', { name: 'Upload a file' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Document', { exact: true }).setInputFiles({ name: 'records-request.pdf', mimeType: 'application/pdf', buffer: upload });
  await page.getByLabel('Compliance type').selectOption('privacy');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/compliance\?report=[^&]+/);

  // The check runs as a job: the page polls it until the findings arrive.
  const findingsHeading = page.getByRole('heading', { level: 3, name: /^Findings \(\d+\)$/ });
  await expect(findingsHeading).toBeVisible({ timeout: 90_000 });
  const documentText = page.getByRole('region', { name: 'Document text' });
  const ssnMark = documentText.locator('mark', { hasText: SSN });
  await expect(ssnMark).toBeVisible();
  // Its severity is written beside it, not only coloured.
  await expect(ssnMark).toHaveAttribute('data-label', /SSN/);
  await expectNoSeriousA11yViolations(page, 'a privacy report');

  // A reload keeps the report open.
  await page.reload();
  await expect(documentText.locator('mark', { hasText: SSN })).toBeVisible();

  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByText('All open findings accepted', { exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ findings?: 0 open/)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Download redacted PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
  const redacted = await readFile((await download.path())!);
  expect(redacted.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(redacted.includes(Buffer.from(SSN, 'latin1'))).toBe(false);
  expect(pdfTextLayers(redacted)).not.toContain(SSN);

  // A records request that releases this document: its email gets a due date.
  await page.getByRole('button', { name: 'Draft records-request email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Draft records-request email' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Request', { exact: true }).fill('All 2024 building permits for Kenyon Street NW, with the intake forms.');
  await expect(dialog.getByLabel('Received on')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel('Requester’s name (optional)').fill('Maria Lopez');
  await dialog.getByLabel('Requester’s email (optional)').fill('maria.lopez@example.com');
  await dialog.getByRole('checkbox').first().check();
  await expectNoSeriousA11yViolations(page, 'the records-request dialog');
  await dialog.getByRole('button', { name: 'Draft email' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Answer due by')).toBeVisible();
  await expect(page.getByTestId('pra-due-date').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel('Subject')).not.toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'a drafted records request');
});

test('run the code check twice and see the changes since the previous run', async ({ page }) => {
  test.slow();
  await signInAs(page, 'CLERK');
  await page.goto('/compliance/code');
  await expect(page.getByRole('heading', { level: 1, name: 'Code Compliance' })).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, 'Code Compliance');

  const runNow = page.getByRole('button', { name: 'Run now' });
  const runs = page.getByRole('combobox', { name: 'Run', exact: true }).locator('option');
  const changes = page.getByRole('region', { name: 'Changes since previous run' });

  /** Starts a run and waits until it is listed and finished: one more run, no progress bar, Run now enabled again. */
  const runOnce = async () => {
    const before = (await runs.count()) || 1; // "Latest run" is listed once any run exists.
    await runNow.click();
    await expect(runs).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
    await expect(runNow).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Findings', exact: true })).toBeVisible();
  };

  await runOnce();
  await expect(changes).toBeVisible();
  await runOnce();
  await expect(changes).toBeVisible();
  await expect(changes).not.toContainText('This is the first run');
  await expect(changes.getByRole('heading', { name: /^New findings \(\d+\)$/ })).toBeVisible();
  await expect(changes.getByRole('heading', { name: /^Resolved findings \(\d+\)$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Code Compliance after two runs');
});

test("a letter's author and an official are shown as such and Accept all leaves them; one person named four ways is one finding", async ({ page }) => {
  test.slow();
  const letter = [
    'From: Ibrahim Sorensen, FOIA Officer, Department of Public Works',
    'To: Maria Ortega',
    '',
    'Dear Ms. Ortega,',
    'Mayor Rowena Pike asked us to answer your request. Ortega, Maria is the name on the request form.',
    'Your neighbor said Maria lives at 1510 Park Road NW, Apt. 4 with her mother.',
    '',
    'Sincerely,',
    'Ibrahim Sorensen',
    'FOIA Officer',
  ].join('\n');
  await signInAs(page, 'CLERK');
  await page.goto('/compliance');
  await settle(page);
  await page.getByRole('tab', { name: 'Paste text' }).click();
  await page.getByLabel('Text to check').fill(letter);
  await page.getByLabel('Compliance type').selectOption('privacy');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 3, name: /^Findings \(\d+\)$/ })).toBeVisible({ timeout: 90_000 });

  const card = (label: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: new RegExp(label) }) });
  const author = card("The document's author");
  await expect(author).toContainText('Ibrahim Sorensen');
  await expect(author).toContainText('Dismissed');
  await expect(card('An official in a public role')).toContainText('Rowena Pike');
  const person = card('Name of a private person');
  await expect(person).toHaveCount(1);
  await expect(person.getByTestId('finding-places')).toContainText('“Ortega, Maria”');

  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByText('All open findings accepted', { exact: true })).toBeVisible();
  await expect(person).toContainText('Accepted');
  await expect(author).toContainText('Dismissed');
  await expect(card('An official in a public role')).toContainText('Dismissed');
  await page.screenshot({ path: test.info().outputPath('author-left-by-accept-all.png'), fullPage: true });
});
