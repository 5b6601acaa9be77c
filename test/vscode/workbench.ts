/**
 * The workbench as tests inside the extension host see it: polling with a deadline (never
 * a fixed sleep), and the launcher's control server (screenshots, workbench
 * DOM text, real key presses). Whatever the editor shows (status bar, lenses,
 * diagnostics, workbench DOM) is checked with `waitFor`, never read once.
 */
import * as http from 'node:http';
import * as vscode from 'vscode';
import type { VerifyPlanApi } from '../../src/extension/extension';

export const EXTENSION_ID = 'verify-plan.verify-plan';

export async function activateExtension(): Promise<VerifyPlanApi> {
  const ext = vscode.extensions.getExtension<VerifyPlanApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  if (!api) throw new Error('activate() returned no API (activation failed; see the Verify Plan log)');
  return api;
}

/** Polls `probe` until it returns a truthy value; fails with `what` after `timeoutMs`. */
type Falsy = false | null | undefined | 0 | '';

export async function waitFor<T>(probe: () => T | Falsy | Promise<T | Falsy>, what: string, timeoutMs = 20_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${last instanceof Error ? last.message : JSON.stringify(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The CodeLens the editor's providers give for `uri`, polled until `accept` holds for the list (lenses are computed asynchronously). */
export function waitForLenses(uri: vscode.Uri, accept: (lenses: vscode.CodeLens[]) => boolean, what: string, timeoutMs = 20_000): Promise<vscode.CodeLens[]> {
  return waitFor(
    async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
      return accept(lenses) && lenses;
    },
    `${what} (CodeLens of ${uri.path.split('/').pop()})`,
    timeoutMs,
    100,
  );
}

/** Resolves on the next event that satisfies `accept` (or rejects after `timeoutMs`). */
export function nextEvent<T>(event: vscode.Event<T>, accept: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const sub = event((value) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(value);
    });
  });
}

/** Points the extension at a fake Messages API for one fast base-team iteration, with `apiKey` in SecretStorage. */
export async function useFakeApi(baseURL: string, apiKey: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('verifyPlan');
  // The key goes where baseUrl points, so only the user's settings may set it (a workspace value is ignored).
  await config.update('baseUrl', baseURL, vscode.ConfigurationTarget.Global);
  await config.update('maxIterations', 1, vscode.ConfigurationTarget.Workspace);
  await config.update('team', 'base', vscode.ConfigurationTarget.Workspace);
  await config.update('provider', 'anthropic', vscode.ConfigurationTarget.Workspace);
  if ((await vscode.commands.executeCommand('verifyPlan.setApiKey', apiKey)) !== true) throw new Error('the API key was not stored');
}

export const hasControl = (): boolean => Boolean(process.env.E2E_CONTROL_URL);

function control(pathAndQuery: string): Promise<string> {
  const base = process.env.E2E_CONTROL_URL;
  if (!base) return Promise.reject(new Error('no E2E_CONTROL_URL (not started by scripts/run-vscode-tests.mjs)'));
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathAndQuery}`, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(body))));
      })
      .on('error', reject);
  });
}

/** innerText of every workbench node matching `selector`. */
export async function domTexts(selector: string): Promise<string[]> {
  return JSON.parse(await control(`/dom?selector=${encodeURIComponent(selector)}`)) as string[];
}

export function screenshot(name: string): Promise<string> {
  return control(`/screenshot?name=${encodeURIComponent(name)}`);
}

/** A real key press in the workbench page (e.g. "Enter", "ArrowDown"). */
export function press(key: string): Promise<string> {
  return control(`/press?key=${encodeURIComponent(key)}`);
}

/** A real mouse click on the first workbench node matching `selector`. */
export function click(selector: string): Promise<string> {
  return control(`/click?selector=${encodeURIComponent(selector)}`);
}

/** Where an element of a webview (any frame; shadow roots pierced) is drawn, in that frame's coordinates. */
export interface FrameBox {
  text: string;
  left: number;
  right: number;
  width: number;
  height: number;
  display: string;
  visibility: string;
  scrollWidth: number;
  clientWidth: number;
  /** The width of the frame the element is in: the webview's width. */
  viewportWidth: number;
}

/** Every match of `selector` inside the workbench's webviews. */
export async function webviewBoxes(selector: string): Promise<FrameBox[]> {
  return JSON.parse(await control(`/frame-boxes?selector=${encodeURIComponent(selector)}`)) as FrameBox[];
}

/** A real mouse click on the first match of `selector` inside a webview. */
export function webviewClick(selector: string): Promise<string> {
  return control(`/frame-click?selector=${encodeURIComponent(selector)}`);
}

/** Real typing in the workbench page's focused element. */
export function typeText(text: string): Promise<string> {
  return control(`/type?text=${encodeURIComponent(text)}`);
}

export function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'verify-plan');
}
