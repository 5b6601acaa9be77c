/**
 * Loads the built webview bundle in headless Debian Chromium the way VS Code
 * does: the real panel HTML (CSP + nonce, from src/extension/panel/panel-html.ts)
 * served from 127.0.0.1, with a stubbed `acquireVsCodeApi` that records what
 * the webview posts and stores its persisted state.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect } from '@playwright/test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createNonce, renderPanelHtml } from '../../src/extension/panel/panel-html';
import type { WebviewMessage } from '../../src/shared/webview-protocol';
import CHROMIUM_ARGS from '../support/chromium-args.json';
import { THEMES, THEME_CLASS, type ThemeKind } from './themes';

export const REPO = path.resolve(__dirname, '../..');
export const BUNDLE = path.join(REPO, 'dist/webview.js');
export const OUTPUT = path.join(REPO, 'test-output/webview');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Playwright's auto-retrying assertions (used outside its test runner): every
 * UI check waits until the page shows what it expects or the deadline passes,
 * so a slow re-render on a loaded machine is not a failure. 15 s, not the
 * default 5 s: the suite must stay green with both cores busy.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** What the stub keeps in the page (window.__vp). */
interface StubRecord {
  sent: WebviewMessage[];
  state: unknown;
  setStateCalls: number;
  violations: string[];
}

declare global {
  interface Window {
    __vp: StubRecord;
    __pwned?: unknown;
  }
}

export class WebviewHarness {
  private server: Server | null = null;
  private context: BrowserContext | null = null;
  private profile = '';
  origin = '';
  readonly dialogs: string[] = [];

  async start(): Promise<void> {
    const bundle = await readFile(BUNDLE);
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.origin);
      if (url.pathname === '/panel.html') {
        const html = renderPanelHtml({ cspSource: this.origin, scriptUri: `${this.origin}/dist/webview.js`, nonce: createNonce() });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      } else if (url.pathname === '/dist/webview.js') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
      } else if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the test server has no port');
    this.origin = `http://127.0.0.1:${address.port}`;
    this.profile = mkdtempSync(path.join(tmpdir(), 'vp-webview-'));
    this.context = await chromium.launchPersistentContext(this.profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1100, height: 900 },
      env: { ...process.env, XDG_CONFIG_HOME: this.profile, XDG_CACHE_HOME: this.profile },
    });
  }

  async stop(): Promise<void> {
    await this.context?.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }

  /** A fresh panel; `persisted` is what vscode.getState() returns (a reload restores from it). */
  async open(options: { theme?: ThemeKind; persisted?: unknown } = {}): Promise<Page> {
    if (!this.context) throw new Error('harness not started');
    const page = await this.context.newPage();
    page.on('dialog', (d) => {
      this.dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => this.dialogs.push(`page error: ${e.message}`));
    // A string, not a function: tsx compiles test functions with esbuild's keepNames, whose
    // `__name` function does not exist in the page. The page gets a no-op `__name` so the
    // callbacks given to page.evaluate work too.
    await page.addInitScript(`
      window.__name = (f) => f;
      window.__vp = { sent: [], state: ${JSON.stringify(options.persisted ?? null)}, setStateCalls: 0, violations: [] };
      document.addEventListener('securitypolicyviolation', (e) => window.__vp.violations.push(e.violatedDirective + ' ' + e.blockedURI));
      window.acquireVsCodeApi = () => ({
        postMessage: (m) => window.__vp.sent.push(JSON.parse(JSON.stringify(m))),
        getState: () => window.__vp.state,
        setState: (s) => { window.__vp.state = s; window.__vp.setStateCalls++; },
      });
    `);
    await page.goto(`${this.origin}/panel.html`);
    await setTheme(page, options.theme ?? 'light');
    await page.waitForFunction(() => window.__vp.sent.some((m) => m.type === 'ready'));
    return page;
  }
}

/** What VS Code does on a theme change: body class + variables on <html>, body colours from them. */
export async function setTheme(page: Page, kind: ThemeKind): Promise<void> {
  await page.evaluate(
    ({ vars, cls }) => {
      const root = document.documentElement.style;
      for (const [k, v] of Object.entries(vars)) root.setProperty(k, v);
      document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast');
      document.body.classList.add(cls);
      const b = document.body.style;
      b.margin = '0';
      b.background = 'var(--vscode-editor-background)';
      b.color = 'var(--vscode-editor-foreground)';
      b.fontFamily = 'var(--vscode-font-family)';
    },
    { vars: THEMES[kind], cls: THEME_CLASS[kind] },
  );
}

/** Delivers a message the way the host does (a window `message` event): a HostMessage, or anything else to test malformed input. */
export async function post(page: Page, message: unknown): Promise<void> {
  await page.evaluate((m) => window.postMessage(m, '*'), message);
}

export async function sent(page: Page): Promise<WebviewMessage[]> {
  return page.evaluate(() => window.__vp.sent);
}

/** Waits (with Playwright's deadline) until the webview has posted a message matching `match`. */
export async function waitForSent<T extends WebviewMessage>(page: Page, match: (m: WebviewMessage) => m is T): Promise<T>;
export async function waitForSent(page: Page, match: (m: WebviewMessage) => boolean): Promise<WebviewMessage>;
export async function waitForSent(page: Page, match: (m: WebviewMessage) => boolean): Promise<WebviewMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await sent(page)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`the webview did not post the expected message; it posted ${JSON.stringify(await sent(page))}`);
    await page.waitForFunction((n) => window.__vp.sent.length > n, (await sent(page)).length, { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
  }
}

/** Posts a state and waits until the webview reports it has drawn it. */
export async function showState(page: Page, state: unknown): Promise<void> {
  const before = (await sent(page)).filter((m) => m.type === 'rendered').length;
  await post(page, { type: 'state', state });
  await page.waitForFunction((n) => window.__vp.sent.filter((m) => m.type === 'rendered').length > n, before);
}
