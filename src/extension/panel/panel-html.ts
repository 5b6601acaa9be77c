/**
 * The panel's HTML shell. Pure (no `vscode` import) so the render tests load
 * exactly this page. It carries no data: state arrives as messages. The CSP
 * allows only the bundle (by nonce) and styles/images from the extension's own
 * resource roots; lit's constructed stylesheets need no `unsafe-inline`.
 */
import { randomBytes } from 'node:crypto';

export interface PanelHtmlOptions {
  /** `webview.cspSource`: the origin VS Code serves local resources from. */
  cspSource: string;
  /** `asWebviewUri(dist/webview.js)`. */
  scriptUri: string;
  nonce: string;
  title?: string;
}

/** A fresh nonce per page load: 128 random bits. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

function escapeAttr(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ATTR_ESCAPES[c] ?? c);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    // The nonce only matters if lit falls back to <style> elements (it sets them from window.litNonce).
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function renderPanelHtml(o: PanelHtmlOptions): string {
  const csp = contentSecurityPolicy(o.cspSource, o.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeAttr(o.title ?? 'Verify Plan')}</title>
</head>
<body>
<script nonce="${escapeAttr(o.nonce)}" src="${escapeAttr(o.scriptUri)}"></script>
</body>
</html>`;
}
