/**
 * How the panel's elements ask for an action: a `vp-request` DOM event that
 * crosses shadow roots up to the app, which sends it to the host.
 */
import type { PanelRequest } from '../src/shared/webview-protocol';

export const REQUEST_EVENT = 'vp-request';

export function askHost(from: HTMLElement, request: PanelRequest): void {
  from.dispatchEvent(new CustomEvent<PanelRequest>(REQUEST_EVENT, { detail: request, bubbles: true, composed: true }));
}

/** One key per button: a request with the same key disables that button until its reply arrives. */
export function busyKey(request: PanelRequest): string {
  if ('challengeId' in request) return `${request.action}:${request.challengeId}`;
  if (request.action === 'revealLine') return `${request.action}:${request.line}`;
  if (request.action === 'openEvidence') return `${request.action}:${request.path}:${request.line ?? ''}`;
  return request.action;
}
