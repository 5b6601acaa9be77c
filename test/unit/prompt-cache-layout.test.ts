/**
 * The prompt layout built for the cache, as the API receives it. Over every
 * request of the bench's scripted runs (base and scaled team, one and three
 * iterations, the research toolbox and the workspace facts on the fixture
 * workspace), the requests to one model that carry the same tools share one
 * byte-identical prefix — tools → answer format, effort and thinking →
 * system → the plan and the workspace facts — and only the role's
 * instructions and its task, which come last, differ. Asserted on the bytes
 * of the requests, not on the cache counters.
 */
import assert from 'node:assert/strict';
import { SCENARIOS } from '../../bench/scenarios';
import { measureRun } from '../../bench/measure-run';
import { roleMarker } from '../../src/core/llm/provider';
import type { ReceivedRequest } from '../support/fake-anthropic';

type Block = { type?: string; text?: string };
type Body = { model: string; tools?: unknown[]; output_config?: unknown; thinking?: unknown; system?: unknown; messages: { content: Block[] | string }[] };

/** Everything before the role's own instructions: the part every role of a model must send identically. */
function sharedPrefix(request: ReceivedRequest): { bytes: string; blocks: Block[] } {
  const body = request.body as Body;
  const first = body.messages[0]!.content;
  assert.ok(Array.isArray(first), 'the first message is a list of blocks');
  const role = first.findIndex((b) => typeof b.text === 'string' && b.text.startsWith(roleMarker(request.role!)));
  assert.ok(role >= 1, `${request.role}: the role's instructions follow the shared blocks of the first message`);
  const blocks = first.slice(0, role);
  return { bytes: JSON.stringify([body.tools ?? [], body.output_config ?? null, body.thinking ?? null, body.system ?? null, blocks]), blocks };
}

describe('prompt layout: the roles of one model share the cached prefix byte for byte (property over the scripted runs)', function () {
  this.timeout(60_000);

  // The trivial plan makes no model call.
  for (const scenario of SCENARIOS.filter((s) => s.expect.iterations > 0)) {
    it(`${scenario.id}: every request to a model with the same tools sends the same tools, format, effort, thinking, system, plan and facts`, async () => {
      const { requests } = await measureRun(scenario, { latencyMs: 0, orchestration: 'parallel' });
      assert.ok(requests.length > 0);
      const groups = new Map<string, ReceivedRequest[]>();
      for (const r of requests) {
        const body = r.body as Body;
        const key = `${body.model} ${JSON.stringify(body.tools ?? [])}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      let sharedAcrossRoles = 0;
      for (const [key, group] of groups) {
        const first = sharedPrefix(group[0]!);
        assert.match(first.blocks[0]?.text ?? '', /<plan /, `${key}: the plan opens the first message`);
        if (scenario.workspaceRoot)
          assert.ok(
            first.blocks.some((b) => b.text?.includes('<workspace-facts>')),
            `${key}: the facts are in the shared prefix`,
          );
        assert.doesNotMatch(first.bytes, /\[verify-plan role: /, 'nothing role-specific before the role instructions');
        for (const r of group.slice(1)) {
          assert.equal(sharedPrefix(r).bytes, first.bytes, `${key}: ${r.role} sends a different prefix than ${group[0]!.role}`);
        }
        if (new Set(group.map((r) => r.role)).size > 1) sharedAcrossRoles++;
      }
      assert.ok(sharedAcrossRoles > 0, 'some model serves several roles through one prefix');
    });
  }
});
