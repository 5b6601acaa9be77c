/**
 * Render tests: the built webview bundle in headless Chromium, driven through
 * the real protocol with recorded states (test/webview/fixtures/*.json).
 * Run with `npm run test:webview` (builds the bundle first when stale).
 * Every check of the page is an auto-retrying `expect` (see harness.ts): the
 * panel re-renders asynchronously, so nothing is read once.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reduceLive } from '../../src/core/live-state';
import type { RunEvent } from '../../src/core/run-types';
import { LiveRun, PanelState, type WebviewMessage } from '../../src/shared/webview-protocol';
import { OUTPUT, WebviewHarness, expect, post, sent, setTheme, showState, waitForSent } from './harness';

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8'));
const fullRun = PanelState.parse(fixture('full-run'));
const xssRaw = fixture('xss-run') as { payloads: string[] };
const xssRun = PanelState.parse(xssRaw);
const liveFixture = fixture('live-run') as { events: RunEvent[]; marks: Record<'midFirstIteration' | 'afterFirstIteration' | 'waitingCheckpoint', number> };

function liveAfter(count: number): LiveRun {
  return LiveRun.parse(liveFixture.events.slice(0, count).reduce<LiveRun | null>(reduceLive, null));
}

type Request = Extract<WebviewMessage, { type: 'request' }>;
/** Regular expressions match the text as the user sees it (innerText), like the checks did before they retried. */
const INNER_TEXT = { useInnerText: true };

const isRequest =
  (action: string) =>
  (m: WebviewMessage): m is Request =>
    m.type === 'request' && m.request.action === action;

