/**
 * Render test, the verdict card's "What to change" in a narrow panel
 * (~400 px): the challenges that decide the verdict come first, most severe
 * first, each with plan line, quote and one change; the page does not
 * scroll sideways. Screenshot in test-output/webview/what-to-change-400.png.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PanelState } from '../../src/shared/webview-protocol';
import { OUTPUT, expect, showState } from './harness';
import { fullRun, INNER_TEXT, usePanelSuite } from './panel-suite';

describe('webview panel (Chromium): what to change', function () {
  this.timeout(60_000);
  const panel = usePanelSuite();
  let page: Page;

  it('lists exactly the deciding challenges first, readable at 400 px', async () => {
    page = await panel.open({ theme: 'dark' });
    await page.setViewportSize({ width: 400, height: 900 });
    const result = { ...fullRun.result!, planLines: { C2: 14, C6: 31 } };
    await showState(page, PanelState.parse({ ...fullRun, result, live: null }));
    const items = page.locator('[data-testid=change-item]');
    // REVISE with C2 and C6 SIGNIFICANT UNRESOLVED: exactly those two, in plan-line order.
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute('data-challenge', 'C2');
    await expect(items.nth(1)).toHaveAttribute('data-challenge', 'C6');
    await expect(items.nth(0)).toHaveText(/SIGNIFICANT · UNRESOLVED · plan line 14[\s\S]*Change/, INNER_TEXT);
    await expect(page.locator('[data-testid=what-to-change]')).toHaveText(/^What to change\s+Change the plan for these 2 challenges; they decide the REVISE/, INNER_TEXT);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.poll(overflow, { message: 'the page is no wider than the panel' }).toBeLessThanOrEqual(0);
    await page.locator('vp-verdict-card').screenshot({ path: path.join(OUTPUT, 'what-to-change-400.png') });
  });
});
