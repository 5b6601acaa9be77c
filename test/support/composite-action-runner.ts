/**
 * Runs a composite action's steps (action.yml) the way the GitHub runner does,
 * on this machine: inputs with their defaults, `${{ … }}` expressions, a fresh
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY file per step, step outputs, `if:`
 * conditions, and the action's outputs. `uses:` steps are recorded with their
 * evaluated `with:` instead of being run (no network in tests).
 *
 * Only the expression forms action.yml uses are understood (a dotted name:
 * inputs.*, github.action_path, steps.<id>.outputs.*; and `X == 'lit'` /
 * `X != 'lit'` in `if:`); anything else throws, so the action cannot grow a
 * construct this runner would silently misread.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export interface StepRun {
  name: string;
  ran: boolean;
  code: number | null;
  stdout: string;
  stderr: string;
  summary: string;
}

export interface ActionRun {
  steps: StepRun[];
  /** `uses:` steps that would have run, with their evaluated inputs. */
  uses: { uses: string; with: Record<string, string> }[];
  outputs: Record<string, string>;
  /** A run step failed: the job fails. */
  failed: boolean;
  /** Every step's job-summary content, in order. */
  summary: string;
}

/** Lines `name=value` and `name<<DELIM … DELIM` of a GITHUB_OUTPUT file. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const body: string[] = [];
      while (++i < lines.length && lines[i] !== heredoc[2]) body.push(lines[i]!);
      out[heredoc[1]!] = body.join('\n');
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

/** Runs bash like the runner does for `shell: bash`; async, so an in-process fake API keeps answering. */
function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function runCompositeAction(actionDir: string, options: { inputs: Record<string, string>; workspace: string; env: Record<string, string> }): Promise<ActionRun> {
  const action = parse(readFileSync(path.join(actionDir, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error('not a composite action');
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = options.inputs[name] ?? spec.default ?? '';
  for (const name of Object.keys(options.inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input "${name}"`);
  const stepOutputs: Record<string, Record<string, string>> = {};

  const lookup = (name: string): string => {
    const parts = name.trim().split('.');
    if (parts[0] === 'inputs' && parts.length === 2) {
      if (!(parts[1]! in inputs)) throw new Error(`unknown input ${parts[1]}`);
      return inputs[parts[1]!]!;
    }
    if (parts[0] === 'github' && parts[1] === 'action_path' && parts.length === 2) return actionDir;
    if (parts[0] === 'steps' && parts[2] === 'outputs' && parts.length === 4) return stepOutputs[parts[1]!]?.[parts[3]!] ?? '';
    throw new Error(`expression not understood by the test runner: ${name}`);
  };
  const evaluate = (text: string) => text.replace(/\$\{\{(.*?)\}\}/g, (_m, expr: string) => lookup(expr));
  const condition = (expr: string): boolean => {
    const m = /^\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(expr.replace(/^\$\{\{(.*)\}\}$/s, '$1'));
    if (!m) throw new Error(`if: not understood by the test runner: ${expr}`);
    return (lookup(m[1]!) === m[3]) === (m[2] === '==');
  };

  const scratch = mkdtempSync(path.join(tmpdir(), 'vp-action-'));
  const run: ActionRun = { steps: [], uses: [], outputs: {}, failed: false, summary: '' };
  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.id ?? `step ${index + 1}`;
    // Like the runner: after a failure only steps with a status function run (action.yml has none).
    const wanted = !run.failed && (step.if === undefined || condition(step.if));
    if (!wanted) {
      run.steps.push({ name, ran: false, code: null, stdout: '', stderr: '', summary: '' });
      continue;
    }
    if (step.uses) {
      run.uses.push({ uses: step.uses, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluate(String(v))])) });
      run.steps.push({ name, ran: true, code: 0, stdout: '', stderr: '', summary: '' });
      continue;
    }
    if (step.shell !== 'bash' || typeof step.run !== 'string') throw new Error(`${name}: only bash run steps are supported`);
    const outputFile = path.join(scratch, `output-${index}`);
    const summaryFile = path.join(scratch, `summary-${index}`);
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(String(v))]));
    // `bash --noprofile --norc -eo pipefail {0}` is the runner's command for shell: bash.
    const child = await bash(evaluate(step.run), step['working-directory'] ? evaluate(step['working-directory']) : options.workspace, {
      ...options.env,
      ...stepEnv,
      GITHUB_ACTION_PATH: actionDir,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
    });
    const summary = readFileSync(summaryFile, 'utf8');
    run.summary += summary;
    if (step.id) stepOutputs[step.id] = parseOutputFile(readFileSync(outputFile, 'utf8'));
    run.steps.push({ name, ran: true, code: child.code, stdout: child.stdout, stderr: child.stderr, summary });
    if (child.code !== 0) run.failed = true;
  }
  for (const [name, spec] of Object.entries(action.outputs)) run.outputs[name] = evaluate(spec.value);
  return run;
}
