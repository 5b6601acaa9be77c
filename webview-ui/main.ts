/**
 * Webview entry (bundled to dist/webview.js). The page holds no data and no
 * inline script: everything arrives as messages validated by the shared
 * protocol and is rendered as text by lit.
 */
import './zod-jitless';
import './components/app';
import type { VsCodeApi } from './host-channel';

declare function acquireVsCodeApi(): VsCodeApi;

declare global {
  /** Read by lit when it has to fall back to <style> elements (no constructable stylesheets). */
  var litNonce: string | undefined;
}

function boot(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  if (script?.nonce) globalThis.litNonce = script.nonce;
  const app = document.createElement('vp-app');
  document.body.append(app);
  app.connect(acquireVsCodeApi(), window);
}

boot();
