#!/usr/bin/env node
// `npm run test:webview`: rebuilds dist/webview.js when any of its sources is
// newer, then runs the Chromium render tests (test/webview) with mocha.
// Exit code = the tests' result. Chromium: /usr/bin/chromium or $CHROMIUM_PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'dist/webview.js');
const sources = ['webview-ui', 'src/shared', 'src/core', 'esbuild.mjs'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(path.join(p, name))));
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`test:webview needs Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
  process.exit(2);
}

if (!existsSync(bundle) || statSync(bundle).mtimeMs < Math.max(...sources.map(newestMtime))) {
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--only=webview'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
console.error(`dist/webview.js: ${(statSync(bundle).size / 1024).toFixed(1)} KiB`);

const mocha = spawnSync('npx', ['mocha', 'test/webview/**/*.test.ts'], { cwd: root, stdio: 'inherit' });
process.exit(mocha.status ?? 1);
