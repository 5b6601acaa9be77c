/**
 * Shared set-up of the hostile-workspace CLI cases (item 7–9 files): a fake
 * Messages API, a temp workspace, the real CLI with a test key, and a plan
 * whose scripted answers are ones the prompts allow.
 */
import { byRole, FakeAnthropicServer, type FakeReply } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, planEvidence, quality, reply, researcherOut, synth, update } from '../support/replies';
import { runCli, TEST_KEY, TempWorkspace, type CliOptions, type CliRun } from '../cli/run-cli';
import type { AssertionDraft } from '../../src/core/protocol';

export const PLAN = `# Plan: keep sessions across restarts

## Steps
1. Add a Redis client in src/session/store.ts. Success: the unit tests for the store pass.
2. Replace the in-memory map in src/server.ts with the Redis store. Success: a session survives a restart.
3. Document REDIS_URL in docs/deploy.md. Success: the deploy guide lists it.

## Risks
- A Redis outage logs users out; fall back to read-only mode.
`;
export const QUOTE = 'Replace the in-memory map';
const FALLBACK = planEvidence('A Redis outage logs users out; fall back to read-only mode.');

export interface HostileCli {
  server: FakeAnthropicServer;
  ws: TempWorkspace;
  cli(args: string[], extra?: Partial<CliOptions>): Promise<CliRun>;
  dispose(): Promise<void>;
}

export async function hostileCli(): Promise<HostileCli> {
  const server = await FakeAnthropicServer.start();
  const ws = new TempWorkspace();
  return {
    server,
    ws,
    cli: (args, extra = {}) => runCli(args, { cwd: ws.dir, env: { ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: server.baseURL }, ...extra }),
    async dispose() {
      await server.stop();
      ws.dispose();
    },
  };
}

/**
 * A PROCEED run in one iteration: one challenge (with `assertions`) resolved
 * on the plan's own fallback passage. `beforeAudit` runs when the auditor is
 * asked, i.e. late in the run, after the first state save.
 */
export function proceedScript(assertions: AssertionDraft[] = [], beforeAudit: () => void = () => undefined) {
  let challenged = false;
  return byRole({
    challenger: (): FakeReply => {
      const first = !challenged;
      challenged = true;
      return reply(challengerOut(first ? [challenge({ quote: QUOTE, severity: 'SIGNIFICANT', assertions })] : []));
    },
    researcher: () => reply(researcherOut()),
    synthesizer: () => reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [FALLBACK])], { quality: quality(8) })),
    auditor: () => {
      beforeAudit();
      return reply(audit());
    },
  });
}
