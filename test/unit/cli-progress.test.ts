/**
 * The CLI's non-interactive progress: one line per checkpoint kind and
 * iteration, not three per BLOCKING challenge, fed with the real loop's
 * events against the fake Messages API.
 */
import assert from 'node:assert/strict';
import { NonInteractiveProgress } from '../../src/cli/progress';
import { byRole } from '../support/fake-anthropic';
import { none, raise, three } from '../support/rate-limiter-challenges';
import { audit, reply, researcherOut, synth, update } from '../support/replies';
import { runAgainstFake } from '../support/run-harness';

describe('CLI progress without a terminal to ask on', function () {
  this.timeout(20_000);

  it('two BLOCKING challenges open for three iterations: one checkpoint line per iteration', async () => {
    const { events } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING', 'BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Real'), update('C2', 'UNRESOLVED', 'Real')]))),
        auditor: [reply(audit())],
      }),
    });
    const progress = new NonInteractiveProgress();
    const lines = [...events.flatMap((e) => progress.lines(e)), ...progress.flush()];
    const checkpointLines = lines.filter((l) => l.startsWith('Checkpoint'));
    assert.deepEqual(checkpointLines, [
      'Checkpoint (blocked, iteration 1): C1, C2 → non-interactive: continuing without an answer (a BLOCKING still open after the last iteration gives RETHINK)',
      'Checkpoint (blocked, iteration 2): C1, C2 → non-interactive: continuing without an answer (a BLOCKING still open after the last iteration gives RETHINK)',
    ]);
    assert.ok(!lines.some((l) => /→ continue$/.test(l)), 'no echo of an answer nobody gave');
    assert.equal(lines.at(-1), 'Verdict: RETHINK');
  });
});