describe('webview panel (Chromium)', function () {
  this.timeout(60_000);
  const harness = new WebviewHarness();
  let page: Page;

  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    await harness.start();
  });
  after(async () => harness.stop());
  afterEach(async function () {
    if (!page) return;
    const violations = await page.evaluate(() => window.__vp.violations);
    const pwned = await page.evaluate(() => window.__pwned);
    await page.close();
    assert.deepEqual(violations, [], 'no Content-Security-Policy violations');
    assert.equal(pwned, undefined, 'no injected code ran');
    assert.deepEqual(harness.dialogs, [], 'no dialogs and no page errors');
  });

  it('has valid recorded states', () => {
    assert.equal(fullRun.result?.iterations.length, 3);
    assert.equal(xssRun.result?.iterations.length, 3);
    assert.equal(liveAfter(liveFixture.events.length).status, 'waiting');
  });

  it('says ready first and waits for the host', async () => {
    page = await harness.open();
    const messages = await sent(page);
    assert.deepEqual(messages[0], { type: 'ready' });
    assert.equal(messages.length, 1, 'nothing but ready before the host sends state');
    await expect(page.locator('[data-testid=waiting]')).toHaveText('Waiting for the editor…');
  });

  it('renders every section of a finished three-iteration run', async () => {
    page = await harness.open();
    await showState(page, fullRun);

    await expect(page.locator('[data-testid=verdict]')).toHaveText('REVISE');
    await expect(page.locator('[data-testid=quality-score]')).toHaveText(/^7\/10/, INNER_TEXT);
    await expect(page.locator('[data-testid=next-step]')).toHaveText(/point-in-time recovery/, INNER_TEXT);
    await expect(page.locator('[data-testid=confidence]')).toHaveText(/75% \(3\/4 assertions passing\)/, INNER_TEXT);
    await expect(page.locator('[data-section=tech-debt]')).toHaveText(/Technical debt warning[\s\S]*C4[\s\S]*C7[\s\S]*C8/, INNER_TEXT);
    // Issue #11 item 2: the user's decisions, in the user's words, beside the verdict they do not change.
    await expect(page.locator('[data-testid=user-decisions]')).toHaveText(/C1 you answered: “We can take a 10 minute maintenance window at night\.”/, INNER_TEXT);
    await expect(page.locator('[data-testid=total-cost]')).toHaveText(/^\$1\.\d\d$/, INNER_TEXT);
    // Issue 12 item 6: which model ran each role, from the call records.
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
    await expect(second.locator('[data-testid=degradation]')).toHaveText('DEGRADATION');
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
    page = await harness.open();
    await showState(page, continued);
    await expect(page.locator('[data-testid=failure]')).toHaveCount(4);
    await expect(page.locator('[data-testid=failure]').first()).toHaveText(/Resolver failed in iteration 1: the spending cap was reached before it could start\./, INNER_TEXT);
    await expect(page.locator('[data-testid=forced-exit]')).toHaveCount(0);

    const forced = PanelState.parse({ ...fullRun, result: { ...base, failures: [...earlyFailures, ...base.failures], partial: true, stopCause: 'agent_failures' } });
    await showState(page, forced);
    await expect(page.locator('[data-testid=forced-exit]')).toHaveText(/Agent failures in iteration 3 forced the run to stop there/, INNER_TEXT);
  });

  it('shows how a challenge went OPEN → UNRESOLVED → RESOLVED, with its evidence', async () => {
    page = await harness.open();
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
    page = await harness.open();
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
    page = await harness.open();
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
    page = await harness.open();
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

  it('sends actions as requests with ids and shows the replies', async () => {
    page = await harness.open();
    await showState(page, fullRun);
    const plan = fullRun.planPath;

    await page.locator('[data-testid=challenge-row][data-id=C3]').getByRole('button', { name: 'Reveal the plan line of C3' }).click();
    const reveal = await waitForSent(page, isRequest('reveal'));
    assert.deepEqual(reveal.request, { action: 'reveal', planPath: plan, challengeId: 'C3' });
    await post(page, { type: 'reply', id: reveal.id, ok: true });

    const ackButton = page.getByRole('button', { name: 'Acknowledge the risk of C2' });
    await ackButton.click();
    const ack = await waitForSent(page, isRequest('acknowledge'));
    assert.deepEqual(ack.request, { action: 'acknowledge', planPath: plan, challengeId: 'C2' });
    assert.notEqual(ack.id, reveal.id, 'each request has its own id');
    await expect(ackButton, 'busy until the reply arrives').toBeDisabled();
    await post(page, { type: 'reply', id: ack.id, ok: false, error: 'Could not save the decision: disk full' });
    await expect(page.getByRole('alert')).toHaveText('Could not save the decision: disk full');
    await expect(ackButton).toBeEnabled();

    await page.getByRole('button', { name: 'Export the report as Markdown' }).click();
    const exp = await waitForSent(page, isRequest('export'));
    await post(page, { type: 'reply', id: exp.id, ok: true });
    await expect(page.locator('[data-testid=notice]')).toHaveText('Report exported.');

    await page.getByRole('button', { name: 'Re-verify the plan' }).click();
    const again = await waitForSent(page, isRequest('reverify'));
    assert.deepEqual(again.request, { action: 'reverify', planPath: plan });

    // Acknowledge is only offered for challenges that are still open and not yet decided.
    await expect(page.getByRole('button', { name: 'Acknowledge the risk of C3' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Acknowledge the risk of C6' })).toHaveCount(0);
  });

  it('follows a live run: phase, agents, partial results, failures in words, checkpoint, cancel', async () => {
    page = await harness.open();
    const { midFirstIteration, afterFirstIteration, waitingCheckpoint } = liveFixture.marks;
    const plan = fullRun.planPath;

    await showState(page, { planPath: plan, result: null, live: liveAfter(midFirstIteration) });
    await expect(page.locator('[data-testid=live-phase]')).toHaveText('Iteration 1 · Challenging the plan');
    await expect(page.locator('[data-testid=live-agents]')).toHaveText(
      /Challenger · claude-opus-4-6 · 147 chars[\s\S]*Domain expert · claude-sonnet-4-6 · 16 chars[\s\S]*Devil's advocate · claude-opus-4-6/,
      INNER_TEXT,
    );
    await expect(page.locator('[data-testid=verdict]')).toHaveText('Running…');
    await expect(page.locator('[data-section=timeline]')).toHaveText(/No iteration has finished yet/, INNER_TEXT);

    await showState(page, { planPath: plan, result: null, live: liveAfter(afterFirstIteration) });
    await expect(page.locator('[data-testid=live-message]')).toHaveText(/Iteration 1: 0 resolved, 5 remaining/, INNER_TEXT);
    await expect(page.locator('[data-testid=challenge-row]'), 'partial results are shown').toHaveCount(5);
    await expect(page.locator('[data-testid=iteration]')).toHaveCount(1);
    await expect(page.locator('[data-testid=failure]')).toHaveText(/Devil's advocate failed in iteration 1: its answer did not match the expected format/, INNER_TEXT);
    await expect(page.locator('[data-testid=live-tools]')).toHaveText(/\.env: refused, secrets are never read\s*\(refused or failed\)/);

    await showState(page, { planPath: plan, result: null, live: liveAfter(waitingCheckpoint) });
    await expect(page.locator('[data-testid=live-checkpoint]')).toHaveText(/A blocking challenge needs your decision:\s*C1: the migration locks/, INNER_TEXT);
    await expect(page.getByRole('button', { name: 'Re-verify the plan' }), 'no re-verify while running').toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel the verification' }).click();
    const cancel = await waitForSent(page, isRequest('cancel'));
    assert.deepEqual(cancel.request, { action: 'cancel' });
    await expect(page.getByRole('button', { name: 'Cancel the verification' })).toHaveText('Cancelling…');
    await post(page, { type: 'reply', id: cancel.id, ok: true });

    // The finished run replaces the live view.
    const finished = reduceLive(liveAfter(waitingCheckpoint), { type: 'run-finished', result: { ...fullRun.result!, runId: 'run-live-0930' } });
    await showState(page, { planPath: plan, result: { ...fullRun.result!, runId: 'run-live-0930' }, live: finished });
    await expect(page.locator('[data-section=live]')).toHaveCount(0);
    await expect(page.locator('[data-testid=verdict]')).toHaveText('REVISE');
  });

  it("names the editor's model (vscode.lm) that ran, and says tokens and cost were not reported instead of $0, finished and live", async () => {
    page = await harness.open();
    const editor = 'copilot/claude-sonnet-4/claude-sonnet-4';
    const none = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
    const base = fullRun.result!;
    const result = { ...base, usageReported: false, usage: none, costUsd: 0, calls: base.calls.map((c) => ({ ...c, model: editor, usage: none, cost_usd: 0 })) };
    await showState(page, { ...fullRun, result });
    await expect(page.locator('[data-testid=models]')).toHaveText(
      `${editor} (Challenger, Domain expert, Devil's advocate, Resolver, Researcher, Synthesizer, Auditor)`,
      INNER_TEXT,
    );
    await expect(page.locator('[data-testid=total-cost]')).toHaveText('not reported by this API');
    await expect(page.locator('[data-testid=total-tokens]')).toHaveText('not reported by this API');
    await expect(page.locator('[data-testid=iteration-usage]').nth(1)).toHaveText('5 calls', INNER_TEXT);

    // Live: the run-started event says the provider reports no usage; agents are named by the model that serves them.
    const events = liveFixture.events.slice(0, liveFixture.marks.midFirstIteration).map((e): RunEvent => {
      if (e.type === 'run-started') return { ...e, usageReported: false };
      if (e.type === 'agent-started') return { ...e, model: editor };
      return e;
    });
    const live = LiveRun.parse(events.reduce<LiveRun | null>(reduceLive, null));
    await showState(page, { planPath: fullRun.planPath, result: null, live });
    await expect(page.locator('[data-testid=live-agents]')).toHaveText(new RegExp(`Challenger · ${editor.replace(/[/.]/g, '\\$&')}`), INNER_TEXT);
    await expect(page.locator('[data-testid=live-cost]')).toHaveText('tokens and cost not reported by this API');
  });

  it('keeps the previous result visible under a new run until its first iteration ends', async () => {
    page = await harness.open();
    await showState(page, { ...fullRun, live: liveAfter(liveFixture.marks.midFirstIteration) });
    await expect(page.locator('[data-section=live]')).toHaveCount(1);
    await expect(page.locator('[data-testid=previous-run]')).toHaveCount(1);
    await expect(page.locator('[data-testid=challenge-row]')).toHaveCount(8);
  });

  it('shows model and plan text literally and runs none of it', async () => {
    page = await harness.open();
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

  it('reports a malformed message in words and keeps working', async () => {
    page = await harness.open();
    await showState(page, fullRun);
    await post(page, { type: 'state', state: { planPath: 3 } });
    await post(page, '<img src=x onerror=alert(1)>');
    const problem = page.locator('[data-testid=problem]');
    await problem.waitFor();
    await expect(problem).toHaveText(/could not read/, INNER_TEXT);
    await expect(page.locator('[data-testid=verdict]'), 'the last good state stays').toHaveText('REVISE');
    await showState(page, { ...fullRun, result: { ...fullRun.result!, verdict: 'PROCEED' } });
    await expect(problem).toHaveCount(0);
    await expect(page.locator('[data-testid=verdict]')).toHaveText('PROCEED');
  });

  it('tells the host what it drew and persists the last run for a reload', async () => {
    page = await harness.open();
    await showState(page, { ...fullRun, live: liveAfter(liveFixture.marks.afterFirstIteration) });
    const rendered = (await sent(page)).filter((m) => m.type === 'rendered').at(-1);
    assert.deepEqual(rendered, { type: 'rendered', planPath: fullRun.planPath, verdict: null, running: true });
    type Persisted = { planPath: string; result: { runId: string }; live?: unknown };
    const saved = () => page.evaluate(() => window.__vp.state as Persisted | null);
    await expect.poll(async () => (await saved())?.result.runId).toBe(fullRun.result!.runId);
    const persisted = (await saved())!;
    assert.equal(persisted.planPath, fullRun.planPath);
    assert.equal(persisted.live, undefined, 'a live run is not persisted');
    await page.close();

    page = await harness.open({ persisted });
    await expect(page.locator('[data-testid=verdict]'), 'restored before the host answers').toHaveText('REVISE');
    assert.deepEqual(
      (await sent(page)).map((m) => m.type),
      ['ready'],
    );
    await page.close();

    page = await harness.open({ persisted: { planPath: 7, result: 'corrupt' } });
    await expect(page.locator('[data-testid=waiting]'), 'a corrupt saved state is dropped').toHaveCount(1);
  });

  it('fits a narrow panel: only the challenge table scrolls sideways', async () => {
    page = await harness.open({ theme: 'dark' });
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
      page = await harness.open({ theme });
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
