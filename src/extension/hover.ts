/**
 * Hover over a challenged line, compact: status, who raised it, the
 * resolution, and a link to the challenge in the panel. The claim and the
 * concern are the diagnostic's, which the editor shows in the same hover.
 */
import * as vscode from 'vscode';
import { hoverMarkdown } from './finding-text';
import { findingAt } from './findings';
import { planKey, type FindingsRegistry } from './findings-registry';
import { toRange } from './diagnostics';

/** Opens the panel on the plan with the challenge expanded. */
const PANEL_COMMAND = 'verifyPlan.revealChallenge';

export class ChallengeHoverProvider implements vscode.HoverProvider {
  constructor(private readonly registry: FindingsRegistry) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const pf = this.registry.get(planKey(document.uri));
    if (!pf) return undefined;
    const hits = findingAt(pf, position.line).filter((f) => f.anchor !== 'unanchored');
    const first = hits[0];
    if (!first) return undefined;
    // Model text is escaped by hoverMarkdown; the one command a link may run is the panel's (no HTML).
    const link = (id: string) => `command:${PANEL_COMMAND}?${encodeURIComponent(JSON.stringify([document.uri, id]))}`;
    const md = new vscode.MarkdownString(hits.map((f) => hoverMarkdown(f.challenge, f.anchor === 'stale', link(f.challenge.id))).join('\n\n---\n\n'));
    md.isTrusted = { enabledCommands: [PANEL_COMMAND] };
    md.supportHtml = false;
    return new vscode.Hover(md, toRange(first));
  }
}
