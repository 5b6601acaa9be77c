/**
 * Render tests: the built webview bundle in headless Chromium, driven through
 * the real protocol with recorded states (test/webview/fixtures/*.json).
 * Run with `npm run test:webview` (builds the bundle first when stale).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reduceLive } from '../../src/core/live-state';
import type { RunEvent } from '../../src/core/run-types';
import { LiveRun, PanelState, type WebviewMessage } from '../../src/shared/webview-protocol';
import { OUTPUT, WebviewHarness, post, sent, setTheme, showState, waitForSent } from './harness';

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8'));
const fullRun = PanelState.parse(fixture('full-run'));
const xssRaw = fixture('xss-run') as { payloads: string[] };
const xssRun = PanelState.parse(xssRaw);
const liveFixture = fixture('live-run') as { events: RunEvent[]; marks: Record<'midFirstIteration' | 'afterFirstIteration' | 'waitingCheckpoint', number> };

function liveAfter(count: number): LiveRun {
  return LiveRun.parse(liveFixture.events.slice(0, count).reduce<LiveRun | null>(reduceLive, null));
}

type Request = Extract<WebviewMessage, { type: 'request' }>;
const isRequest =
  (action: string) =>
  (m: WebviewMessage): m is Request =>
    m.type === 'request' && m.request.action === action;

const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();

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
    assert.equal(await page.locator('[data-testid=waiting]').innerText(), 'Waiting for the editor…');
  });

  it('renders every section of a finished three-iteration run', async () => {
    page = await harness.open();
    await showState(page, fullRun);

    assert.equal(await page.locator('[data-testid=verdict]').innerText(), 'REVISE');
    assert.match(await page.locator('[data-testid=quality-score]').innerText(), /^7\/10/);
    assert.match(await page.locator('[data-testid=next-step]').innerText(), /point-in-time recovery/);
    assert.match(await page.locator('[data-testid=confidence]').innerText(), /75% \(3\/4 assertions passing\)/);
    assert.match(await page.locator('[data-section=tech-debt]').innerText(), /Technical debt warning[\s\S]*C4[\s\S]*C7[\s\S]*C8/);
    assert.match(await page.locator('[data-testid=total-cost]').innerText(), /^\$1\.\d\d$/);

    const iterations = page.locator('[data-testid=iteration]');
    assert.equal(await iterations.count(), 3);
    const second = iterations.nth(1);
    assert.equal(await second.locator('[data-testid=opened]').innerText(), '2');
    assert.equal(await second.locator('[data-testid=resolved]').innerText(), '1');
    assert.equal(await second.locator('[data-testid=blocking-open]').innerText(), '0');
    assert.equal(await second.locator('[data-testid=significant-open]').innerText(), '3');
    assert.equal(await second.locator('[data-testid=degradation]').innerText(), 'DEGRADATION');
    assert.match(await second.locator('[data-testid=checkpoint]').innerText(), /blocked, C1\): you provided context — “We can take a 10 minute maintenance window/);
    assert.match(await second.locator('[data-testid=iteration-usage]').innerText(), /tokens · \$0\.41 · 5 calls/);
    assert.equal(await iterations.nth(0).locator('[data-testid=degradation]').count(), 0);
    assert.match(await page.locator('[data-testid=other-usage]').innerText(), /1 calls/);

    assert.equal(await page.locator('[data-testid=challenge-row]').count(), 8);
    assert.equal(await page.locator('[data-testid=unknown]').count(), 4);
    assert.equal(await page.locator('[data-testid=surfaced]').count(), 3);
    assert.equal(await page.locator('[data-testid=probed]').count(), 2);
    assert.equal(await page.locator('[data-testid=assertion]').count(), 4);

    assert.equal(await page.locator('[data-testid=dimension-bar]').count(), 6);
    const risk = page.locator('[data-testid=dimension-bar][aria-label^="Risk coverage"]');
    assert.equal(await risk.getAttribute('aria-label'), 'Risk coverage: 7 out of 10; the auditor scored 5');
    assert.match(await page.locator('[data-testid=discrepancy]').innerText(), /synthesizer 7, auditor 5/);
    assert.match(await page.locator('[data-testid=audit-summary]').innerText(), /disputes the score/);

    const failures = await texts(page, '[data-testid=failure]');
    assert.equal(failures.length, 2);
    assert.match(failures[0]!, /Devil's advocate gave an answer that could not be read \(iteration 2\)\. Its challenges from the previous iteration were carried forward\./);
    assert.match(failures[1]!, /Researcher did not answer in time \(iteration 3\)\. Research was skipped/);
  });

  it('shows how a challenge went OPEN → UNRESOLVED → RESOLVED, with its evidence', async () => {
    page = await harness.open();
    await showState(page, fullRun);
    const c3 = page.locator('[data-testid=challenge-row][data-id=C3]');
    assert.equal(await c3.locator('[data-testid=status-history]').innerText().then((t) => t.replace(/\s+/g, ' ').trim()), 'I1 OPEN → I2 UNRESOLVED → I3 RESOLVED');
    assert.match(await c3.locator('[data-testid=resolution]').innerText(), /caps retries at 24h/);
    const c6 = page.locator('[data-testid=challenge-row][data-id=C6]');
    assert.equal(await c6.locator('[data-testid=status-history]').innerText().then((t) => t.replace(/\s+/g, ' ').trim()), 'I2 OPEN → I3 UNRESOLVED');
    assert.match(await c6.innerText(), /acknowledged/);

    const toggle = c3.getByRole('button', { name: 'C3: show details' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    assert.equal(await c3.getByRole('button', { name: 'C3: hide details' }).getAttribute('aria-expanded'), 'true');
    const details = page.locator('#details-C3');
    assert.match(await details.innerText(), /The webhook handler retries failed deliveries forever\./);
    const evidence = await details.locator('[data-testid=evidence]').allInnerTexts();
    assert.equal(evidence.length, 2);
    assert.match(evidence[0]!, /src\/webhooks\/retry\.ts:42 \(citation checked\)/);
    assert.match(await details.innerText(), /Iteration 2: UNRESOLVED — No retry cap found/);
  });

  it('"open in report" scrolls to a challenge and expands it, even when a filter hid it', async () => {
    page = await harness.open();
    await showState(page, fullRun);
    await page.getByRole('checkbox', { name: 'minor' }).uncheck();
    await showState(page, { ...fullRun, focus: { challengeId: 'C4', seq: 1 } });
    const toggle = page.getByRole('button', { name: 'C4: hide details' });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await toggle.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), true, 'the row has keyboard focus');
    // The same request re-sent with a later state does not move the user again.
    await toggle.click();
    await showState(page, { ...fullRun, focus: { challengeId: 'C4', seq: 1 } });
    assert.equal(await page.getByRole('button', { name: 'C4: show details' }).getAttribute('aria-expanded'), 'false');
  });

  it('filters challenges by severity and status', async () => {
    page = await harness.open();
    await showState(page, fullRun);
    const rows = page.locator('[data-testid=challenge-row]');
    const ids = async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).join(',');
    const count = page.locator('[data-testid=challenge-count]');

    await page.getByRole('checkbox', { name: 'minor' }).uncheck();
    assert.equal(await ids(), 'C1,C2,C3,C6');
    assert.equal(await count.innerText(), 'Showing 4 of 8');

    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('ATTENTION');
    assert.equal(await ids(), 'C2,C6');

    await page.getByRole('checkbox', { name: 'significant' }).uncheck();
    assert.equal(await ids(), '');
    assert.equal(await count.innerText(), 'Showing 0 of 8');

    await page.getByRole('checkbox', { name: 'minor' }).check();
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('DEFERRED');
    assert.equal(await ids(), 'C4,C7,C8');

    // A new state keeps the user's filters.
    await showState(page, fullRun);
    assert.equal(await ids(), 'C4,C7,C8');
  });

  it('is keyboard navigable', async () => {
    page = await harness.open();
    await showState(page, fullRun);
    await page.getByRole('button', { name: 'C1: show details' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('button', { name: 'C3: hide details' }).getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('End');
    await page.keyboard.press(' ');
    assert.equal(await page.locator('#details-C8').count(), 1);
    await page.keyboard.press('Home');
    const focused = await page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.getAttribute('aria-label');
    });
    assert.equal(focused, 'C1: show details');
    // Filters are reachable with Tab and toggled with Space.
    await page.getByRole('checkbox', { name: 'blocking' }).focus();
    await page.keyboard.press(' ');
    assert.equal(await page.locator('[data-testid=challenge-row][data-severity=BLOCKING]').count(), 0);
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
    assert.equal(await ackButton.isDisabled(), true, 'busy until the reply arrives');
    await post(page, { type: 'reply', id: ack.id, ok: false, error: 'Could not save the decision: disk full' });
    assert.equal(await page.getByRole('alert').innerText(), 'Could not save the decision: disk full');
    assert.equal(await ackButton.isDisabled(), false);

    await page.getByRole('button', { name: 'Export the report as Markdown' }).click();
    const exp = await waitForSent(page, isRequest('export'));
    await post(page, { type: 'reply', id: exp.id, ok: true });
    assert.equal(await page.locator('[data-testid=notice]').innerText(), 'Report exported.');

    await page.getByRole('button', { name: 'Re-verify the plan' }).click();
    const again = await waitForSent(page, isRequest('reverify'));
    assert.deepEqual(again.request, { action: 'reverify', planPath: plan });

    // Acknowledge is only offered for challenges that are still open and not yet decided.
    assert.equal(await page.getByRole('button', { name: 'Acknowledge the risk of C3' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Acknowledge the risk of C6' }).count(), 0);
  });

  it('follows a live run: phase, agents, partial results, failures in words, checkpoint, cancel', async () => {
    page = await harness.open();
    const { midFirstIteration, afterFirstIteration, waitingCheckpoint } = liveFixture.marks;
    const plan = fullRun.planPath;

    await showState(page, { planPath: plan, result: null, live: liveAfter(midFirstIteration) });
    assert.equal(await page.locator('[data-testid=live-phase]').innerText(), 'Iteration 1 · Challenging the plan');
    assert.match(await page.locator('[data-testid=live-agents]').innerText(), /Challenger · 147 chars[\s\S]*Domain expert · 16 chars[\s\S]*Devil's advocate/);
    assert.equal(await page.locator('[data-testid=verdict]').innerText(), 'Running…');
    assert.match(await page.locator('[data-section=timeline]').innerText(), /No iteration has finished yet/);

    await showState(page, { planPath: plan, result: null, live: liveAfter(afterFirstIteration) });
    assert.match(await page.locator('[data-testid=live-message]').innerText(), /Iteration 1: 0 resolved, 5 remaining/);
    assert.equal(await page.locator('[data-testid=challenge-row]').count(), 5, 'partial results are shown');
    assert.equal(await page.locator('[data-testid=iteration]').count(), 1);
    assert.match(await page.locator('[data-testid=failure]').innerText(), /Devil's advocate gave an answer that could not be read \(iteration 1\)/);
    assert.match(await page.locator('[data-testid=live-tools]').textContent().then(String), /\.env: refused, secrets are never read\s*\(refused or failed\)/);

    await showState(page, { planPath: plan, result: null, live: liveAfter(waitingCheckpoint) });
    assert.match(await page.locator('[data-testid=live-checkpoint]').innerText(), /A blocking challenge needs your decision:\s*C1: the migration locks/);
    assert.equal(await page.getByRole('button', { name: 'Re-verify the plan' }).count(), 0, 'no re-verify while running');

    await page.getByRole('button', { name: 'Cancel the verification' }).click();
    const cancel = await waitForSent(page, isRequest('cancel'));
    assert.deepEqual(cancel.request, { action: 'cancel' });
    assert.equal(await page.getByRole('button', { name: 'Cancel the verification' }).innerText(), 'Cancelling…');
    await post(page, { type: 'reply', id: cancel.id, ok: true });

    // The finished run replaces the live view.
    const finished = reduceLive(liveAfter(waitingCheckpoint), { type: 'run-finished', result: { ...fullRun.result!, runId: 'run-live-0930' } });
    await showState(page, { planPath: plan, result: { ...fullRun.result!, runId: 'run-live-0930' }, live: finished });
    assert.equal(await page.locator('[data-section=live]').count(), 0);
    assert.equal(await page.locator('[data-testid=verdict]').innerText(), 'REVISE');
  });

  it('keeps the previous result visible under a new run until its first iteration ends', async () => {
    page = await harness.open();
    await showState(page, { ...fullRun, live: liveAfter(liveFixture.marks.midFirstIteration) });
    assert.equal(await page.locator('[data-section=live]').count(), 1);
    assert.equal(await page.locator('[data-testid=previous-run]').count(), 1);
    assert.equal(await page.locator('[data-testid=challenge-row]').count(), 8);
  });

  it('shows model and plan text literally and runs none of it', async () => {
    page = await harness.open();
    const [img, script, svg] = xssRaw.payloads as [string, string, string, string];
    const live = reduceLive(liveAfter(liveFixture.marks.waitingCheckpoint), { type: 'tool-called', iteration: 2, role: 'researcher', tool: img, summary: script, ok: false });
    const checkpoint = { ...live, checkpoint: { ...live.checkpoint!, title: img } };
    await showState(page, xssRun);
    await page.getByRole('button', { name: 'C3: show details' }).click();

    const c3 = page.locator('[data-testid=challenge-row][data-id=C3]');
    assert.equal(await c3.locator('[data-testid=claim]').innerText(), img);
    assert.equal(await c3.locator('[data-testid=resolution]').innerText(), script);
    assert.equal(await page.locator('[data-testid=challenge-row][data-id=C2] [data-testid=claim]').innerText(), script);
    assert.match(await page.locator('#details-C3').innerText(), new RegExp(svg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(await page.locator('[data-testid=reason]').innerText(), /Reason <img src=x onerror=/);
    assert.match(await page.locator('[data-testid=plan-path]').getAttribute('title').then(String), /"><svg onload=/);
    await showState(page, { ...xssRun, live: checkpoint });
    assert.match(await page.locator('[data-testid=live-checkpoint]').innerText(), /<img src=x/);
    assert.match(await page.locator('[data-testid=live-tools]').textContent().then(String), /<\/script><script>/);

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
    assert.match(await problem.innerText(), /could not read/);
    assert.equal(await page.locator('[data-testid=verdict]').innerText(), 'REVISE', 'the last good state stays');
    await showState(page, { ...fullRun, result: { ...fullRun.result!, verdict: 'PROCEED' } });
    assert.equal(await problem.count(), 0);
    assert.equal(await page.locator('[data-testid=verdict]').innerText(), 'PROCEED');
  });

  it('tells the host what it drew and persists the last run for a reload', async () => {
    page = await harness.open();
    await showState(page, { ...fullRun, live: liveAfter(liveFixture.marks.afterFirstIteration) });
    const rendered = (await sent(page)).filter((m) => m.type === 'rendered').at(-1);
    assert.deepEqual(rendered, { type: 'rendered', planPath: fullRun.planPath, verdict: null, running: true });
    const persisted = (await page.evaluate(() => window.__vp.state)) as { planPath: string; result: { runId: string }; live?: unknown };
    assert.equal(persisted.planPath, fullRun.planPath);
    assert.equal(persisted.result.runId, fullRun.result!.runId);
    assert.equal(persisted.live, undefined, 'a live run is not persisted');
    await page.close();

    page = await harness.open({ persisted });
    assert.equal(await page.locator('[data-testid=verdict]').innerText(), 'REVISE', 'restored before the host answers');
    assert.deepEqual((await sent(page)).map((m) => m.type), ['ready']);
    await page.close();

    page = await harness.open({ persisted: { planPath: 7, result: 'corrupt' } });
    assert.equal(await page.locator('[data-testid=waiting]').count(), 1, 'a corrupt saved state is dropped');
  });

  it('fits a narrow panel: only the challenge table scrolls sideways', async () => {
    page = await harness.open({ theme: 'dark' });
    await page.setViewportSize({ width: 480, height: 900 });
    await showState(page, fullRun);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    assert.ok(widths.page <= widths.view, `the page is ${widths.page}px wide in a ${widths.view}px panel`);
    const region = page.getByRole('region', { name: 'Challenges table' });
    assert.ok(await region.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table scrolls inside its region');
    await page.screenshot({ path: path.join(OUTPUT, 'narrow.png'), fullPage: true });
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`looks right in the ${theme} theme (screenshot)`, async () => {
      page = await harness.open({ theme });
      await showState(page, { ...fullRun, live: null });
      await page.getByRole('button', { name: 'C3: show details' }).click();
      await setTheme(page, theme);
      const colors = await page.evaluate(() => {
        const css = (el: Element | null | undefined) => (el ? getComputedStyle(el) : null);
        const root = document.querySelector('vp-app')!.shadowRoot!;
        const card = root.querySelector('vp-verdict-card')!.shadowRoot!.querySelector('section');
        return { body: css(document.body)!.backgroundColor, text: css(root.querySelector('h1'))!.color, cardBorder: css(card)!.borderTopColor };
      });
      const expected = {
        light: { body: 'rgb(255, 255, 255)', text: 'rgb(59, 59, 59)', cardBorder: 'rgb(229, 229, 229)' },
        dark: { body: 'rgb(31, 31, 31)', text: 'rgb(204, 204, 204)', cardBorder: 'rgb(43, 43, 43)' },
        'high-contrast': { body: 'rgb(0, 0, 0)', text: 'rgb(255, 255, 255)', cardBorder: 'rgb(111, 195, 223)' },
      }[theme];
      assert.deepEqual(colors, expected);
      await page.screenshot({ path: path.join(OUTPUT, `${theme}.png`), fullPage: true });
    });
  }
});
