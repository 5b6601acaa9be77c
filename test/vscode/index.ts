/**
 * `extensionTestsPath` entry: the extension host requires this file and
 * awaits `run()`; resolving means exit code 0, rejecting exit code 1.
 * Runs the test files of the current phase (VERIFY_PLAN_E2E_PHASE, default
 * "run"): `<phase>.test.js` next to this file.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const phase = process.env.VERIFY_PLAN_E2E_PHASE || 'run';
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: 60_000,
    reporter: process.env.MOCHA_REPORTER || 'spec',
    ...(process.env.VERIFY_PLAN_E2E_GREP ? { grep: process.env.VERIFY_PLAN_E2E_GREP } : {}),
  });
  const files = fs.readdirSync(__dirname).filter((f) => f === `${phase}.test.js`);
  if (files.length === 0) return Promise.reject(new Error(`no test file for phase "${phase}" in ${__dirname}`));
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const s = runner.stats;
        console.log(`mocha [${phase}]: ${s?.passes ?? 0} passed, ${s?.failures ?? 0} failed, ${s?.pending ?? 0} skipped`);
        if (failures > 0) reject(new Error(`${failures} tests failed.`));
        else resolve();
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
