import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseCliArgs, type RunArgs } from '../../src/cli/args';
import { parseEvalArgs } from '../../src/cli/eval-command';
import { CliError, EXIT_CODE_TABLE, ExitCode, exitCodeForResult } from '../../src/cli/exit-codes';
import { DEFAULT_PLAN_FOLDERS } from '../../src/core/settings';
import * as prettier from 'prettier';
import { exitCodeTableMarkdown, helpText } from '../../src/cli/help';
import { redactor } from '../../src/cli/io';
import { assessmentLine, progressLine } from '../../src/cli/progress';
import { formatFinding } from '../../src/cli/static-mode-format';
import type { VerdictLabel } from '../../src/core/run-types';
import { runResultFixture, iterationFixture } from '../support/run-result-fixture';

function run(argv: string[]): RunArgs {
  const parsed = parseCliArgs(argv);
  assert.equal(parsed.command, 'run');
  return parsed;
}

function usageError(argv: string[], pattern: RegExp): void {
  assert.throws(
    () => parseCliArgs(argv),
    (e: unknown) => e instanceof CliError && e.exitCode === ExitCode.usage && pattern.test(e.message),
  );
}

describe('cli: arguments', () => {
  it('has defaults for a bare invocation', () => {
    const a = run([]);
    assert.equal(a.planPath, null);
    assert.equal(a.team, 'auto');
    assert.equal(a.threshold, undefined);
    assert.equal(a.format, 'markdown');
    assert.deepEqual(a.models, {});
  });

  it('parses every run flag', () => {
    const a = run([
      'plans/x.md',
      '--team',
      'scaled',
      '--threshold',
      '5',
      '--max-iterations',
      '2',
      '--json',
      '--out',
      'r.md',
      '--static',
      '--non-interactive',
      '--base-url',
      'http://127.0.0.1:9/',
      '--model-challenger',
      'm1',
      '--model-devils-advocate',
      'm2',
      '--effort-researcher',
      'low',
      '--effort-auditor',
      'max',
      '--spending-cap',
      '1.5',
      '--price',
      'claude-next-1=3/15',
      '--price',
      'gw/claude-x=0.8/4/1/0.08',
      '--max-retry-wait',
      '20',
      '--state-dir',
      'st',
      '--rule-scope',
      'thorough',
      '--rule',
      'no-success-criterion=info',
      '--rule',
      'missing-file=off',
      '--rule',
      'no-success-criterion=warning',
      '--quiet',
    ]);
    assert.deepEqual(a, {
      command: 'run',
      planPath: 'plans/x.md',
      planFolders: [...DEFAULT_PLAN_FOLDERS],
      team: 'scaled',
      threshold: 5,
      maxIterations: 2,
      format: 'json',
      out: 'r.md',
      static: true,
      nonInteractive: true,
      baseUrl: 'http://127.0.0.1:9/',
      models: { challenger: 'm1', 'devils-advocate': 'm2' },
      effort: { researcher: 'low', auditor: 'max' },
      prices: {
        'claude-next-1': { inputPerMTok: 3, outputPerMTok: 15 },
        'gw/claude-x': { inputPerMTok: 0.8, outputPerMTok: 4, cacheWritePerMTok: 1, cacheReadPerMTok: 0.08 },
      },
      maxRetryWaitSeconds: 20,
      spendingCapUsd: 1.5,
      stateDir: 'st',
      ruleScope: 'thorough',
      ruleLevels: { 'no-success-criterion': 'warning', 'missing-file': 'off' },
      quiet: true,
    });
  });

  it('--rule-scope is precise by default and takes only precise or thorough', () => {
    assert.equal(run([]).ruleScope, 'precise');
    usageError(['--rule-scope', 'everything'], /rule-scope/);
  });

  it('accepts --flag=value', () => {
    assert.equal(run(['--threshold=9']).threshold, 9);
  });

  it('rejects unknown flags with a clear message (exit 4)', () => {
    usageError(['--frobnicate'], /Unknown option --frobnicate\. Run "verify-plan --help"/);
    usageError(['-x'], /Unknown option -x/);
  });

  it('rejects bad values and names the flag', () => {
    usageError(['--team', 'huge'], /--team must be auto, base or scaled, got "huge"/);
    usageError(['--threshold', '17'], /--threshold must be from 0 to 16/);
    usageError(['--threshold', 'seven'], /--threshold must be a whole number/);
    usageError(['--max-iterations', '4'], /--max-iterations must be from 1 to 3/);
    usageError(['--spending-cap=-1'], /--spending-cap must be an amount/);
    usageError(['--base-url', 'ftp://x'], /--base-url must be an http\(s\) URL/);
    usageError(['--effort-challenger', 'extreme'], /--effort-challenger/);
    usageError(['--team'], /--team/);
    usageError(['a.md', 'b.md'], /at most one plan file/);
    for (const bad of ['no-such-rule=info', 'missing-file=loud', 'missing-file', 'missing-file=info=x', '=info', 'Missing-File=info']) {
      usageError(['--rule', bad], /--rule takes CODE=LEVEL, with CODE one of unknown-signal, missing-file, .* and LEVEL one of off, info, warning, error/);
    }
    usageError(['check', '--rule', 'missing-file=off'], /does not take --rule/);
  });

  it('numbers are decimal only: hex, exponent, Infinity, signs, spaces and trailing junk are refused', () => {
    for (const bad of ['0x10', '1e3', 'Infinity', '-1', ' 5', '5 ', '5$', '', '0b1', '1_000', '+2', '.5', '5.', 'NaN', '1,5']) {
      usageError([`--spending-cap=${bad}`], /--spending-cap must be an amount in USD written as decimal digits/);
      assert.throws(() => parseEvalArgs([`--max-cost=${bad}`]), /--max-cost must be an amount in USD/);
    }
    for (const bad of ['0x3', '1e0', ' 2', '2 ', '+2', '2.0', 'Infinity']) {
      usageError([`--max-iterations=${bad}`], /--max-iterations must be a whole number from 1 to 3/);
      assert.throws(() => parseEvalArgs([`--runs=${bad}`]), /--runs must be a whole number/);
    }
    assert.equal(run(['--spending-cap', '$2.50']).spendingCapUsd, 2.5);
    assert.equal(run(['--spending-cap', '0']).spendingCapUsd, 0);
  });

  it('property: --spending-cap accepts exactly the decimal grammar, with its decimal value', () => {
    const decimal = /^\$?\d{1,15}(\.\d{1,15})?$/;
    const candidates = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.stringMatching(/^\$?\d{1,4}(\.\d{1,3})?$/),
      fc.double().map(String),
      fc.integer().map((n) => `0x${n.toString(16)}`),
    );
    fc.assert(
      fc.property(candidates, (raw) => {
        let parsed: number | undefined | Error;
        try {
          parsed = run(['--spending-cap', raw]).spendingCapUsd;
        } catch (error) {
          parsed = error as Error;
        }
        if (decimal.test(raw)) assert.equal(parsed, Number(raw.replace(/^\$/, '')));
        else assert.ok(parsed instanceof CliError && parsed.exitCode === ExitCode.usage, `"${raw}" was accepted as ${String(parsed)}`);
      }),
    );
  });

  it('parses the check subcommand and refuses run-only flags there', () => {
    assert.deepEqual(parseCliArgs(['check', 'p.md', '--json']), {
      command: 'check',
      planPath: 'p.md',
      planFolders: [...DEFAULT_PLAN_FOLDERS],
      format: 'json',
      stateDir: null,
      quiet: false,
    });
    assert.deepEqual(parseCliArgs(['check']), { command: 'check', planPath: null, planFolders: [...DEFAULT_PLAN_FOLDERS], format: 'markdown', stateDir: null, quiet: false });
    usageError(['check', '--team', 'base'], /"verify-plan check" does not take --team/);
    assert.equal((parseCliArgs(['check', '--format', 'json']) as { format: string }).format, 'json');
    usageError(['check', '--format', 'sarif'], /check" prints Markdown or JSON, not SARIF/);
  });

  it('--format markdown|json|sarif, with --json as the alias of --format json', () => {
    assert.equal(run(['--format', 'sarif']).format, 'sarif');
    assert.equal(run(['--format=markdown']).format, 'markdown');
    assert.equal(run(['--format', 'json']).format, 'json');
    assert.equal(run(['--json', '--format', 'json']).format, 'json');
    usageError(['--format', 'html'], /--format must be markdown, json or sarif, got "html"/);
    usageError(['--json', '--format', 'sarif'], /--json means --format json; it cannot be combined with --format sarif/);
  });

  it('help and version win over everything else', () => {
    assert.deepEqual(parseCliArgs(['x.md', '--help']), { command: 'help' });
    assert.deepEqual(parseCliArgs(['-v']), { command: 'version' });
  });
});

