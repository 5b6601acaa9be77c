#!/usr/bin/env node
// `npm run test:stress [-- --runs N] [-- --burners N]`: the whole `npm test`
// N times in a row (default 5) while CPU burners keep every core busy, to show
// the suite does not depend on timing. Prints each run's suite summary, then a
// table of every suite's result per run (the real-VS-Code suite once per VS
// Code version, as `npm test` reports it) and a final tally; exit code 1 if
// any run failed, 130 when interrupted.
//
// The burners are bounded: each is a child process that spins in short slices,
// exits when this script disconnects (also if it is killed) and after
// --max-burn-minutes at the latest. They are stopped after the last run, on a
// failure, and on Ctrl-C / SIGTERM. Full logs: test-output/stress/run-K.log.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values: opt } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    burners: { type: 'string', default: String(os.availableParallelism()) },
    'max-burn-minutes': { type: 'string', default: '120' },
  },
});
const runs = Number(opt.runs);
const burnerCount = Number(opt.burners);
const maxBurnMs = Number(opt['max-burn-minutes']) * 60_000;
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(burnerCount) || burnerCount < 0 || !(maxBurnMs > 0)) {
  console.error('usage: npm run test:stress -- [--runs N>=1] [--burners N>=0] [--max-burn-minutes M>0]');
  process.exit(2);
}
const outDir = path.join(root, 'test-output', 'stress');
mkdirSync(outDir, { recursive: true });

// Spins ~50 ms at a time, yielding between slices so the disconnect event (the
// parent went away) is seen; exits by itself at its deadline.
const BURNER = `
const end = Date.now() + ${maxBurnMs};
process.on('disconnect', () => process.exit(0));
(function spin() {
  if (Date.now() > end) process.exit(0);
  const slice = Date.now() + 50;
  while (Date.now() < slice);
  setImmediate(spin);
})();`;

const burners = [];
function startBurners() {
  for (let i = 0; i < burnerCount; i++) {
    burners.push(spawn(process.execPath, ['-e', BURNER], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }));
  }
  console.error(`── ${burnerCount} CPU burner(s) started on ${os.availableParallelism()} core(s), pids ${burners.map((b) => b.pid).join(' ')}`);
}
function stopBurners() {
  for (const b of burners.splice(0)) {
    if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
  }
}

let current = null;
function stopAll(code, why) {
  console.error(`\n── ${why}: stopping`);
  if (current?.exitCode === null) {
    try {
      process.kill(-current.pid, 'SIGTERM');
    } catch {
      current.kill('SIGTERM');
    }
  }
  stopBurners();
  process.exit(code);
}
process.on('SIGINT', () => stopAll(130, 'interrupted'));
process.on('SIGTERM', () => stopAll(130, 'terminated'));
process.on('exit', stopBurners);

/** One `npm test` in its own process group, output to a log file; resolves with its exit code and summary lines. */
function runOnce(k) {
  const log = path.join(outDir, `run-${k}.log`);
  const out = createWriteStream(log);
  return new Promise((resolve) => {
    const t0 = Date.now();
    current = spawn('npm', ['test'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    current.stdout.pipe(out, { end: false });
    current.stderr.pipe(out, { end: false });
    current.on('close', (code, signal) => {
      out.end(() => {
        const text = readFileSync(log, 'utf8');
        const summary = text
          .slice(text.lastIndexOf('── summary'))
          .split('\n')
          .slice(1)
          .filter((l) => l.trim());
        resolve({ code: code ?? 128, signal, secs: (Date.now() - t0) / 1000, summary, log });
      });
    });
  });
}

startBurners();
const started = Date.now();
const results = [];
try {
  for (let k = 1; k <= runs; k++) {
    console.error(`\n── run ${k}/${runs} (log: ${path.relative(root, path.join(outDir, `run-${k}.log`))})`);
    const r = await runOnce(k);
    results.push(r);
    const load = os.loadavg()[0].toFixed(1);
    console.error(`   ${r.code === 0 ? 'GREEN' : `RED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} in ${r.secs.toFixed(0)}s, load average ${load}`);
    for (const line of r.summary) console.error(`   ${line.trim()}`);
  }
} finally {
  current = null;
  stopBurners();
}
printTable(results);
const green = results.filter((r) => r.code === 0).length;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.error(`\n── stress tally: ${green}/${runs} runs green with ${burnerCount} burner(s) on ${os.availableParallelism()} core(s), ${minutes} min`);
console.error(`   run times: ${results.map((r) => `${r.secs.toFixed(0)}s`).join(', ')}`);
console.log(`runs: ${green} passed, ${runs - green} failed`);
process.exit(green === runs ? 0 : 1);

/**
 * One row per suite, one column per run: `ok 21s` or `FAIL 3s` from that
 * run's `npm test` summary line, `-` when the run printed none for the suite
 * (it stopped before it). The last row is the whole `npm test`.
 */
function printTable(runResults) {
  const LINE = /^\s*(?:ok \(([\d.]+)s\)|FAILED \((?:[^,)]*, )?([\d.]+)?s?[^)]*\))\s+(.+)$/;
  const cells = runResults.map((r) => {
    const bySuite = new Map();
    for (const line of r.summary) {
      const m = LINE.exec(line);
      if (!m) continue;
      const secs = m[1] ?? m[2];
      bySuite.set(m[3].trim(), `${m[1] !== undefined ? 'ok' : 'FAIL'}${secs ? ` ${Number(secs).toFixed(0)}s` : ''}`);
    }
    return bySuite;
  });
  const suites = [...new Set(cells.flatMap((c) => [...c.keys()]))];
  const width = 10;
  console.error(`\n── per-run results (${runResults.length} run(s); each cell: result and seconds)`);
  console.error(`   ${runResults.map((_, k) => `run ${k + 1}`.padEnd(width)).join(' ')} suite`);
  for (const suite of suites) console.error(`   ${cells.map((c) => (c.get(suite) ?? '-').padEnd(width)).join(' ')} ${suite}`);
  const whole = runResults.map((r) => `${r.code === 0 ? 'GREEN' : 'RED'} ${r.secs.toFixed(0)}s`.padEnd(width));
  console.error(`   ${whole.join(' ')} whole npm test`);
}
