/**
 * The fault matrix: every agent role × every fault × every
 * iteration, through the real SDK and the fake API, judged against the
 * seed's failure protocol; a transient variant per role where the SDK retry
 * (or the correction turn) recovers; and two roles failing in one iteration.
 *
 * Cells run concurrently in `before` (they wait on sockets, not on CPU); each
 * cell is then one `it` over the recorded outcome. Cells where the role does
 * not run in that iteration are counted as not applicable, never as passes.
 */
import assert from 'node:assert/strict';
import type { AgentRole } from '../../src/core/protocol';
import { doubleFaultProblems, singleFaultProblems, transientFaultProblems } from '../support/fault-expectations';
import { inPool, runFaultCell, type Injection } from '../support/fault-run';
import { FAULTS, scenarioIterations } from '../support/fault-scenario';

const ROLES: AgentRole[] = ['challenger', 'domain-expert', 'devils-advocate', 'resolver', 'researcher', 'synthesizer', 'auditor'];
/** Roles that run inside an iteration (the auditor runs once after the loop, when there is nothing left to exit). */
const LOOP_ROLES: AgentRole[] = ['challenger', 'domain-expert', 'devils-advocate', 'resolver', 'researcher', 'synthesizer'];
const POOL = 12;

interface Cell {
  matrix: 'single' | 'transient' | 'double';
  name: string;
  applicable: boolean;
  injections: Injection[];
  team?: 'base' | 'scaled';
  problems?: string[];
}

function buildCells(): Cell[] {
  const cells: Cell[] = [];
  for (const role of ROLES) {
    for (const fault of FAULTS) {
      for (const iteration of [1, 2, 3]) {
        cells.push({
          matrix: 'single',
          name: `${role} × ${fault.name} × iteration ${iteration}`,
          applicable: scenarioIterations(role).includes(iteration),
          injections: [{ role, iteration, fault, mode: 'persistent' }],
        });
      }
    }
  }
  for (const role of ROLES) {
    const iteration = scenarioIterations(role).at(-1)!;
    for (const fault of FAULTS.filter((f) => f.recovery !== 'none')) {
      cells.push({
        matrix: 'transient',
        name: `${role} × ${fault.name} once × iteration ${iteration} (${fault.recovery})`,
        applicable: true,
        injections: [{ role, iteration, fault, mode: 'transient' }],
      });
    }
  }
  let rotation = 0;
  for (let a = 0; a < LOOP_ROLES.length; a++) {
    for (let b = a + 1; b < LOOP_ROLES.length; b++) {
      for (const iteration of [1, 2, 3]) {
        const first = FAULTS[rotation++ % FAULTS.length]!;
        const second = FAULTS[(rotation + 4) % FAULTS.length]!;
        cells.push({
          matrix: 'double',
          name: `${LOOP_ROLES[a]} (${first.name}) + ${LOOP_ROLES[b]} (${second.name}) × iteration ${iteration}`,
          applicable: true,
          team: 'scaled',
          injections: [
            { role: LOOP_ROLES[a]!, iteration, fault: first, mode: 'persistent' },
            { role: LOOP_ROLES[b]!, iteration, fault: second, mode: 'persistent' },
          ],
        });
      }
    }
  }
  return cells;
}

describe('reliability: fault matrix (role × fault × iteration, real SDK, fake API)', function () {
  this.timeout(240_000);
  const cells = buildCells();
  const unexpected: string[] = [];
  const onRejection = (reason: unknown) => unexpected.push(`unhandledRejection: ${String(reason)}`);
  const onException = (error: unknown) => unexpected.push(`uncaughtException: ${String(error)}`);

  before(async () => {
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onException);
    try {
      await inPool(
        cells.filter((c) => c.applicable),
        POOL,
        async (cell) => {
          try {
            const run = await runFaultCell(cell.injections, cell.team ? { team: cell.team } : {});
            cell.problems =
              cell.matrix === 'single'
                ? singleFaultProblems(run, cell.injections[0]!)
                : cell.matrix === 'transient'
                  ? transientFaultProblems(run, cell.injections[0]!)
                  : doubleFaultProblems(run, [cell.injections[0]!, cell.injections[1]!]);
          } catch (error) {
            cell.problems = [`the run threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
          }
        },
      );
      // Let any stray rejection from a finished run surface before judging.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    }
  });

  after(() => {
    for (const matrix of ['single', 'transient', 'double'] as const) {
      const mine = cells.filter((c) => c.matrix === matrix);
      const applicable = mine.filter((c) => c.applicable);
      const passed = applicable.filter((c) => c.problems?.length === 0);
      console.log(`      fault matrix (${matrix}): ${mine.length} cells, ${applicable.length} applicable, ${passed.length} passed`);
    }
    const applicable = cells.filter((c) => c.applicable);
    console.log(`      fault matrix: ${cells.length} cells, ${applicable.length} applicable, ${applicable.filter((c) => c.problems?.length === 0).length} passed`);
  });

  it('no unhandledRejection or uncaughtException fired during the matrix', () => {
    assert.deepEqual(unexpected, []);
  });

  it('every role runs on every iteration the scenario promises (so "not applicable" is earned)', () => {
    const na = cells.filter((c) => !c.applicable).map((c) => c.injections[0]!);
    assert.ok(
      na.every((i) => i.role === 'auditor'),
      'only the auditor (once, after the loop) has not-applicable cells',
    );
    assert.equal(na.length, 2 * FAULTS.length);
  });

  for (const matrix of ['single', 'transient', 'double'] as const) {
    describe(
      matrix === 'single' ? 'one role fails persistently' : matrix === 'transient' ? 'one fault, then the retry succeeds' : 'two roles fail in one iteration → forced exit',
      () => {
        for (const cell of cells.filter((c) => c.matrix === matrix && c.applicable)) {
          it(cell.name, () => {
            assert.ok(cell.problems, 'the cell did not run');
            assert.deepEqual(cell.problems, []);
          });
        }
      },
    );
  }
});
