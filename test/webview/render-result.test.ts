/**
 * Render tests, finished run: the built webview bundle in headless Chromium,
 * driven through the real protocol with recorded states
 * (test/webview/fixtures/*.json): every section of a finished run, challenge
 * history, "open in report", filters, keyboard navigation.
 * Run with `npm run test:webview` (builds the bundle first when stale).
 * Every check of the page is an auto-retrying `expect` (see harness.ts): the
 * panel re-renders asynchronously, so nothing is read once.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PanelState } from '../../src/shared/webview-protocol';
import { expect, sent, showState } from './harness';
import { fullRun, INNER_TEXT, liveAfter, liveFixture, xssRun, usePanelSuite } from './panel-suite';

describe('webview panel (Chromium): a finished run', function () {
  this.timeout(60_000);
  const panel = usePanelSuite();
  let page: Page;

  it('has valid recorded states', () => {
    assert.equal(fullRun.result?.iterations.length, 3);
    assert.equal(xssRun.result?.iterations.length, 3);
    assert.equal(liveAfter(liveFixture.events.length).status, 'waiting');
  });

  it('says ready first and waits for the host', async () => {
    page = await panel.open();
    const messages = await sent(page);
    assert.deepEqual(messages[0], { type: 'ready' });
    assert.equal(messages.length, 1, 'nothing but ready before the host sends state');
    await expect(page.locator('[data-testid=waiting]')).toHaveText('Waiting for the editor…');
  });

  it('renders every section of a finished three-iteration run', async () => {
    page = await panel.open();
    await showState(page, fullRun);

    await expect(page.locator('[data-testid=verdict]')).toHaveText('REVISE');
    await expect(page.locator('[data-testid=quality-score]')).toHaveText(/^7\/10/, INNER_TEXT);
    await expect(page.locator('[data-testid=next-step]')).toHaveText(/point-in-time recovery/, INNER_TEXT);
    await expect(page.locator('[data-testid=confidence]')).toHaveText(/75% \(3\/4 assertions passing\)/, INNER_TEXT);
    await expect(page.locator('[data-section=tech-debt]')).toHaveText(/Technical debt warning[\s\S]*C4[\s\S]*C7[\s\S]*C8/, INNER_TEXT);
    // The user's decisions, in the user's words, beside the verdict they do not change.
    await expect(page.locator('[data-testid=user-decisions]')).toHaveText(
      /^C1 \(iteration 2\): you answered: “We can take a 10 minute maintenance window at night\.”$/,
      INNER_TEXT,
    );
    await expect(page.locator('[data-testid=total-cost]')).toHaveText(/^\$1\.\d\d$/, INNER_TEXT);
    // Which model ran each role, from the call records.
    await expect(page.locator('[data-testid=model]')).toHaveText(
      [/^claude-opus-4-6 \(Challenger, Devil's advocate, Synthesizer, Auditor\)$/, /^claude-sonnet-4-6 \(Domain expert, Resolver, Researcher\)$/],
      INNER_TEXT,
    );

    const iterations = page.locator('[data-testid=iteration]');
    await expect(iterations).toHaveCount(3);
    const second = iterations.nth(1);
    await expect(second.locator('[data-testid=opened]')).toHaveText('2');
    await expect(second.locator('[data-testid=resolved]')).toHaveText('1');
    await expect(second.locator('[data-testid=blocking-open]')).toHaveText('0');
    await expect(second.locator('[data-testid=significant-open]')).toHaveText('3');
    await expect(second.locator('[data-testid=degradation]')).toHaveText('more new challenges than resolved');
    await expect(second.locator('[data-testid=checkpoint]')).toHaveText(/blocked, C1\): you provided context — “We can take a 10 minute maintenance window/, INNER_TEXT);
    await expect(second.locator('[data-testid=iteration-usage]')).toHaveText(/tokens · \$0\.41 · 5 calls/, INNER_TEXT);
    await expect(iterations.nth(0).locator('[data-testid=degradation]')).toHaveCount(0);
    await expect(page.locator('[data-testid=other-usage]')).toHaveText(/1 calls/, INNER_TEXT);

    await expect(page.locator('[data-testid=challenge-row]')).toHaveCount(8);
    await expect(page.locator('[data-testid=unknown]')).toHaveCount(4);
    await expect(page.locator('[data-testid=surfaced]')).toHaveCount(3);
    await expect(page.locator('[data-testid=probed]')).toHaveCount(2);
    await expect(page.locator('[data-testid=assertion]')).toHaveCount(4);

    await expect(page.locator('[data-testid=dimension-bar]')).toHaveCount(6);
    const risk = page.locator('[data-testid=dimension-bar][aria-label^="Risk Coverage"]');
    await expect(risk).toHaveAttribute('aria-label', 'Risk Coverage: 7 out of 10; the auditor scored 5');
    await expect(page.locator('[data-testid=discrepancy]')).toHaveText(/synthesizer 7, auditor 5/, INNER_TEXT);
    await expect(page.locator('[data-testid=audit-summary]')).toHaveText(/disputes the score/, INNER_TEXT);

    await expect(page.locator('[data-testid=failure]')).toHaveText(
      [
        /Devil's advocate failed in iteration 2: its answer did not match the expected format\. Its challenges from the previous iteration were carried forward\./,
        /Researcher failed in iteration 3: it timed out\. Research was skipped/,
      ],
      INNER_TEXT,
    );
    await expect(page.locator('[data-testid=forced-exit]')).toHaveCount(0);
  });

  it("says the run stopped at an iteration only when the run's stop cause says agent failures forced it (a cap or cancel failure is not counted)", async () => {
    // Iteration 1 had a timeout and an agent the spending cap never started: two failures, but the loop
    // counts only the timeout (failure protocol 4 ignores cancelled and budget failures), so it went on.
    const base = fullRun.result!;
    const earlyFailures = [
      { role: 'resolver' as const, kind: 'budget' as const, iteration: 1, message: 'Spending cap of $5.00 reached; no further agent calls.' },
      { role: 'researcher' as const, kind: 'timeout' as const, iteration: 1, message: 'after 120 s' },
    ];
    const continued = PanelState.parse({ ...fullRun, result: { ...base, failures: [...earlyFailures, ...base.failures], stopCause: 'max_iterations' } });
    page = await panel.open();
    await showState(page, continued);
    await expect(page.locator('[data-testid=failure]')).toHaveCount(4);
    await expect(page.locator('[data-testid=failure]').first()).toHaveText(/Resolver failed in iteration 1: the spending cap was reached before it could start\./, INNER_TEXT);
    await expect(page.locator('[data-testid=forced-exit]')).toHaveCount(0);

    const forced = PanelState.parse({ ...fullRun, result: { ...base, failures: [...earlyFailures, ...base.failures], partial: true, stopCause: 'agent_failures' } });
    await showState(page, forced);
    await expect(page.locator('[data-testid=forced-exit]')).toHaveText(/Agent failures in iteration 3 forced the run to stop there/, INNER_TEXT);
  });

  it('shows how a challenge went OPEN → UNRESOLVED → RESOLVED, with its evidence', async () => {
    page = await panel.open();
    await showState(page, fullRun);
    const c3 = page.locator('[data-testid=challenge-row][data-id=C3]');
    await expect(c3.locator('[data-testid=status-history]')).toHaveText('I1 OPEN → I2 UNRESOLVED → I3 RESOLVED');
    await expect(c3.locator('[data-testid=resolution]')).toHaveText(/caps retries at 24h/, INNER_TEXT);
    const c6 = page.locator('[data-testid=challenge-row][data-id=C6]');
    await expect(c6.locator('[data-testid=status-history]')).toHaveText('I2 OPEN → I3 UNRESOLVED');
    await expect(c6).toHaveText(/acknowledged/, INNER_TEXT);

    const toggle = c3.getByRole('button', { name: 'C3: show details' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(c3.getByRole('button', { name: 'C3: hide details' })).toHaveAttribute('aria-expanded', 'true');
    const details = page.locator('#details-C3');
    await expect(details).toHaveText(/The webhook handler retries failed deliveries forever\./, INNER_TEXT);
    const evidence = details.locator('[data-testid=evidence]');
    await expect(evidence).toHaveCount(2);
    await expect(evidence.first()).toHaveText(/src\/webhooks\/retry\.ts:42 \(citation checked\)/, INNER_TEXT);
    await expect(details).toHaveText(/Iteration 2: UNRESOLVED — No retry cap found/, INNER_TEXT);
  });

  it('"open in report" scrolls to a challenge and expands it, even when a filter hid it', async () => {
    page = await panel.open();
    await showState(page, fullRun);
    await page.getByRole('checkbox', { name: 'minor' }).uncheck();
    await showState(page, { ...fullRun, focus: { challengeId: 'C4', seq: 1 } });
    const toggle = page.getByRole('button', { name: 'C4: hide details' });
    await toggle.waitFor();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => toggle.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), { message: 'the row has keyboard focus' }).toBe(true);
    // The same request re-sent with a later state does not move the user again.
    await toggle.click();
    await showState(page, { ...fullRun, focus: { challengeId: 'C4', seq: 1 } });
    await expect(page.getByRole('button', { name: 'C4: show details' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters challenges by severity and status', async () => {
    page = await panel.open();
    await showState(page, fullRun);
    const rows = page.locator('[data-testid=challenge-row]');
    const ids = async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).join(',');
    const count = page.locator('[data-testid=challenge-count]');

    await page.getByRole('checkbox', { name: 'minor' }).uncheck();
    await expect.poll(ids).toBe('C1,C2,C3,C6');
    await expect(count).toHaveText('Showing 4 of 8');

    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('ATTENTION');
    await expect.poll(ids).toBe('C2,C6');

    await page.getByRole('checkbox', { name: 'significant' }).uncheck();
    await expect.poll(ids).toBe('');
    await expect(count).toHaveText('Showing 0 of 8');

    await page.getByRole('checkbox', { name: 'minor' }).check();
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('DEFERRED');
    await expect.poll(ids).toBe('C4,C7,C8');

    // A new state keeps the user's filters.
    await showState(page, fullRun);
    await expect.poll(ids).toBe('C4,C7,C8');
  });

  it('is keyboard navigable', async () => {
    page = await panel.open();
    await showState(page, fullRun);
    await page.getByRole('button', { name: 'C1: show details' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'C3: hide details' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await page.keyboard.press(' ');
    await expect(page.locator('#details-C8')).toHaveCount(1);
    await page.keyboard.press('Home');
    const focused = () =>
      page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.getAttribute('aria-label');
      });
    await expect.poll(focused).toBe('C1: show details');
    // Filters are reachable with Tab and toggled with Space.
    await page.getByRole('checkbox', { name: 'blocking' }).focus();
    await page.keyboard.press(' ');
    await expect(page.locator('[data-testid=challenge-row][data-severity=BLOCKING]')).toHaveCount(0);
  });
});
