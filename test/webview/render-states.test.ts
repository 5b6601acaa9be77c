/**
 * Render tests, the panel's states beyond a finished run: before any run (what
 * a run needs, the plan's static findings), a run stopped by the cap, agent
 * failures or a cancel (never a verdict word), one current decision per
 * challenge, evidence links only to real places, and plain words.
 * Run with `npm run test:webview`. Every check of the page is an
 * auto-retrying `expect` (see harness.ts).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { partialReason } from '../../src/core/labels';
import { degradationEnding, forcedExit } from '../../src/core/loop/endings';
import type { UserResponse } from '../../src/core/protocol';
import type { RunResult } from '../../src/core/run-types';
import { PanelState } from '../../src/shared/webview-protocol';
import { OUTPUT, expect, post, showState, waitForSent } from './harness';
import { fullRun, INNER_TEXT, isRequest, usePanelSuite } from './panel-suite';

const PLAN = fullRun.planPath!;
const base = fullRun.result!;
const final = base.iterations.at(-1)!;

/** The text the user sees in the whole panel, through every shadow root (no screen-reader-only text). */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walk = (root: ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        const h = el as HTMLElement;
        if (h.offsetParent !== null && !el.shadowRoot && el.children.length === 0) parts.push(h.innerText);
      }
    };
    walk(document.querySelector('vp-app')!.shadowRoot!);
    return parts.join('\n');
  });
}

function withResult(change: Partial<RunResult>): PanelState {
  return PanelState.parse({ ...fullRun, live: null, result: { ...base, ...change } });
}

