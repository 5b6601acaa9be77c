/**
 * The extension's pure view model: findings pinned to plan lines, stale
 * tracking on edits, and the words every view shows (no VS Code needed).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Challenge } from '../../src/core/protocol';
import { anchorFindings, reanchor, replacesLastVerdict, withChallenge, isProblem } from '../../src/extension/findings';
import { diagnosticMessage, esc, hoverMarkdown, lensTitle, topLensTitle } from '../../src/extension/finding-text';
import { presentStatus } from '../../src/extension/status-model';
import { progressMessage } from '../../src/extension/progress-message';
import { challengeFixture, iterationFixture, runResultFixture, validRunResult } from '../support/run-result-fixture';

const PLAN = ['# Plan: sessions', '', '## Steps', '', '1. Store sessions in memory on each server.', '2. Add a logout endpoint.', '3. Ship it behind a flag.', ''].join('\n');

function result(
  challenges = [
    challengeFixture({ id: 'C1', quote: 'Store sessions in memory', severity: 'SIGNIFICANT', status: 'UNRESOLVED' }),
    challengeFixture({ id: 'C2', quote: 'Add a logout endpoint', severity: 'MINOR', status: 'DEFERRED' }),
    challengeFixture({ id: 'C3', quote: 'Ship it behind a flag', severity: 'BLOCKING', status: 'RESOLVED' }),
    challengeFixture({ id: 'C4', quote: 'Ship it behind a flag', severity: 'SIGNIFICANT', status: 'WITHDRAWN' }),
  ],
) {
  return validRunResult(runResultFixture({ iterations: [iterationFixture({ challenges })] }));
}

describe('extension findings', () => {
  it('pins only problem challenges (OPEN, UNRESOLVED, DEFERRED) to the lines they quote', () => {
    const pf = anchorFindings('/w/plan.md', result(), PLAN);
    assert.deepEqual(
      pf.findings.map((f) => [f.challenge.id, f.range.startLine, f.anchor]),
      [
        ['C1', 4, 'anchored'],
        ['C2', 5, 'anchored'],
      ],
    );
    const c1 = pf.findings[0]!;
    assert.equal(PLAN.split('\n')[4]!.slice(c1.range.startChar, c1.range.endChar), 'Store sessions in memory');
  });

  it('a quote the plan never contained is pinned to line 1 as unanchored, and stays so after edits', () => {
    const pf = anchorFindings('/w/plan.md', result([challengeFixture({ id: 'C1', quote: 'Use a blockchain for sessions', status: 'OPEN' })]), PLAN);
    assert.equal(pf.findings[0]!.anchor, 'unanchored');
    assert.equal(pf.findings[0]!.range.startLine, 0);
    assert.equal(reanchor(pf, `intro\n${PLAN}`).findings[0]!.anchor, 'unanchored');
    assert.equal(anchorFindings('/w/plan.md', pf.result, PLAN, 'stale').findings[0]!.anchor, 'stale');
  });

  it('follows edits: inserted lines move a finding, a removed quote makes it stale, restoring the text re-anchors it', () => {
    const pf = anchorFindings('/w/plan.md', result(), PLAN);
    const moved = reanchor(pf, `New line\nAnother\n${PLAN}`);
    assert.deepEqual(
      moved.findings.map((f) => f.range.startLine),
      [6, 7],
    );
    const gone = reanchor(moved, PLAN.replace('1. Store sessions in memory on each server.', '1. Use Redis.'));
    assert.deepEqual(
      gone.findings.map((f) => f.anchor),
      ['stale', 'anchored'],
    );
    assert.ok(gone.findings[0]!.range.startLine < PLAN.split('\n').length);
    const back = reanchor(gone, PLAN);
    assert.deepEqual(
      back.findings.map((f) => [f.anchor, f.range.startLine]),
      [
        ['anchored', 4],
        ['anchored', 5],
      ],
    );
  });

  it('stale ranges stay inside a shrunken document', () => {
    const pf = anchorFindings('/w/plan.md', result(), PLAN);
    const tiny = reanchor(pf, '# x');
    for (const f of tiny.findings) {
      assert.equal(f.anchor, 'stale');
      assert.equal(f.range.startLine, 0);
      assert.equal(f.range.endLine, 0);
    }
  });

  it('never throws on arbitrary plan text or quotes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (text, quote) => {
        const pf = anchorFindings('/w/p.md', result([challengeFixture({ quote, status: 'OPEN' })]), text);
        const lines = text.split('\n').length;
        for (const f of reanchor(pf, text + '\nmore').findings) assert.ok(f.range.startLine <= lines);
      }),
      { numRuns: 200 },
    );
  });

  it('a run stopped before it found anything does not replace the last verdict', () => {
    const empty = [iterationFixture({ challenges: [] })];
    assert.equal(replacesLastVerdict(runResultFixture({ verdict: 'CANCELLED', iterations: [] })), false);
    assert.equal(replacesLastVerdict(runResultFixture({ verdict: 'ABORTED', iterations: empty })), false);
    assert.equal(replacesLastVerdict(runResultFixture({ verdict: 'CANCELLED' })), true, 'a partial run with challenges is shown');
    assert.equal(replacesLastVerdict(runResultFixture({ verdict: 'FAILED', iterations: [] })), true, 'a failure is news');
    assert.equal(replacesLastVerdict(runResultFixture({ verdict: 'PROCEED', iterations: empty })), true);
  });

  it('a re-run stopped while it held only the challenges carried from the last run does not replace its verdict', () => {
    const carried = (id: string, history: Challenge['history'] = [{ iteration: 0, status: 'OPEN', note: 'carried from run r1 (OPEN)' }]) =>
      challengeFixture({ id, status: 'OPEN', carried: { runId: 'r1', id, fingerprint: `f-${id}`, quoteRemoved: false }, history });
    const stopped = (challenges: ReturnType<typeof challengeFixture>[]) => runResultFixture({ verdict: 'CANCELLED', iterations: [iterationFixture({ challenges })] });
    assert.equal(replacesLastVerdict(stopped([carried('C1'), carried('C3')])), false, 'nothing of its own');
    assert.equal(replacesLastVerdict(stopped([carried('C1'), challengeFixture({ id: 'C4', status: 'OPEN' })])), true, 'a challenge it raised');
    const judged = carried('C1', [
      { iteration: 0, status: 'OPEN', note: 'carried' },
      { iteration: 1, status: 'RESOLVED', note: 'settled' },
    ]);
    assert.equal(replacesLastVerdict(stopped([{ ...judged, status: 'RESOLVED' }])), true, 'a carried challenge it judged again');
  });

  it('withChallenge replaces the challenge in the result and in its finding', () => {
    const pf = anchorFindings('/w/plan.md', result(), PLAN);
    const acked = { ...pf.findings[0]!.challenge, user_decision: 'acknowledged' as const };
    const next = withChallenge(pf, acked);
    assert.equal(next.findings[0]!.challenge.user_decision, 'acknowledged');
    assert.equal(next.result.iterations.at(-1)!.challenges[0]!.user_decision, 'acknowledged');
    assert.equal(pf.findings[0]!.challenge.user_decision, undefined, 'the input is not mutated');
    assert.ok(isProblem(acked));
  });
});

describe('extension texts', () => {
  const pf = anchorFindings('/w/plan.md', result(), PLAN);
  const c1 = pf.findings[0]!;

  it('diagnostic messages, CodeLens titles and the top lens', () => {
    assert.match(diagnosticMessage(c1), /^C1 SIGNIFICANT: The plan assumes a single server process\nConcern: Sessions vanish on restart$/);
    assert.match(diagnosticMessage({ ...c1, anchor: 'stale' }), /^\[stale: quoted text changed — re-verify\] C1/);
    assert.equal(lensTitle(c1), 'C1 · SIGNIFICANT · UNRESOLVED — details');
    assert.equal(lensTitle({ ...c1, anchor: 'stale' }), 'C1 · SIGNIFICANT · stale — details');
    assert.equal(topLensTitle(null, 0), '▶ Verify Plan');
    assert.equal(topLensTitle(pf.result, 1), '$(warning) REVISE · 1 open challenge — report');
  });

  it('hover Markdown escapes model text: no links, images or HTML get through', () => {
    const evil = challengeFixture({ resolution: '![x](https://evil.example/p.png) [click](command:workbench.action.quit) <img src=x onerror=alert(1)>' });
    const md = hoverMarkdown(evil, false, 'command:verifyPlan.revealChallenge?%5B%5D');
    assert.ok(!md.includes('](https://'), md);
    assert.ok(!md.includes('](command:workbench'), md);
    assert.ok(!md.includes('<img'), md);
    assert.match(md, /\*\*Resolution:\*\* \\!\\\[x\\\]/);
    assert.equal((md.match(/\]\(command:/g) ?? []).length, 1, 'one link: the panel');
    assert.equal(esc('a & <b>'), 'a &amp; &lt;b\\>');
  });

  // The editor shows the diagnostic (claim, concern) and the hover together: the two never say a sentence twice.
  it('the challenge hover is compact: claim and concern once each, severity, status, a link to the panel', () => {
    const sentence = fc.stringMatching(/^[A-Z][a-z]{3,12}( [a-z]{2,10}){2,8}\.$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(sentence, { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('SIGNIFICANT', 'BLOCKING', 'MINOR'),
        ([claim, concern, resolution], stale, severity) => {
          const c = challengeFixture({ id: 'C7', claim: claim!, concern: concern!, resolution: resolution!, severity: severity, status: 'UNRESOLVED' });
          const f = { ...anchorFindings('/w/plan.md', result([c]), PLAN).findings[0]!, challenge: c, anchor: stale ? ('stale' as const) : ('anchored' as const) };
          const shown = `${diagnosticMessage(f)}\n${hoverMarkdown(c, stale, 'command:verifyPlan.revealChallenge?x')}`.replace(/\\(.)/g, '$1');
          const sentences = shown
            .split(/\n+|(?<=\.)\s+/)
            .map((t) => t.replace(/^[^A-Za-z]*(Claim|Concern|Resolution):?\**\s*/, '').trim())
            .filter((t) => t.length > 12);
          assert.deepEqual(
            sentences.filter((t, i) => sentences.indexOf(t) !== i),
            [],
            shown,
          );
          for (const text of [claim!, concern!]) assert.equal(shown.split(text).length - 1, 1, `${text} once in ${shown}`);
          assert.match(shown, new RegExp(`C7 · ${severity} · UNRESOLVED`));
          assert.match(shown, /\[Open C7 in the Verify Plan panel\]\(command:verifyPlan\.revealChallenge\?x\)/);
        },
      ),
    );
  });

  it('status presentation: one switch over the four states', () => {
    assert.equal(presentStatus({ kind: 'idle', planName: 'plan.md' }).command, 'verifyPlan.verify');
    assert.equal(
      presentStatus({ kind: 'running', planName: 'plan.md', iteration: 2, message: 'Iteration 2: 3 resolved, 2 remaining' }).text,
      '$(sync~spin) Verify Plan: iteration 2',
    );
    const withScore = { ...pf.result, quality: { scores: {} as never, total: 7, label: 'Score' } };
    const verdict = presentStatus({ kind: 'verdict', planName: 'plan.md', result: withScore, stale: false });
    assert.equal(verdict.text, '$(warning) REVISE · quality 7/10');
    assert.equal(verdict.tone, 'warning');
    assert.equal(presentStatus({ kind: 'verdict', planName: 'plan.md', result: withScore, stale: true }).text, '$(warning) REVISE · quality 7/10 (plan edited)');
    assert.equal(presentStatus({ kind: 'error', planName: null, message: 'boom' }).tone, 'error');
  });

  it("progress messages use the loop's iteration message verbatim", () => {
    const state = iterationFixture();
    assert.equal(
      progressMessage({ type: 'iteration-finished', iteration: 2, state, resolved: 3, remaining: 2, message: 'Iteration 2: 3 resolved, 2 remaining' }),
      'Iteration 2: 3 resolved, 2 remaining',
    );
    assert.equal(progressMessage({ type: 'agent-text', iteration: 1, role: 'challenger', delta: 'x' }), null);
    assert.equal(progressMessage({ type: 'phase-started', iteration: 1, phase: 'challenge', roles: ['challenger'] }), 'Iteration 1: challenge…');
    assert.equal(
      progressMessage({ type: 'phase-started', iteration: 3, phase: 'synthesis', roles: ['synthesizer'] }, 'Iteration 2: 3 resolved, 2 remaining'),
      'Iteration 2: 3 resolved, 2 remaining · iteration 3: synthesis…',
    );
    const request = { kind: 'blocked' as const, iteration: 1, challengeId: 'C1', title: 'C1 is BLOCKING', detail: '', options: [] };
    assert.equal(
      progressMessage({ type: 'checkpoint', request }, 'Iteration 1: 0 resolved, 1 remaining'),
      'Iteration 1: 0 resolved, 1 remaining · waiting for you: C1 is BLOCKING',
    );
  });
});
