#!/usr/bin/env node
// `npm test`: every suite, in order of speed. A failing suite does not stop
// the rest: the summary lists every suite's result, the last line counts them
// (`suites: N passed, N failed`), and the exit code is 1 if any failed.
// Installs what the browser and real-VS-Code suites need on first use
// (Debian chromium/ripgrep via apt when root, the offline VS Code hosts via npm).
// The real-VS-Code suite runs once per host in test/e2e-host/hosts.json (the
// engines.vscode minimum and the newest), each a suite of its own in the summary.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const vscodeHosts = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'test', 'e2e-host', 'hosts.json'), 'utf8')).hosts;

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint (ESLint, type-aware)', 'npm', ['run', '--silent', 'lint']],
  ['format (Prettier --check; `npm run format` rewrites)', 'npm', ['run', '--silent', 'format:check']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['unit tests (core, server, cli)', 'npx', ['mocha', 'test/unit/**/*.test.ts']],
  ['reliability tests (fault matrix, crash safety, bad inputs, secrets, injection, cancellation)', 'npx', ['mocha', 'test/reliability/**/*.test.ts'], 'test/reliability'],
  ['cli end-to-end tests', 'npx', ['mocha', 'test/cli/**/*.test.ts'], 'test/cli'],
  ['hostile-workspace tests (attacks from a prepared repository, real CLI + fake API)', 'npx', ['mocha', 'test/hostile/**/*.test.ts'], 'test/hostile'],
  ['webview render tests (Chromium)', 'node', ['scripts/test-webview.mjs'], 'scripts/test-webview.mjs'],
  ...vscodeHosts.map((h) => [`real VS Code tests (VS Code ${h.vscode})`, 'node', ['scripts/run-vscode-tests.mjs', '--host', h.codeServer], 'scripts/run-vscode-tests.mjs']),
  ['package .vsix and check its contents', 'node', ['scripts/check-vsix.mjs'], 'scripts/check-vsix.mjs'],
];

// Debian's Chromium (browser suites) and ripgrep (VS Code's search) — never a tool's own browser download.
function ensureSystemPackages() {
  const have = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  if (have('chromium') && have('rg')) return;
  if (process.getuid?.() !== 0) {
    console.error('── the browser and VS Code suites need Debian packages: sudo apt-get install chromium ripgrep');
    return;
  }
  console.error('\n── apt-get install chromium ripgrep');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'ripgrep'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

ensureSystemPackages();
const results = [];
const started = Date.now();
for (const [name, cmd, args, needs] of steps) {
  if (needs && !existsSync(needs)) {
    console.error(`\n── ${name}: missing ${needs}`);
    results.push([name, `FAILED (missing ${needs})`]);
    continue;
  }
  console.error(`\n── ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  results.push([name, r.status === 0 ? `ok (${secs}s)` : `FAILED (exit ${r.status ?? r.signal}, ${secs}s)`]);
}
console.error('\n── summary');
for (const [name, status] of results) console.error(`  ${status.padEnd(22)} ${name}`);
const failed = results.filter(([, s]) => !s.startsWith('ok')).length;
const passed = results.length - failed;
console.error(`  total ${((Date.now() - started) / 1000).toFixed(0)}s`);
if (failed > 0)
  console.error(
    `  failed: ${results
      .filter(([, s]) => !s.startsWith('ok'))
      .map(([name]) => name)
      .join('; ')}`,
  );
console.log(`suites: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
