/**
 * Render tests, untrusted text and layout: model and plan text shown
 * literally (none of it runs), a narrow panel, the three themes (screenshots
 * in test-output/webview). Run with `npm run test:webview`. Every check of the
 * page is an auto-retrying `expect` or poll (see harness.ts).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reduceLive } from '../../src/core/live-state';
import { OUTPUT, expect, setTheme, showState } from './harness';
import { fullRun, INNER_TEXT, liveAfter, liveFixture, xssRaw, xssRun, usePanelSuite } from './panel-suite';

describe('webview panel (Chromium): untrusted text, narrow panel, themes', function () {
  this.timeout(60_000);
  const panel = usePanelSuite();
  let page: Page;

  it('shows model and plan text literally and runs none of it', async () => {
    page = await panel.open();
    const [img, script, svg] = xssRaw.payloads as [string, string, string, string];
    const live = reduceLive(liveAfter(liveFixture.marks.waitingCheckpoint), { type: 'tool-called', iteration: 2, role: 'researcher', tool: img, summary: script, ok: false });
    const checkpoint = { ...live, checkpoint: { ...live.checkpoint!, title: img } };
    await showState(page, xssRun);
    await page.getByRole('button', { name: 'C3: show details' }).click();

    const c3 = page.locator('[data-testid=challenge-row][data-id=C3]');
    await expect(c3.locator('[data-testid=claim]')).toHaveText(img);
    await expect(c3.locator('[data-testid=resolution]')).toHaveText(script);
    await expect(page.locator('[data-testid=challenge-row][data-id=C2] [data-testid=claim]')).toHaveText(script);
    await expect(page.locator('#details-C3')).toHaveText(new RegExp(svg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), INNER_TEXT);
    await expect(page.locator('[data-testid=reason]')).toHaveText(/Reason <img src=x onerror=/, INNER_TEXT);
    await expect(page.locator('[data-testid=plan-path]')).toHaveAttribute('title', /"><svg onload=/);
    await showState(page, { ...xssRun, live: checkpoint });
    await expect(page.locator('[data-testid=live-checkpoint]')).toHaveText(/<img src=x/, INNER_TEXT);
    await expect(page.locator('[data-testid=live-tools]')).toHaveText(/<\/script><script>/);

    const injected = await page.evaluate(() => {
      const all: Element[] = [];
      const walk = (root: Document | ShadowRoot) =>
        root.querySelectorAll('*').forEach((el) => {
          all.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        });
      walk(document);
      return {
        imgs: all.filter((e) => e.tagName === 'IMG').length,
        scripts: all.filter((e) => e.tagName === 'SCRIPT').length,
        handlers: all.filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
        svgOnload: all.filter((e) => e.tagName.toLowerCase() === 'svg' && e.hasAttribute('onload')).length,
      };
    });
    assert.deepEqual(injected, { imgs: 0, scripts: 1, handlers: 0, svgOnload: 0 }, 'only the bundle script exists; no element came from data');
  });

  it('fits a narrow panel: only the challenge table scrolls sideways', async () => {
    page = await panel.open({ theme: 'dark' });
    await page.setViewportSize({ width: 480, height: 900 });
    await showState(page, fullRun);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.poll(overflow, { message: 'the page is no wider than the panel' }).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: 'Challenges table' });
    await expect.poll(() => region.evaluate((el) => el.scrollWidth > el.clientWidth), { message: 'the table scrolls inside its region' }).toBe(true);
    await page.screenshot({ path: path.join(OUTPUT, 'narrow.png'), fullPage: true });
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`looks right in the ${theme} theme (screenshot)`, async () => {
      page = await panel.open({ theme });
      await showState(page, { ...fullRun, live: null });
      await page.getByRole('button', { name: 'C3: show details' }).click();
      await setTheme(page, theme);
      const colors = () =>
        page.evaluate(() => {
          const css = (el: Element | null | undefined) => (el ? getComputedStyle(el) : null);
          const root = document.querySelector('vp-app')?.shadowRoot;
          const card = root?.querySelector('vp-verdict-card')?.shadowRoot?.querySelector('section');
          return { body: css(document.body)?.backgroundColor, text: css(root?.querySelector('h1'))?.color, cardBorder: css(card)?.borderTopColor };
        });
      const expected = {
        light: { body: 'rgb(255, 255, 255)', text: 'rgb(59, 59, 59)', cardBorder: 'rgb(229, 229, 229)' },
        dark: { body: 'rgb(31, 31, 31)', text: 'rgb(204, 204, 204)', cardBorder: 'rgb(43, 43, 43)' },
        'high-contrast': { body: 'rgb(0, 0, 0)', text: 'rgb(255, 255, 255)', cardBorder: 'rgb(111, 195, 223)' },
      }[theme];
      await expect.poll(colors).toEqual(expected);
      await page.screenshot({ path: path.join(OUTPUT, `${theme}.png`), fullPage: true });
    });
  }
});
