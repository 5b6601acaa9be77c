/**
 * `npx tsx bench/facts-toggle.ts [--latency MS]`: the research-heavy scenario with and without the workspace-facts
 * block (src/core/agents/workspace-facts.ts), measured like section 1 of BENCHMARKS.md (the fake Messages API's
 * estimator and cache model). Without the block the researcher's scripted turns first check what the block would
 * have told it (bench/scenarios/orders.ts); with it they do not. Prints research calls, tool calls, tokens and cost.
 */
import { parseArgs } from 'node:util';
import { costOf, DEFAULT_PRICES } from '../src/core/config';
import { measureRun, totalTokens, type RunMeasurement } from './measure-run';
import { SCENARIOS } from './scenarios';
import { fmtInt, mdTable } from './table';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { latency: { type: 'string', default: '100' } } });
  const latencyMs = Number(values.latency);
  const rows: string[][] = [];
  for (const scenario of SCENARIOS.filter((s) => s.scriptWithoutFacts)) {
    for (const facts of ['sent', 'withheld'] as const) {
      process.stderr.write(`bench: ${scenario.id}, workspace facts ${facts}\n`);
      rows.push(row(scenario.label, facts, await measureRun(scenario, { latencyMs, orchestration: 'parallel', workspaceFacts: facts })));
    }
  }
  console.log(
    mdTable(['Scenario', 'Workspace facts', 'Verdict', 'Research calls (tool turns)', 'Calls', 'Input', 'Cache read', 'Cache write', 'Output', 'Total tokens', 'Cost (USD)'], rows),
  );
}

function row(label: string, facts: string, m: RunMeasurement): string[] {
  const research = m.calls.filter((c) => c.role === 'researcher').length;
  const researchTools = m.result.calls.filter((c) => c.role === 'researcher').reduce((n, c) => n + c.tool_calls, 0);
  const cost = m.calls.reduce((n, call) => n + costOf(call.usage, call.model, DEFAULT_PRICES), 0);
  const t = m.totals;
  return [
    label,
    facts,
    m.result.verdict,
    `${research} (${researchTools})`,
    String(m.calls.length),
    fmtInt(t.input_tokens),
    fmtInt(t.cache_read_input_tokens),
    fmtInt(t.cache_creation_input_tokens),
    fmtInt(t.output_tokens),
    fmtInt(totalTokens(t)),
    `$${cost.toFixed(3)}`,
  ];
}

void main();
