/**
 * Render tests, live run and the host channel: the built webview bundle in
 * headless Chromium driven through the real protocol: actions as requests and
 * their replies, a live run from recorded events, a malformed message, what
 * the panel reports drawing and persists for a reload.
 * Run with `npm run test:webview`. Every check of the page is an
 * auto-retrying `expect` (see harness.ts): nothing is read once.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { reduceLive } from '../../src/core/live-state';
import type { RunEvent } from '../../src/core/run-types';
import { LiveRun } from '../../src/shared/webview-protocol';
import { expect, post, sent, showState, waitForSent } from './harness';
import { fullRun, INNER_TEXT, isRequest, liveAfter, liveFixture, usePanelSuite } from './panel-suite';

describe('webview panel (Chromium): live run and host messages', function () {
  this.timeout(60_000);
  const panel = usePanelSuite();
  let page: Page;

  it('sends actions as requests with ids and shows the replies', async () => {
    page = await panel.open();
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
    page = await panel.open();
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
    page = await panel.open();
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
    page = await panel.open();
    await showState(page, { ...fullRun, live: liveAfter(liveFixture.marks.midFirstIteration) });
    await expect(page.locator('[data-section=live]')).toHaveCount(1);
    await expect(page.locator('[data-testid=previous-run]')).toHaveCount(1);
    await expect(page.locator('[data-testid=challenge-row]')).toHaveCount(8);
  });

  it('a later run cancelled before it found anything leaves the previous verdict on screen, and says so', async () => {
    page = await panel.open();
    const live = liveAfter(liveFixture.marks.midFirstIteration);
    await showState(page, { ...fullRun, live: { ...live, runId: `${live.runId}-later`, status: 'finished', verdict: 'CANCELLED' } });
    await expect(page.locator('[data-testid=verdict]')).toHaveText('REVISE');
    await expect(page.locator('[data-testid=stopped-later]')).toHaveText(/cancelled before it found anything/);
    await expect(page.locator('[data-section=live]')).toHaveCount(0);
  });

  it('reports a malformed message in words and keeps working', async () => {
    page = await panel.open();
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
    page = await panel.open();
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

    page = await panel.open({ persisted });
    await expect(page.locator('[data-testid=verdict]'), 'restored before the host answers').toHaveText('REVISE');
    assert.deepEqual(
      (await sent(page)).map((m) => m.type),
      ['ready'],
    );
    await page.close();

    page = await panel.open({ persisted: { planPath: 7, result: 'corrupt' } });
    await expect(page.locator('[data-testid=waiting]'), 'a corrupt saved state is dropped').toHaveCount(1);
  });
});
