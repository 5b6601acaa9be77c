/**
 * Shared by the panel's render suites (render-*.test.ts): the recorded states
 * (fixtures/*.json) and `usePanelSuite()`, the suite set-up. Each suite
 * starts its own Chromium; after each test the page it opened last is checked
 * for what must never happen in any state: a Content-Security-Policy
 * violation, injected code that ran, a dialog or a page error.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reduceLive } from '../../src/core/live-state';
import type { RunEvent } from '../../src/core/run-types';
import { LiveRun, PanelState, type WebviewMessage } from '../../src/shared/webview-protocol';
import { OUTPUT, WebviewHarness } from './harness';

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8'));
/** A finished three-iteration REVISE run. */
export const fullRun = PanelState.parse(fixture('full-run'));
/** A run whose model and plan text carry script/markup payloads (`payloads`: each must show literally). */
export const xssRaw = fixture('xss-run') as { payloads: string[] };
export const xssRun = PanelState.parse(xssRaw);
/** A recorded live run: its events, and the event counts at which it is mid-iteration, past iteration 1, waiting at a checkpoint. */
export const liveFixture = fixture('live-run') as { events: RunEvent[]; marks: Record<'midFirstIteration' | 'afterFirstIteration' | 'waitingCheckpoint', number> };

/** The live state after the first `count` recorded events, reduced as the host does. */
export function liveAfter(count: number): LiveRun {
  return LiveRun.parse(liveFixture.events.slice(0, count).reduce<LiveRun | null>(reduceLive, null));
}

/** Regular expressions match the text as the user sees it (innerText), like the checks did before they retried. */
export const INNER_TEXT = { useInnerText: true };

export type Request = Extract<WebviewMessage, { type: 'request' }>;
export const isRequest =
  (action: string) =>
  (m: WebviewMessage): m is Request =>
    m.type === 'request' && m.request.action === action;

/**
 * Registers the suite's hooks in the calling `describe` (Chromium started
 * before, stopped after) and returns `open`, which opens a fresh panel page
 * (WebviewHarness.open) that the after-each checks cover.
 */
export function usePanelSuite(): { open: WebviewHarness['open'] } {
  const harness = new WebviewHarness();
  let last: Page | undefined;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    await harness.start();
  });
  after(async () => harness.stop());
  afterEach(async function () {
    const page = last;
    last = undefined;
    if (!page) return;
    const violations = await page.evaluate(() => window.__vp.violations);
    const pwned = await page.evaluate(() => window.__pwned);
    await page.close();
    assert.deepEqual(violations, [], 'no Content-Security-Policy violations');
    assert.equal(pwned, undefined, 'no injected code ran');
    assert.deepEqual(harness.dialogs, [], 'no dialogs and no page errors');
  });
  return {
    open: async (options) => {
      last = await harness.open(options);
      return last;
    },
  };
}
