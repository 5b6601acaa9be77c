/** Hover over a challenged line: claim, concern, failure scenario, alternative, evidence, status history. */
import * as vscode from 'vscode';
import { hoverMarkdown } from './finding-text';
import { findingAt } from './findings';
import { planKey, type FindingsRegistry } from './findings-registry';
import { toRange } from './diagnostics';

export class ChallengeHoverProvider implements vscode.HoverProvider {
  constructor(private readonly registry: FindingsRegistry) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const pf = this.registry.get(planKey(document.uri));
    if (!pf) return undefined;
    const hits = findingAt(pf, position.line).filter((f) => f.anchor !== 'unanchored');
    const first = hits[0];
    if (!first) return undefined;
    // Model text is escaped by hoverMarkdown; the MarkdownString stays untrusted (no command links, no HTML).
    const md = new vscode.MarkdownString(hits.map((f) => hoverMarkdown(f.challenge, f.anchor === 'stale')).join('\n\n---\n\n'));
    md.isTrusted = false;
    md.supportHtml = false;
    return new vscode.Hover(md, toRange(first));
  }
}