describe('cli: exit codes and help', () => {
  it('maps verdicts to exit codes; partial runs are incomplete', () => {
    const code = (verdict: VerdictLabel, partial = false) => exitCodeForResult({ verdict, partial });
    assert.equal(code('PROCEED'), 0);
    assert.equal(code('PROCEED (trivial)'), 0);
    assert.equal(code('REVISE'), 1);
    assert.equal(code('REVISE (strong)'), 1);
    assert.equal(code('RETHINK'), 2);
    assert.equal(code('CANCELLED'), 3);
    assert.equal(code('FAILED'), 3);
    assert.equal(code('REVISE', true), 3);
  });

  it('documents every exit code in --help and in the README table', () => {
    const help = helpText('1.2.3');
    assert.match(help, /^verify-plan 1\.2\.3/);
    for (const [code] of EXIT_CODE_TABLE) {
      assert.match(help, new RegExp(`\\n\\s+${code}  `));
      assert.match(exitCodeTableMarkdown(), new RegExp(`\\| ${code} \\|`));
    }
    assert.match(help, /--model-devils-advocate ID/);
    assert.match(help, /--effort-researcher LEVEL/);
    assert.match(help, /ANTHROPIC_API_KEY/);
  });

  it('keeps the exit-code table in src/cli/README.md in step with the code', async () => {
    // The README is Prettier-formatted (npm test checks it), so compare with the table as Prettier prints it.
    const readmePath = path.join(__dirname, '..', '..', 'src', 'cli', 'README.md');
    const readme = readFileSync(readmePath, 'utf8');
    const options = (await prettier.resolveConfig(readmePath)) ?? {};
    const table = (await prettier.format(exitCodeTableMarkdown(), { ...options, parser: 'markdown' })).trimEnd();
    assert.ok(readme.includes(table), `README table differs from exitCodeTableMarkdown():\n${table}`);
  });

  it('redacts the API key from anything printed', () => {
    const redact = redactor('sk-ant-secret-123');
    assert.equal(redact('auth failed for sk-ant-secret-123 (twice: sk-ant-secret-123)'), 'auth failed for [redacted] (twice: [redacted])');
    assert.equal(redactor(undefined)('plain'), 'plain');
  });
});

