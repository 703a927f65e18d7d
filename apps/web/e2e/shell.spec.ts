import { expect, test, type Page } from '@playwright/test';
import { feedbackButton, sidebar, signInAs, toolsNav, topBar } from './helpers';

// Tailwind's w-72 and w-16 at the default 16 px root size (spec §2, §9: 72 and 16 units).
const EXPANDED_PX = 288;
const COLLAPSED_PX = 64;

async function widthOf(page: Page) {
  const box = await sidebar(page).boundingBox();
  expect(box, 'the sidebar is laid out').not.toBeNull();
  return Math.round(box!.width);
}

/** Waits for the sidebar's width transition to end at the expected width. */
async function expectSidebarWidth(page: Page, px: number) {
  await expect.poll(() => widthOf(page)).toBe(px);
}

/** Distance between the feedback button's right edge and the window's right edge. */
async function feedbackRightGap(page: Page) {
  const box = await feedbackButton(page).boundingBox();
  expect(box, 'the feedback button is laid out').not.toBeNull();
  return page.viewportSize()!.width - (box!.x + box!.width);
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is a drawer opened from the top bar menu button and closes on navigation', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await expect(sidebar(page)).toHaveCount(0);
    // The translation slot makes room on very small screens.
    await expect(topBar(page).getByRole('button', { name: /^Language/ })).toBeHidden();
    await topBar(page).getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box!.x).toBe(0);
    await drawer.getByRole('link', { name: 'Compliance Check' }).click();
    await expect(page).toHaveURL(/\/compliance$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Compliance Check' })).toBeVisible();

    // The drawer's own close button closes it too, and the page keeps working.
    await topBar(page).getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  test('the language switch is in the drawer, and the disabled Settings says why (issue 22)', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await topBar(page).getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    const settings = drawer.getByRole('button', { name: 'Settings' });
    await expect(settings).toBeDisabled();
    await expect(settings).toHaveAccessibleDescription('Your administrator manages your account.');
    await drawer.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    // The page speaks Spanish at once, the drawer's own words included.
    await expect(page.getByRole('dialog', { name: 'Navegación' }).getByRole('link', { name: 'Búsqueda inteligente' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('drawer-language.png') });
  });

  test('on /draft/ pages the icon rail stays, with no top bar and no feedback button', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await page.goto('/draft/agenda');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSidebarWidth(page, COLLAPSED_PX);
    await expect(topBar(page)).toHaveCount(0);
    await expect(feedbackButton(page)).toHaveCount(0);
  });
});

test.describe('at desktop width', () => {
  test('the collapse toggle switches the sidebar between 72 and 16 units, with tooltips on the icons', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await expectSidebarWidth(page, EXPANDED_PX);
    await expect(toolsNav(page).getByText('Compliance Check')).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: /^Language/ })).toBeVisible();

    await sidebar(page).getByRole('button', { name: 'Collapse sidebar' }).click();
    await expectSidebarWidth(page, COLLAPSED_PX);
    await expect(toolsNav(page).getByText('Compliance Check')).not.toBeInViewport();
    await toolsNav(page).getByRole('link', { name: 'Compliance Check' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Compliance Check' })).toBeVisible();

    // The icons stay full-size targets centred in the rail, and the current page stays marked.
    const rail = (await sidebar(page).boundingBox())!;
    for (const link of await toolsNav(page).getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(32);
      expect(Math.abs(box.x + box.width / 2 - (rail.x + rail.width / 2)), await link.innerText()).toBeLessThan(2);
    }
    await expect(toolsNav(page).getByRole('link', { name: 'Smart Search' })).toHaveAttribute('aria-current', 'page');
    const background = (name: string) =>
      toolsNav(page).getByRole('link', { name }).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background('Summarizer')).toBe('rgba(0, 0, 0, 0)');
    expect(await background('Smart Search')).not.toBe('rgba(0, 0, 0, 0)');

    await sidebar(page).getByRole('button', { name: 'Expand sidebar' }).click();
    await expectSidebarWidth(page, EXPANDED_PX);
    await expect(toolsNav(page).getByText('Compliance Check')).toBeVisible();
  });

  test('narrowing the window below 768 px turns the sidebar into the drawer; widening brings it back', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await expectSidebarWidth(page, EXPANDED_PX);
    await page.setViewportSize({ width: 767, height: 800 });
    await expect(sidebar(page)).toHaveCount(0);
    await expect(topBar(page).getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.setViewportSize({ width: 768, height: 800 });
    await expectSidebarWidth(page, EXPANDED_PX);
    await expect(topBar(page).getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  });

  test('on /draft/ pages the sidebar is collapsed, the top bar and the feedback button are hidden', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await page.goto('/draft/resolution');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSidebarWidth(page, COLLAPSED_PX);
    await expect(topBar(page)).toHaveCount(0);
    await expect(feedbackButton(page)).toHaveCount(0);

    // Leaving the drafting page restores the full shell.
    await toolsNav(page).getByRole('link', { name: 'Summarizer' }).click();
    await expect(page).toHaveURL(/\/summary$/);
    await expectSidebarWidth(page, EXPANDED_PX);
    await expect(topBar(page)).toBeVisible();
    await expect(feedbackButton(page)).toBeVisible();
  });

  test('on /ordinance/ and /pdf-viewer pages the feedback button moves left', async ({ page }) => {
    await signInAs(page, 'CLERK');
    await page.goto('/compliance');
    await expect(feedbackButton(page)).toBeVisible();
    const usualGap = await feedbackRightGap(page);
    expect(usualGap).toBeLessThan(40);
    for (const path of ['/ordinance/123', '/pdf-viewer']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(feedbackButton(page)).toBeVisible();
      expect(await feedbackRightGap(page), path).toBeGreaterThan(usualGap + 40);
    }
  });

  test('Municipal Tools can be folded on /code-assistant only; elsewhere its toggle is disabled', async ({ page }) => {
    await signInAs(page, 'CLERK');
    const toggle = toolsNav(page).getByRole('button', { name: 'Show or hide Municipal Tools' });
    await expect(toggle).toBeDisabled();
    await expect(toolsNav(page).getByRole('link', { name: 'Summarizer' })).toBeVisible();

    await toolsNav(page).getByRole('link', { name: 'Knowledge Assistant' }).click();
    await expect(page).toHaveURL(/\/code-assistant$/);
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(toolsNav(page).getByRole('link', { name: 'Summarizer' })).toBeHidden();
    await toggle.click();
    await expect(toolsNav(page).getByRole('link', { name: 'Summarizer' })).toBeVisible();
  });

  test('Ordinance Search opens the city code site in a new tab without an opener', async ({ page }) => {
    await signInAs(page, 'MAYOR');
    const link = toolsNav(page).getByRole('link', { name: /Ordinance Search/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  });
});

test('keyboard: the first Tab reveals the skip link, which moves focus to the page content', async ({ page }) => {
  await signInAs(page, 'CLERK');
  await page.goto('/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Check' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('light theme only: a dark system preference leaves the page light', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, 'CLERK');
  // The colour behind the page content: the nearest ancestor of <main> that paints a background.
  const channels = await page.locator('main').evaluate((element) => {
    let node: Element | null = element;
    while (node && getComputedStyle(node).backgroundColor === 'rgba(0, 0, 0, 0)') node = node.parentElement;
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = node ? getComputedStyle(node).backgroundColor : 'white';
    canvas.fillRect(0, 0, 1, 1);
    return Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  for (const channel of channels) expect(channel).toBeGreaterThan(230);
});
