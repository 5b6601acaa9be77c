/**
 * Installable like a real tool: the README's three install blocks, run as
 * written (sh, from this checkout) into a temporary npm prefix and HOME,
 * offline (the editor block's `code` is test/support/code-shim.cjs, which
 * unpacks the .vsix as VS Code does; the editor command itself runs in the
 * real-VS-Code suite, phase "hook"). The package holds only the bundled CLI and language
 * server; the installed binary answers --version, runs the static checks and
 * the hook; the hook entry `hook install` writes runs the installed CLI through
 * the launcher, never a repository's own `node_modules/.bin/verify-plan`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { version } from '../../package.json';
import { REPO_ROOT, SESSIONS_PLAN, SESSIONS_PLAN_DANGLING } from './run-cli';

/** The fenced block after `<!-- install:NAME -->` in the README. */
function readmeBlock(name: string): string {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- install:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  assert.ok(match, `README has an install:${name} block`);
  return match[1]!;
}

interface Sandbox {
  dir: string;
  prefix: string;
  home: string;
  env: Record<string, string>;
}

function sandbox(): Sandbox {
  const dir = mkdtempSync(path.join(tmpdir(), 'vp-install-'));
  const prefix = path.join(dir, 'prefix');
  const home = path.join(dir, 'home');
  mkdirSync(home);
  const env = {
    PATH: `${path.join(prefix, 'bin')}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: home,
    npm_config_prefix: prefix,
    npm_config_cache: path.join(dir, 'npm-cache'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    NO_COLOR: '1',
  };
  return { dir, prefix, home, env };
}

function sh(script: string, cwd: string, env: Record<string, string>, input = '') {
  const r = spawnSync('sh', ['-e', '-c', script], { cwd, env, input, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const payload = (cwd: string, plan: string) =>
  JSON.stringify({
    session_id: 's1',
    transcript_path: '/nowhere.jsonl',
    cwd,
    permission_mode: 'plan',
    hook_event_name: 'PermissionRequest',
    tool_name: 'ExitPlanMode',
    tool_input: { plan },
  });

describe('install routes (README blocks run as written, temp prefix and HOME, offline)', function () {
  this.timeout(180_000);
  let box: Sandbox;
  const tarball = path.join(REPO_ROOT, `verify-plan-${version}.tgz`);
  before(() => {
    box = sandbox();
    const terminal = sh(readmeBlock('terminal'), REPO_ROOT, box.env);
    assert.equal(terminal.code, 0, `${terminal.stdout}\n${terminal.stderr}`);
    assert.equal(terminal.stdout.trim().split('\n').at(-1), version, 'the block ends with the installed --version');
  });
  after(() => {
    rmSync(tarball, { force: true });
    rmSync(box.dir, { recursive: true, force: true });
  });

  it('npm pack: a small tarball with the bundled CLI and language server only, no runtime dependency', () => {
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, env: box.env, encoding: 'utf8' });
    const [info] = JSON.parse(packed.stdout) as { size: number; entryCount: number; files: { path: string }[] }[];
    const files = info!.files.map((f) => f.path).sort();
    // The symbol index's grammars (wasm) ride along: the CLI loads them from dist/tree-sitter/.
    const grammars = files.filter((f) => f.startsWith('dist/tree-sitter/'));
    assert.deepEqual(
      files.filter((f) => !grammars.includes(f)),
      ['LICENSE', 'README.md', 'dist/cli.js', 'dist/server.js', 'package.json'],
    );
    assert.ok(grammars.includes('dist/tree-sitter/tree-sitter.wasm') && grammars.includes('dist/tree-sitter/tree-sitter-typescript.wasm'), grammars.join(', '));
    assert.ok(
      grammars.every((f) => f.endsWith('.wasm')),
      grammars.join(', '),
    );
    assert.ok(info!.size < 6 * 1024 * 1024, `packed ${info!.size} bytes`);
    console.log(`      npm pack: ${info!.entryCount} files, ${(info!.size / 1024).toFixed(0)} KiB packed`);
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies?: object };
    assert.equal(manifest.dependencies, undefined, 'esbuild bundles every library: add new ones as devDependencies, or `npm install -g` would fetch them');
    assert.ok(!existsSync(path.join(box.prefix, 'lib', 'node_modules', 'verify-plan', 'node_modules')), 'nothing else was installed');
  });

  it('the installed verify-plan runs the static checks and the hook on a sample payload', () => {
    const project = mkdtempSync(path.join(box.dir, 'project-'));
    writeFileSync(path.join(project, 'plan.md'), SESSIONS_PLAN_DANGLING);
    const check = sh('verify-plan plan.md', project, box.env);
    assert.equal(check.code, 1, check.stderr);
    assert.match(check.stdout + check.stderr, /dangling-dependency/);
    const hook = sh('verify-plan hook claude-code --block-on-static', project, box.env, payload(project, SESSIONS_PLAN_DANGLING));
    assert.equal(hook.code, 0, hook.stderr);
    const out = JSON.parse(hook.stdout);
    assert.equal(out.hookSpecificOutput.decision.behavior, 'deny');
    assert.match(out.hookSpecificOutput.decision.message, /dangling-dependency/);
  });

  it("the Claude Code block installs a hook whose command runs the installed CLI, not a repository's node_modules/.bin/verify-plan", () => {
    const project = mkdtempSync(path.join(box.dir, 'project-'));
    const block = sh(readmeBlock('claude-code'), project, box.env);
    assert.equal(block.code, 0, block.stderr);
    const settings = JSON.parse(readFileSync(path.join(box.home, '.claude', 'settings.json'), 'utf8'));
    const [entry] = settings.hooks.PermissionRequest as { matcher: string; hooks: { command: string }[] }[];
    assert.equal(entry!.matcher, 'ExitPlanMode');
    const command = entry!.hooks[0]!.command;
    assert.doesNotMatch(command, /npx|^verify-plan|node_modules/);

    // The repository ships its own verify-plan that would let every plan through, first on PATH.
    const bin = path.join(project, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    const allow = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}';
    writeFileSync(path.join(bin, 'verify-plan'), `#!/bin/sh\ncat >/dev/null\necho '${allow}'\n`);
    chmodSync(path.join(bin, 'verify-plan'), 0o755);
    const hostile = { ...box.env, PATH: `${bin}:${box.env.PATH}` };
    assert.equal(sh('verify-plan hook claude-code', project, hostile, '{}').stdout.trim(), allow, 'the planted binary is what PATH finds');

    const run = sh(command, project, hostile, payload(project, SESSIONS_PLAN));
    assert.equal(run.code, 0, run.stderr);
    assert.ok(!run.stdout.includes('"allow"'), run.stdout);
    assert.match(JSON.parse(run.stdout).systemMessage, /Verify Plan \(static checks only.*Plan checked: tool_input\.plan/);
  });
});

