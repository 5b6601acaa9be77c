import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { promptCheckpoint } from '../../src/cli/checkpoint-prompt';
import type { CheckpointRequest } from '../../src/core/run-types';

const BLOCKED: CheckpointRequest = {
  kind: 'blocked',
  iteration: 1,
  challengeId: 'C1',
  title: 'C1 is BLOCKING',
  detail: 'Claim: sessions vanish on restart',
  options: ['provide_context', 'acknowledge_risk', 'override', 'abort'],
};

/** Feeds lines as the prompt asks for them; returns the answer and everything shown. */
async function answer(lines: string[], request = BLOCKED, end = false) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  let interrupted = false;
  output.on('data', (d: Buffer) => {
    shown += d.toString();
    // Answer each question as it appears (a prompt ends with ": ").
    if (/: $/.test(shown) && lines.length > 0) input.write(`${lines.shift()}\n`);
    else if (/: $/.test(shown) && end) input.end();
  });
  const result = await promptCheckpoint(request, { input, output, onInterrupt: () => (interrupted = true) });
  return { result, shown, interrupted };
}

describe('cli: interactive checkpoint prompt', () => {
  it('shows the four options of seed 001 and returns the chosen action', async () => {
    const { result, shown } = await answer(['2']);
    assert.deepEqual(result, { action: 'acknowledge_risk' });
    assert.match(shown, /C1 is BLOCKING/);
    assert.match(shown, /1\. Provide context/);
    assert.match(shown, /2\. Acknowledge risk: .*stays open .*verdict does not change/, 'says acknowledging does not settle the challenge');
    assert.match(shown, /3\. Override: .*next iteration may withdraw it/);
    assert.match(shown, /4\. Abort: Stop the run/);
  });

  it('asks for the text when the user provides context', async () => {
    const { result } = await answer(['1', 'Redis is provisioned by the infra team']);
    assert.deepEqual(result, { action: 'provide_context', text: 'Redis is provisioned by the infra team' });
  });

  it('re-asks on an invalid choice', async () => {
    const { result, shown } = await answer(['9', 'x', '4']);
    assert.deepEqual(result, { action: 'abort' });
    assert.match(shown, /Please type a number from 1 to 4/);
  });

  it('answers "continue" when input ends', async () => {
    const { result } = await answer([], BLOCKED, true);
    assert.deepEqual(result, { action: 'continue' });
  });
});
