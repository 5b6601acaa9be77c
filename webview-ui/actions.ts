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
  return 'challengeId' in request ? `${request.action}:${request.challengeId}` : request.action;
}
