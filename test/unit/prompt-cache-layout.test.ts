/**
 * The prompt layout built for the cache, as the API receives it. Over every
 * request of the bench's scripted runs (base and scaled team, one and three
 * iterations, the research toolbox and the workspace facts on the fixture
 * workspace), the requests to one model that carry the same tools share one
 * byte-identical prefix — tools → answer format, effort and thinking →
 * system → the plan and the workspace facts — then, for the roles that see
 * the iteration state, the record of earlier iterations: requests in
 * iteration k send the record of iterations 1 … k − 1, append-only (the
 * bytes of iteration j's entry never change), so they share every byte
 * through the record of iterations < k, and it ends at a breakpoint. Only
 * the role's instructions and its task, which come last, differ. Asserted
 * on the bytes of the requests, not on the cache counters.
 */
import assert from 'node:assert/strict';
import { SCENARIOS } from '../../bench/scenarios';
import { measureRun } from '../../bench/measure-run';
import { RECORD_TAG } from '../../src/core/agents/iteration-record';
import { roleMarker } from '../../src/core/llm/provider';
import { RECORD_ROLES } from '../../src/core/loop/run-context';
import type { ReceivedRequest } from '../support/fake-anthropic';

type Block = { type?: string; text?: string; cache_control?: unknown };
type Body = { model: string; tools?: unknown[]; output_config?: unknown; thinking?: unknown; system?: unknown; messages: { content: Block[] | string }[] };

const RECORD_OPEN = new RegExp(`<${RECORD_TAG} iteration="(\\d+)">`);

interface Layout {
  /** Tools, output settings, system, plan and facts: the same for every request of a model and tool list. */
  run: string;
  /** The record entries, in order. */
  record: Block[];
  /** Everything before the role's instructions, record included. */
  shared: string;
  role: Block;
  /** The iteration the task names (its state block), or null when it names none (iteration 1 challengers). */
  iteration: number | null;
  breakpoints: number;
}

function layoutOf(request: ReceivedRequest): Layout {
  const body = request.body as Body;
  const first = body.messages[0]!.content;
  assert.ok(Array.isArray(first), 'the first message is a list of blocks');
  const roleAt = first.findIndex((b) => typeof b.text === 'string' && b.text.startsWith(roleMarker(request.role!)));
  assert.ok(roleAt >= 1, `${request.role}: the role's instructions follow the shared blocks of the first message`);
  const before = first.slice(0, roleAt);
  const recordAt = before.findIndex((b) => RECORD_OPEN.test(b.text ?? ''));
  const data = recordAt < 0 ? before : before.slice(0, recordAt);
  const record = recordAt < 0 ? [] : before.slice(recordAt);
  // The markers are not content: where the breakpoints sit is asserted separately.
  const strip = (blocks: Block[]) => blocks.map((b) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'cache_control')));
  const head = [body.tools ?? [], body.output_config ?? null, body.thinking ?? null, body.system ?? null];
  const task = first
    .slice(roleAt + 1)
    .map((b) => b.text ?? '')
    .join('\n');
  const state = /<(?:iteration_state|final_state)>\n(\{[\s\S]*?\})\n<\//.exec(task);
  const breakpoints = JSON.stringify(body).split('"cache_control"').length - 1;
  return {
    run: JSON.stringify([...head, strip(data)]),
    record,
    shared: JSON.stringify([...head, strip(before)]),
    role: first[roleAt]!,
    iteration: state ? (JSON.parse(state[1]!) as { iteration: number }).iteration : null,
    breakpoints,
  };
}

describe('prompt layout: the roles of one model share the cached prefix byte for byte (property over the scripted runs)', function () {
  this.timeout(60_000);

  // The trivial plan makes no model call.
  for (const scenario of SCENARIOS.filter((s) => s.expect.iterations > 0)) {
    it(`${scenario.id}: every request to a model with the same tools sends the same tools, format, effort, thinking, system, plan and facts, then the record of the iterations before its own`, async () => {
      const { requests } = await measureRun(scenario, { latencyMs: 0, orchestration: 'parallel' });
      assert.ok(requests.length > 0);
      const groups = new Map<string, ReceivedRequest[]>();
      for (const r of requests) {
        const body = r.body as Body;
        const key = `${body.model} ${JSON.stringify(body.tools ?? [])}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      let sharedAcrossRoles = 0;
      let recordSharedAcrossRoles = 0;
      for (const [key, group] of groups) {
        const layouts = group.map(layoutOf);
        const first = layouts[0]!;
        assert.match(JSON.parse(first.run).at(-1)[0]?.text ?? '', /<plan /, `${key}: the plan opens the first message`);
        if (scenario.workspaceRoot) assert.match(first.run, /<workspace-facts>/, `${key}: the facts are in the shared prefix`);
        for (const [i, l] of layouts.entries()) {
          const r = group[i]!;
          assert.doesNotMatch(l.shared, /\[verify-plan role: /, 'nothing role-specific before the role instructions');
          assert.equal(l.run, first.run, `${key}: ${r.role} sends a different prefix than ${group[0]!.role}`);
          assert.ok(l.breakpoints <= 4, `${r.role}: at most 4 breakpoints`);
          // Entry j is iteration j's, in order, and a request in iteration k carries exactly the iterations before it.
          l.record.forEach((b, j) => assert.equal(RECORD_OPEN.exec(b.text ?? '')?.[1], String(j + 1), `${r.role}: record entry ${j + 1} in place`));
          if (!RECORD_ROLES.has(r.role!)) assert.equal(l.record.length, 0, `${r.role}: sees no iteration record (its task carries what it needs)`);
          else if (l.iteration !== null) assert.equal(l.record.length, l.iteration - 1, `${r.role} in iteration ${l.iteration}: the record of iterations < ${l.iteration}`);
          if (l.record.length > 0) {
            assert.ok(l.record.at(-1)!.cache_control, `${r.role}: the newest record entry ends a cacheable prefix`);
            assert.ok(!l.role.cache_control, `${r.role}: no breakpoint on the role's block behind the record`);
          }
        }
        // Append-only: any two requests agree on every byte through the shorter record.
        for (const a of layouts) {
          for (const b of layouts) {
            const n = Math.min(a.record.length, b.record.length);
            for (let j = 0; j < n; j++) assert.equal(a.record[j]!.text, b.record[j]!.text, `${key}: record entry ${j + 1} re-rendered`);
            if (a.record.length === b.record.length) assert.equal(a.shared, b.shared, `${key}: requests of one iteration share the prefix through the record`);
          }
        }
        if (new Set(group.map((r) => r.role)).size > 1) sharedAcrossRoles++;
        const withRecord = group.filter((_, i) => layouts[i]!.record.length > 0);
        if (new Set(withRecord.map((r) => r.role)).size > 1) recordSharedAcrossRoles++;
      }
      assert.ok(sharedAcrossRoles > 0, 'some model serves several roles through one prefix');
      if (scenario.expect.iterations > 1) assert.ok(recordSharedAcrossRoles > 0, 'in later iterations several roles of a model share the record');
    });
  }
});
