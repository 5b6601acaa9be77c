/**
 * The same suite through @vscode/test-electron, for machines that can
 * download VS Code (CI with network, developer machines). Not used offline:
 * there, scripts/run-vscode-tests.mjs runs it on code-server.
 *
 *   npx tsx test/vscode/run-electron.ts [--vscode-version 1.96.4|stable]
 *
 * Runs the two phases ("run", then "restore") in two windows that share one
 * user-data dir, like the offline launcher. The extension and the suite are
 * built by the launcher's build step (`run-vscode-tests.mjs --build-only`).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const versionArg = process.argv.indexOf('--vscode-version');
  const version = versionArg > 0 ? process.argv[versionArg + 1] : '1.96.4'; // engines.vscode minimum; pass "stable" for the newest
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'run-vscode-tests.mjs'), '--build-only'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the suite failed');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-plan-electron-'));
  const workspace = path.join(tmp, 'plans-fixture');
  fs.cpSync(path.join(root, 'test', 'vscode', 'fixtures', 'workspace'), workspace, { recursive: true });
  const userData = path.join(tmp, 'user-data');
  try {
    for (const phase of ['run', 'restore']) {
      await runTests({
        version,
        extensionDevelopmentPath: root,
        extensionTestsPath: path.join(root, 'out', 'test', 'vscode', 'index.js'),
        launchArgs: [workspace, '--user-data-dir', userData, '--disable-workspace-trust', '--disable-extensions', '--skip-welcome', '--skip-release-notes'],
        extensionTestsEnv: { VERIFY_PLAN_E2E_PHASE: phase, VERIFY_PLAN_E2E_OUT: path.join(root, 'test-output', 'vscode') },
      });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
