/**
 * Child process for the crash-safety test: saves ever-changing RunResults to
 * a file run store as fast as it can and prints `saved <n>` after each save,
 * until the parent kills it (SIGKILL, mid-write by design).
 *
 *   node --import tsx test/support/fault-store-writer.ts <stateDir> <planPath>
 */
import { createFileRunStore } from '../../src/core/store';
import { TEST_STATE_KEY } from './state-key';
import { iterationFixture, runResultFixture } from './run-result-fixture';

async function main(): Promise<void> {
  const [stateDir, planPath] = process.argv.slice(2);
  if (!stateDir || !planPath) throw new Error('usage: fault-store-writer <stateDir> <planPath>');
  const store = createFileRunStore(stateDir, { key: TEST_STATE_KEY });
  // About 1 MB per save, so a kill usually lands in the middle of a write.
  const padding = 'x'.repeat(1024 * 1024);
  for (let n = 1; ; n++) {
    const result = runResultFixture({
      planPath,
      runId: `run-${n}`,
      startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n % 60, n)).toISOString(),
      planText: `${n} ${padding}`,
      iterations: [iterationFixture({ iteration: 1 })],
    });
    await store.save(result);
    process.stdout.write(`saved ${n}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