describe('webview panel (Chromium): before a run, stopped runs, decisions, evidence, words', function () {
  this.timeout(60_000);
  const panel = usePanelSuite();
  let page: Page;

  it('before any run: says what is needed, offers Set API Key, lists the static findings as links to their lines', async () => {
    page = await panel.open();
    const staticFindings = [
      { line: 12, message: 'Step 3 depends on Step 7, which comes later.', severity: 'warning', code: 'dangling-dependency' },
      { line: 4, message: 'src/auth/session.ts does not exist in the workspace.', severity: 'warning', code: 'missing-file' },
      { line: 20, message: 'No success criterion for this step.', severity: 'information', code: 'no-success-criterion' },
    ];
    await showState(page, { planPath: PLAN, result: null, live: null, setup: { needsApiKey: true }, staticFindings });
    await expect(page.locator('[data-testid=no-run]')).toHaveText('No run yet. Verify this plan to have it challenged.');
    await expect(page.locator('[data-testid=needs-key]')).toHaveText(/needs an Anthropic API key/, INNER_TEXT);
    const text = await visibleText(page);
    assert.doesNotMatch(text, /Iterations|Tokens|Cost|\$0/, 'no empty run figures');
    const items = page.locator('[data-testid=static-finding]');
    await expect(items).toHaveText(
      [/^Line 4 warning · missing-file: src\/auth\/session\.ts/, /^Line 12 warning · dangling-dependency/, /^Line 20 note · no-success-criterion/],
      INNER_TEXT,
    );
    await page.screenshot({ path: path.join(OUTPUT, 'empty-state.png'), fullPage: true });

    await page.getByRole('button', { name: 'Go to line 12' }).click();
    const reveal = await waitForSent(page, isRequest('revealLine'));
    assert.deepEqual(reveal.request, { action: 'revealLine', planPath: PLAN, line: 12 });
    await post(page, { type: 'reply', id: reveal.id, ok: true });
    await page.getByRole('button', { name: 'Set API Key' }).click();
    const setKey = await waitForSent(page, isRequest('setApiKey'));
    assert.deepEqual(setKey.request, { action: 'setApiKey' });

    // With a key (or editor models) there is nothing to set; with no findings the list says so.
    await showState(page, { planPath: PLAN, result: null, live: null, setup: { needsApiKey: false }, staticFindings: [] });
    await expect(page.getByRole('button', { name: 'Set API Key' })).toHaveCount(0);
    await expect(page.locator('[data-testid=needs-key]')).toHaveCount(0);
    await expect(page.locator('[data-testid=no-static-findings]')).toHaveText('The static checks found nothing in this plan.');
    await page.getByRole('button', { name: 'Verify the plan' }).click();
    assert.deepEqual((await waitForSent(page, isRequest('reverify'))).request, { action: 'reverify', planPath: PLAN });
  });

  const stops = [
    {
      cause: 'spending_cap',
      reason: 'Stopped at the spending cap ($0.01); not every challenge was evaluated.',
      button: 'Raise Cap',
      action: 'raiseCap',
      verdict: 'REVISE',
    },
    { cause: 'agent_failures', reason: forcedExit(final, '2 agents failed in iteration 3').reason, button: 'Show Log', action: 'showLog', verdict: 'REVISE' },
    { cause: 'cancelled', reason: 'Cancelled by the user.', button: null, action: null, verdict: 'CANCELLED' },
  ] as const;
  for (const stop of stops) {
    it(`a run stopped by ${stop.cause.replace('_', ' ')} says "Stopped — why" as the status bar does, never a verdict word${stop.button ? `, with ${stop.button}` : ''}`, async () => {
      page = await panel.open();
      const state = withResult({ partial: true, stopCause: stop.cause, verdict: stop.verdict, reason: stop.reason, nextStep: 'Re-verify when ready.' });
      await showState(page, state);
      await expect(page.locator('[data-testid=verdict]')).toHaveText(`Stopped — ${partialReason(state.result!)}`);
      await expect(page.locator('[data-testid=quality-score]')).toHaveCount(0);
      assert.doesNotMatch(await visibleText(page), /\b(PROCEED|REVISE|RETHINK|CANCELLED|ABORTED|FAILED)\b/);
      for (const other of ['Raise Cap', 'Show Log'].filter((b) => b !== stop.button)) await expect(page.getByRole('button', { name: other, exact: true })).toHaveCount(0);
      if (stop.button === null) return;
      if (stop.cause === 'spending_cap') await page.locator('vp-verdict-card').screenshot({ path: path.join(OUTPUT, 'stopped-cap.png') });
      await page.getByRole('button', { name: stop.button, exact: true }).click();
      assert.deepEqual((await waitForSent(page, isRequest(stop.action))).request, { action: stop.action });
    });
  }

  it('"Your decisions" shows the latest decision per challenge with its iteration; earlier ones behind an expander', async () => {
    page = await panel.open();
    const responses: UserResponse[] = [
      { iteration: 1, checkpoint: 'blocked', challenge_id: 'C1', action: 'provide_context', text: 'We have a maintenance window.' },
      { iteration: 1, checkpoint: 'blocked', challenge_id: 'C2', action: 'acknowledge_risk' },
      { iteration: 2, checkpoint: 'blocked', challenge_id: 'C1', action: 'override' },
      { iteration: 2, checkpoint: 'stall', challenge_id: null, action: 'continue' },
      { iteration: 3, checkpoint: 'max_iterations', challenge_id: 'C1', action: 'acknowledge_risk' },
    ];
    const iterations = [...base.iterations.slice(0, -1), { ...final, user_responses: responses }];
    await showState(page, withResult({ iterations }));
    const items = page.locator('[data-testid=decision]');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute('data-challenge', 'C1');
    await expect(items.nth(0)).toHaveText(/^C1 \(iteration 3\): you accepted the risk\s+2 earlier decisions$/, INNER_TEXT);
    await expect(items.nth(1)).toHaveText(/^C2 \(iteration 1\): you accepted the risk$/, INNER_TEXT);
    const history = items.nth(0).locator('[data-testid=decision-history]');
    await expect(history.getByText('Iteration 2: you overrode the challenge')).toBeHidden();
    await history.locator('summary').click();
    await expect(history.locator('li')).toHaveText(['Iteration 2: you overrode the challenge', 'Iteration 1: you answered: “We have a maintenance window.”']);
  });

  it('links evidence only where it resolves in the workspace; any other reference is plain text', async () => {
    page = await panel.open();
    // retry.ts:42 resolves; ops/backup.md:12 (C6) does not, although it names a path; "Provider docs" names none.
    await showState(page, { ...withResult({}), evidenceTargets: ['src/webhooks/retry.ts:42'] });
    await page.getByRole('button', { name: 'C3: show details' }).click();
    await page.getByRole('button', { name: 'C6: show details' }).click();
    await expect(page.locator('#details-C3 [data-testid=evidence-link]')).toHaveText(['src/webhooks/retry.ts:42']);
    await expect(page.locator('#details-C3 [data-testid=evidence-text]')).toHaveText(['Provider docs']);
    await expect(page.locator('#details-C6 [data-testid=evidence-link]')).toHaveCount(0);
    await expect(page.locator('#details-C6 [data-testid=evidence-text]')).toHaveText(['ops/backup.md:12']);
    await page.getByRole('button', { name: 'Open src/webhooks/retry.ts:42' }).click();
    assert.deepEqual((await waitForSent(page, isRequest('openEvidence'))).request, { action: 'openEvidence', planPath: PLAN, path: 'src/webhooks/retry.ts', line: 42 });
  });

  it('speaks plain words: none of the loop’s own terms in what the panel shows', async () => {
    page = await panel.open();
    // Iteration 2 searched and examined again and created more than it resolved; the run ended on the loop's own ending texts.
    const iterations = base.iterations.map((s) => (s.iteration === 2 ? { ...s, re_sweep: true, re_probe: true } : s));
    for (const ending of [forcedExit(final, 'the synthesizer failed in iteration 3 (timeout)'), degradationEnding(final)]) {
      await showState(page, withResult({ iterations, reason: ending.reason, partial: ending.partial, stopCause: ending.cause }));
      await page.getByRole('button', { name: 'C3: show details' }).click();
      await expect(page.locator('#details-C3')).toBeVisible();
      const text = await visibleText(page);
      assert.match(text, /more new challenges than resolved/);
      for (const jargon of [/challenge brief/i, /re-?sweep/i, /re-?probe/i, /forced exit/i, /DEGRADATION/, /churn/i, /\(unchecked\)/i]) assert.doesNotMatch(text, jargon);
      await page.getByRole('button', { name: 'C3: hide details' }).click();
    }
  });
});