describe('install routes: the editor block (the .vsix carries the CLI) and a hook that survives an update', function () {
  this.timeout(300_000);
  let box: Sandbox;
  const vsix = path.join(REPO_ROOT, `verify-plan-${version}.vsix`);
  before(() => {
    box = sandbox();
    const bin = path.join(box.dir, 'bin');
    mkdirSync(bin);
    copyFileSync(path.join(REPO_ROOT, 'test', 'support', 'code-shim.cjs'), path.join(bin, 'code'));
    chmodSync(path.join(bin, 'code'), 0o755);
    box.env.PATH = `${bin}:${box.env.PATH}`;
  });
  after(() => {
    rmSync(vsix, { force: true });
    rmSync(box.dir, { recursive: true, force: true });
    // npm run package left a production build; later suites get the usual one back
    spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  });

  it('npm run package + code --install-extension: the installed extension has dist/cli.js; its hook runs the newest installed version, and says so when none is left', () => {
    const block = sh(readmeBlock('editor'), REPO_ROOT, box.env);
    assert.equal(block.code, 0, `${block.stdout}\n${block.stderr}`);
    const extensions = path.join(box.home, '.vscode', 'extensions');
    const installed = path.join(extensions, `verify-plan.verify-plan-${version}`);
    const cli = path.join(installed, 'dist', 'cli.js');
    assert.ok(existsSync(cli), 'the .vsix carries the CLI');

    // What the editor command does (the same code, with the extension's CLI): install the hook for the user.
    const install = sh(`node '${cli}' hook install --user`, box.dir, box.env);
    assert.equal(install.code, 0, install.stderr);
    const config = JSON.parse(readFileSync(path.join(box.home, '.local', 'share', 'verify-plan', 'hook-launcher.json'), 'utf8'));
    assert.deepEqual(config, { cli, extensions: { dir: extensions, id: 'verify-plan.verify-plan' } });
    const command: string = JSON.parse(readFileSync(path.join(box.home, '.claude', 'settings.json'), 'utf8')).hooks.PermissionRequest[0].hooks[0].command;
    const project = mkdtempSync(path.join(box.dir, 'project-'));
    const first = sh(command, project, box.env, payload(project, SESSIONS_PLAN));
    assert.match(JSON.parse(first.stdout).systemMessage, /static checks only/);

    // The extension updates: a newer version folder appears (the old one may linger); the same entry runs the newer one.
    const newer = path.join(extensions, 'verify-plan.verify-plan-0.10.0');
    cpSync(installed, newer, { recursive: true });
    writeFileSync(path.join(newer, 'dist', 'cli.js'), "process.stdout.write(JSON.stringify({ systemMessage: 'cli 0.10.0 ' + process.argv.slice(2).join(' ') }) + '\\n');\n");
    assert.equal(JSON.parse(sh(command, project, box.env, payload(project, SESSIONS_PLAN)).stdout).systemMessage, 'cli 0.10.0 hook claude-code');

    rmSync(extensions, { recursive: true });
    const gone = sh(command, project, box.env, payload(project, SESSIONS_PLAN));
    assert.equal(gone.code, 0);
    assert.match(JSON.parse(gone.stdout).systemMessage, /verify-plan CLI was not found .*NOT checked/);
  });
});
