#!/usr/bin/env node
// Runs the extension's integration suite (test/vscode) inside a REAL VS Code
// Node extension host, offline: code-server from .e2e-host/<version>/
// (installed by scripts/e2e-host-install.sh on first use), its web workbench in
// headless Debian Chromium driven by playwright-core. Recipe and pitfalls:
// ../shared/vscode-offline/notes.md.
//
//   node scripts/run-vscode-tests.mjs [--host 4.96.4|4.100.3|1.100.3|newest|minimum]
//        [--phases run,restore,untrusted,typing,metrics,bad-plans,hook,sandbox] (also: panel) [--grep RE]
//        [--timeout SEC] [--out DIR] [--no-build | --build-only] [--production]
//        [--ext DIR] [--verbose] [--keep]
//
// --host picks one entry of test/e2e-host/hosts.json by its code-server or VS
// Code version (or "minimum" = the first, the engines.vscode minimum, the
// default; "newest" = the last). The VS Code version actually inside the
// installed code-server is checked against hosts.json and printed. Output
// (screenshots, server logs, metrics.json) goes to test-output/vscode/ for the
// minimum host and to test-output/vscode-<VS Code version>/ for the others.
//
// The suite runs in PHASES that share one user-data dir, browser profile and
// workspace copy, each in a fresh server + window: phase "run" verifies the
// fixture plan; phase "restore" starts a new window (a real reload of the
// extension) and checks that the last verdict came back from storage; phase
// "untrusted" reopens it with Workspace Trust on (restricted mode). The phase
// name reaches the tests as VERIFY_PLAN_E2E_PHASE.
//
// Phase "metrics" always measures the shipped bundle: without --production the
// runner rebuilds dist/ with `esbuild.mjs --production` before that phase and
// the development bundle again before any phase after it.
//
// Exit code: 0 all phases passed, 1 tests failed, 2 infrastructure failure
// or timeout, 130 interrupted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opt } = parseArgs({
  options: {
    host: { type: 'string', default: 'minimum' },
    phases: { type: 'string', default: 'run,restore,untrusted,typing,metrics,bad-plans,hook,sandbox' },
    grep: { type: 'string' },
    timeout: { type: 'string', default: '240' },
    out: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'build-only': { type: 'boolean', default: false },
    // test the minified bundle that `npm run package` ships
    production: { type: 'boolean', default: false },
    // load the extension from another folder, e.g. an unpacked .vsix (`extension/`), instead of the repo
    ext: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM || '/usr/bin/chromium' },
  },
});
// Headless Debian Chromium's flags, shared with the webview render tests.
const chromiumArgs = JSON.parse(fs.readFileSync(path.join(root, 'test', 'support', 'chromium-args.json'), 'utf8'));
const hosts = JSON.parse(fs.readFileSync(path.join(root, 'test', 'e2e-host', 'hosts.json'), 'utf8')).hosts;
const host = opt.host === 'minimum' ? hosts[0] : opt.host === 'newest' ? hosts.at(-1) : hosts.find((h) => h.codeServer === opt.host || h.vscode === opt.host);
if (!host) {
  console.error(`unknown --host ${opt.host}; test/e2e-host/hosts.json lists ${hosts.map((h) => `${h.codeServer} (VS Code ${h.vscode})`).join(', ')}`);
  process.exit(2);
}
const hostDir = path.join(root, '.e2e-host', host.codeServer);
const csDir = path.join(hostDir, 'node_modules', 'code-server');
const outDir = path.resolve(opt.out ?? path.join(root, 'test-output', host === hosts[0] ? 'vscode' : `vscode-${host.vscode}`));
const testsOut = path.join(root, 'out', 'test', 'vscode');
const fixture = path.join(root, 'test', 'vscode', 'fixtures', 'workspace');
const t0 = Date.now();
const info = (...a) => console.error(`[vscode-tests ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const debug = (...a) => opt.verbose && info(...a);

if (!opt['build-only'] && !fs.existsSync(path.join(hostDir, '.installed'))) {
  // First use (e.g. CI): install the host. Idempotent; needs the npm registry (and apt when Chromium is missing).
  info(`installing the offline VS Code host code-server ${host.codeServer} into .e2e-host/${host.codeServer}/ (first use)`);
  await run('bash', [path.join(root, 'scripts', 'e2e-host-install.sh'), host.codeServer], 'e2e host install');
}
if (!opt['build-only']) {
  // The label the suite runs under must be the VS Code it really runs in.
  const inside = JSON.parse(fs.readFileSync(path.join(csDir, 'lib', 'vscode', 'package.json'), 'utf8')).version;
  if (inside !== host.vscode) {
    info(`.e2e-host/${host.codeServer} contains VS Code ${inside}, test/e2e-host/hosts.json says ${host.vscode}`);
    process.exit(2);
  }
  info(`VS Code ${host.vscode} (code-server ${host.codeServer}, ${host.why})`);
}
if (!opt['build-only'] && !fs.existsSync(opt.chromium)) {
  info(`Chromium not found at ${opt.chromium} (apt-get install chromium, or set CHROMIUM)`);
  process.exit(2);
}

// ---- build: the extension bundle and the compiled suite ---------------------
/** The bundle kind dist/ holds now: null after --no-build (whatever is there is measured as it is). */
let builtProduction = null;
/** Builds dist/ as the production bundle (minified, no source maps) or the development one, unless it is that already. */
async function buildExtension(production) {
  if (opt['no-build'] || builtProduction === production) return;
  await run(process.execPath, [path.join(root, 'esbuild.mjs'), ...(production ? ['--production'] : [])], `esbuild (extension${production ? ', production' : ''})`);
  builtProduction = production;
}
/** The editor figures are meant for the bundle users install. */
const PRODUCTION_PHASES = new Set(['metrics']);
if (!opt['no-build']) {
  await buildExtension(opt.production || PRODUCTION_PHASES.has(opt.phases.split(',')[0].trim()));
  const esbuild = await import('esbuild');
  fs.rmSync(testsOut, { recursive: true, force: true });
  const suiteDir = path.join(root, 'test', 'vscode');
  const entries = fs
    .readdirSync(suiteDir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(suiteDir, f));
  await esbuild.build({
    entryPoints: entries,
    outdir: testsOut,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    // provided by the extension host / resolved from the repo's node_modules at run time
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  info(`suite compiled to ${path.relative(root, testsOut)} (${entries.length} entries)`);
}
if (opt['build-only']) process.exit(0);
// playwright-core is pinned with code-server in .e2e-host, not a project dependency of the extension.
const { chromium } = createRequire(path.join(hostDir, 'package.json'))('playwright-core');

// ---- shared state across phases ---------------------------------------------
fs.mkdirSync(outDir, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-plan-vscode-'));
const userDataDir = path.join(tmp, 'user-data');
const workspace = path.join(tmp, 'workspace', 'plans-fixture');
fs.cpSync(fixture, workspace, { recursive: true });
const settings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'security.workspace.trust.enabled': false,
  // the web workbench auto-saves after a delay; tests that edit the plan must not race a save
  'files.autoSave': 'off',
  'editor.codeLens': true,
};
/** Phase "untrusted" turns Workspace Trust on (restricted mode, no prompt); the others run trusted. */
const UNTRUSTED_PHASE = 'untrusted';
function writeSettings(trust) {
  const trustSettings = trust ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' } : {};
  for (const d of [path.join(userDataDir, 'User'), path.join(userDataDir, 'data', 'User'), path.join(userDataDir, 'data', 'Machine')]) {
    fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(d, 'settings.json'), JSON.stringify({ ...settings, ...trustSettings }, null, 2));
  }
}
fs.writeFileSync(path.join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');

// One port for every phase: the workbench derives the workspace's storage id
// from the remote authority (127.0.0.1:PORT), so a new port would look like a
// different workspace and hide what the previous window stored.
const port = await freePort();
let current = null; // { server, browser }
let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    interrupted = true;
    await stopPhase();
    cleanupTmp();
    info(`got ${sig} -> exit code 130`);
    process.exit(130);
  });
}

let exitCode = 0;
for (const phase of opt.phases
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)) {
  info(`phase "${phase}"`);
  await buildExtension(opt.production || PRODUCTION_PHASES.has(phase));
  const code = await runPhase(phase).catch((e) => {
    info(`phase "${phase}" infrastructure failure: ${e.message}`);
    return 2;
  });
  await stopPhase();
  info(`phase "${phase}" -> exit code ${code}`);
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
cleanupTmp();
info(`done -> exit code ${exitCode}`);
process.exit(interrupted ? 130 : exitCode);

// ---- one phase: server + browser + payload, until the extension host exits ---
async function runPhase(phase) {
  const trust = phase === UNTRUSTED_PHASE;
  writeSettings(trust);
  const control = await startControlServer();
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'),
    XDG_DATA_HOME: path.join(tmp, 'xdg-data'),
    XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'),
    EXTENSIONS_GALLERY: '{}',
    // inherited by the extension host, read by test/vscode
    E2E_CONTROL_URL: control.url,
    VERIFY_PLAN_E2E_PHASE: phase,
    VERIFY_PLAN_E2E_OUT: outDir,
    ...(opt.grep ? { VERIFY_PLAN_E2E_GREP: opt.grep } : {}),
  };
  delete env.ANTHROPIC_API_KEY;
  delete env.ANTHROPIC_BASE_URL;
  const argv = [
    path.join(csDir, 'out', 'node', 'entry.js'),
    '--config',
    path.join(tmp, 'config.yaml'),
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(trust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    path.join(tmp, 'extensions'),
  ];
  const server = spawn(process.execPath, argv, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  current = { server, browser: null, control: control.server };
  const log = fs.createWriteStream(path.join(outDir, `server-${phase}.log`));
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(2), Number(opt.timeout) * 1000);
    const settle = (code) => {
      clearTimeout(timer);
      resolve(code);
    };
    server.on('exit', (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${code ?? sig})`));
    });
    (async () => {
      await waitForOutput(server, /HTTP server listening on/, 60_000);
      debug(`code-server listening on 127.0.0.1:${port}`);
      const browser = await chromium.launchPersistentContext(path.join(tmp, 'chromium-profile'), {
        executablePath: opt.chromium,
        headless: true,
        args: chromiumArgs,
        viewport: { width: 1400, height: 900 },
        env: { ...process.env, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, XDG_CACHE_HOME: env.XDG_CACHE_HOME },
      });
      current.browser = browser;
      const page = browser.pages()[0] || (await browser.newPage());
      control.setPage(page);
      page.on('crash', () => settle(2));
      page.on('pageerror', (e) => debug('[page error]', e.message));
      page.on('console', (m) => debug(`[browser ${m.type()}]`, m.text()));
      const noise =
        /^(Resolving connection token|Resolved connection token|Creating a socket|\[Service Worker\]|Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache)/;
      await page.exposeFunction('codeAutomationLog', (type, args) => {
        args = Array.isArray(args) ? args : [args];
        if (!opt.verbose && typeof args[0] === 'string' && noise.test(args[0])) return;
        (console[type] || console.log)(...args);
      });
      await page.exposeFunction('codeAutomationExit', (code) => settle(typeof code === 'number' ? code : 2));
      const host = `127.0.0.1:${port}`;
      const remote = (p) => `vscode-remote://${host}${p.split(path.sep).map(encodeURIComponent).join('/')}`;
      const payload = [
        ['extensionDevelopmentPath', remote(opt.ext ? path.resolve(opt.ext) : root)],
        ['extensionTestsPath', remote(path.join(testsOut, 'index.js'))],
        ['skipWelcome', 'true'],
      ];
      await page.goto(`http://${host}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
      debug('workbench loaded; waiting for the extension tests');
    })().catch(reject);
  });
}

async function stopPhase() {
  if (!current) return;
  const { server, browser, control } = current;
  current = null;
  // Leave the workbench the way a user does (beforeunload / pagehide), so it
  // flushes its storage (open editors, webview state) before the next phase.
  try {
    await browser?.pages()[0]?.goto('about:blank', { timeout: 10_000 });
  } catch (e) {
    debug('leave page:', e.message);
  }
  try {
    await browser?.close();
  } catch (e) {
    debug('browser close:', e.message);
  }
  control?.close();
  if (server.exitCode === null && server.signalCode === null) {
    server.removeAllListeners('exit');
    const exited = new Promise((r) => server.once('exit', r));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* the group is already gone */
    }
    const t = setTimeout(() => {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        /* exited meanwhile */
      }
    }, 3000);
    await exited;
    clearTimeout(t);
  }
}

function cleanupTmp() {
  if (opt.keep) info('kept temp dir', tmp);
  else fs.rmSync(tmp, { recursive: true, force: true });
}

// The tests (inside the extension host) ask for screenshots and DOM text here,
// while the workbench is still up.
async function startControlServer() {
  let page = null;
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url, 'http://x');
    try {
      if (!page) throw new Error('page not ready');
      if (u.pathname === '/screenshot') {
        const name = (u.searchParams.get('name') || 'shot').replace(/[^\w.-]/g, '_');
        const file = path.join(outDir, `${name}.png`);
        // A toast still fading in would be half transparent over the editor: finite animations are
        // fast-forwarded to their end for the shot (Playwright's "animations: disabled").
        await page.screenshot({ path: file, animations: 'disabled' });
        info('screenshot saved:', path.relative(root, file));
        res.writeHead(200).end(file);
      } else if (u.pathname === '/dom') {
        const sel = u.searchParams.get('selector') || 'body';
        const texts = await page.$$eval(sel, (els) => els.map((e) => e.innerText || e.textContent || ''));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(texts));
      } else if (u.pathname === '/press') {
        await page.keyboard.press(u.searchParams.get('key') || 'Enter');
        res.writeHead(200).end('ok');
      } else if (u.pathname === '/click') {
        await page.click(u.searchParams.get('selector') || 'body', { timeout: 5000 });
        res.writeHead(200).end('ok');
      } else if (u.pathname === '/frame-boxes') {
        // Webviews live in nested iframes: each match in any of them (shadow roots pierced), with its box in that frame.
        const sel = u.searchParams.get('selector') || 'body';
        const boxes = [];
        for (const frame of page.frames()) {
          if (frame === page.mainFrame()) continue;
          const found = await frame
            .$$eval(sel, (els) =>
              els.map((e) => {
                const r = e.getBoundingClientRect();
                const view = e.ownerDocument.defaultView;
                const cs = view.getComputedStyle(e);
                return {
                  text: e.innerText || '',
                  left: r.left,
                  right: r.right,
                  width: r.width,
                  height: r.height,
                  display: cs.display,
                  visibility: cs.visibility,
                  scrollWidth: e.scrollWidth,
                  clientWidth: e.clientWidth,
                  viewportWidth: view.innerWidth,
                };
              }),
            )
            .catch(() => []);
          boxes.push(...found);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(boxes));
      } else if (u.pathname === '/frame-click') {
        const sel = u.searchParams.get('selector') || 'body';
        let clicked = false;
        for (const frame of page.frames()) {
          if (frame === page.mainFrame() || clicked) continue;
          const el = await frame.$(sel).catch(() => null);
          if (el) {
            await el.click({ timeout: 5000 });
            clicked = true;
          }
        }
        if (!clicked) throw new Error(`no ${sel} in any frame`);
        res.writeHead(200).end('ok');
      } else if (u.pathname === '/type') {
        await page.keyboard.type(u.searchParams.get('text') || '');
        res.writeHead(200).end('ok');
      } else res.writeHead(404).end('not found');
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  return {
    server,
    url: `http://127.0.0.1:${server.address().port}`,
    setPage: (p) => {
      page = p;
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function waitForOutput(child, re, ms) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${re} within ${ms} ms`)), ms);
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      if (re.test(buf)) {
        clearTimeout(t);
        resolve();
      }
    });
  });
}

function run(cmd, args, label) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} failed (${code})`))));
  }).catch((e) => {
    info(e.message);
    process.exit(2);
  });
}