describe('cli: progress lines', () => {
  const assessment = runResultFixture().assessment;

  it('announces the assessment like seed 001', () => {
    assert.equal(assessmentLine(assessment), 'Complexity: 8/16. Team: SCALED.');
    assert.equal(progressLine({ type: 'run-started', runId: 'r', planPath: '/p', assessment }), 'Complexity: 8/16. Team: SCALED. Starting verification...');
  });

  it('reports iterations with the seed wording', () => {
    const state = iterationFixture({
      iteration: 2,
      convergence: { blocking_open: 0, significant_open: 2, status: 'CONTINUE', resolved_this_iteration: 3, created_this_iteration: 0, degradation: false },
    });
    const line = progressLine({ type: 'iteration-finished', iteration: 2, state, resolved: 3, remaining: 2, message: 'Iteration 2: 3 resolved, 2 remaining' });
    assert.equal(line, 'Iteration 2: 3 resolved, 2 remaining. Continuing...');
  });

  it('names failed agents and stays quiet for streaming events', () => {
    const line = progressLine({ type: 'agent-failed', iteration: 1, failure: { role: 'resolver', iteration: 1, kind: 'timeout', message: 'timed out after 60 s' } });
    assert.equal(line, 'Agent Resolver failed on iteration 1: timed out after 60 s');
    assert.equal(progressLine({ type: 'agent-text', iteration: 1, role: 'challenger', delta: 'x' }), null);
  });

  it('formats static findings like a compiler (1-based line:col)', () => {
    const f = { code: 'unknown-signal', level: 'warning', message: 'TBD\nhere', range: { startLine: 4, startChar: 2, endLine: 4, endChar: 5 } } as const;
    assert.equal(formatFinding('.claude/plans/p.md', f as never), '.claude/plans/p.md:5:3: warning unknown-signal: TBD here');
  });
});
