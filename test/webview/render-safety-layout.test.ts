/**
 * Render tests, untrusted text and layout: model and plan text shown
 * literally (none of it runs), the challenges as cards in a narrow panel and
 * as a table in a wide one, the three themes (screenshots
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

  // Below about 800 px the seven columns do not fit: each challenge becomes a card. Either way nothing is cut off.
  for (const { width, layout } of [
    { width: 440, layout: 'cards' },
    { width: 1000, layout: 'table' },
  ] as const) {
    it(`at ${width} px shows the challenges as ${layout} with every field and button inside the panel, nothing clipped`, async () => {
      page = await panel.open({ theme: 'dark' });
      await page.setViewportSize({ width, height: 900 });
      const result = { ...fullRun.result!, planLines: { C1: 5, C2: 14, C3: 22, C6: 31 } };
      await showState(page, { ...fullRun, result, live: null, evidenceTargets: ['src/webhooks/retry.ts:42'] });
      const rows = page.locator('[data-testid=challenge-row]');
      await expect(rows).toHaveCount(8);
      await expect.poll(() => rows.first().evaluate((el) => getComputedStyle(el).display)).toBe(layout === 'cards' ? 'block' : 'table-row');
      // Every field of a row is there, labelled in the card layout.
      const c2 = page.locator('[data-testid=challenge-row][data-id=C2]');
      await expect(c2).toHaveText(/C2[\s\S]*SIGNIFICANT[\s\S]*Line 14[\s\S]*UNRESOLVED[\s\S]*Re-numbering invoices/, INNER_TEXT);
      await expect(c2.locator('[data-testid=claim]')).toBeVisible();
      await expect(c2.locator('[data-testid=concern]')).toBeVisible();
      await expect(c2.locator('[data-testid=resolution]')).toBeAttached();
      if (layout === 'cards') {
        const labels = await c2.locator('td').evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content));
        assert.deepEqual(labels, ['"ID"', '"Severity"', '"Line"', '"Status"', '"Claim"', '"Raised by"', '"Resolution"']);
      }
      await expect(page.locator('[data-testid=challenge-row][data-id=C6] [data-testid=row-decision]')).toHaveText('acknowledged');
      // Open two rows so their details and evidence links are measured too.
      await page.getByRole('button', { name: 'C3: show details' }).click();
      await page.getByRole('button', { name: 'C6: show details' }).click();
      await expect(page.locator('#details-C6')).toBeVisible();

      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: 'no horizontal scroll' }).toBeLessThanOrEqual(0);
      const buttons = page.locator('vp-challenge-table button');
      const count = await buttons.count();
      // Per row: details toggle and plan line; Acknowledge on C2 (C6 is acknowledged); the evidence link in C3's details.
      assert.equal(count, 8 * 2 + 1 + 1, 'row buttons');
      for (let i = 0; i < count; i++) {
        const b = buttons.nth(i);
        await b.scrollIntoViewIfNeeded();
        await expect(b).toBeVisible();
        const box = await b.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= width && box.width > 0 && box.height > 0,
          `button ${i} (${await b.innerText()}) inside the panel: ${JSON.stringify(box)}`,
        );
      }
      // No element cuts off its own text: content never wider than the box it sits in.
      const clipped = await page.locator('vp-challenge-table').evaluate((host) => {
        const out: string[] = [];
        // Text only for screen readers is clipped on purpose (a 1 px box with a clip rectangle).
        const forScreenReaders = (el: Element | null): boolean => {
          for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).clip !== 'auto') return true;
          return false;
        };
        const walk = (root: ShadowRoot | Element) =>
          root.querySelectorAll('*').forEach((el) => {
            if (el.shadowRoot) walk(el.shadowRoot);
            const h = el as HTMLElement;
            if (!forScreenReaders(h) && h.clientWidth > 0 && h.scrollWidth > h.clientWidth + 1)
              out.push(`${h.tagName.toLowerCase()}.${h.className} ${h.scrollWidth}>${h.clientWidth}: ${h.innerText.slice(0, 40)}`);
          });
        walk(host.shadowRoot!);
        return out;
      });
      assert.deepEqual(clipped, [], 'no clipped text');
      await page.screenshot({ path: path.join(OUTPUT, `challenges-${width}.png`), fullPage: true });
      // The first rows at readable size: the table's top 1000 px.
      const top = await page.locator('vp-challenge-table').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      await page.screenshot({ path: path.join(OUTPUT, `challenges-${width}-rows.png`), fullPage: true, clip: { x: 0, y: top, width, height: 1000 } });
    });
  }

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
