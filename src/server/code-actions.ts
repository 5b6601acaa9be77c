/** Quick fixes (textDocument/codeAction) for the static findings under the requested range. */
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver';
import { fixesFor } from '../core/rules';
import { STATIC_DIAGNOSTIC_SOURCE } from '../shared/lsp-protocol';
import type { Analysis } from './document-analyzer';
import { rangesOverlap, toDiagnostic, toLspEdit, toLspRange } from './lsp-convert';

export function quickFixes(analysis: Analysis, params: CodeActionParams, eol: '\n' | '\r\n', docsUrl: string): CodeAction[] {
  const plan = analysis.plan;
  if (!plan) return [];
  const only = params.context.only;
  if (only && !only.some((kind) => kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`) || kind === CodeActionKind.Empty)) return [];
  const actions: CodeAction[] = [];
  for (const finding of analysis.findings) {
    if (!rangesOverlap(toLspRange(finding.range, analysis.bomOffset), params.range)) continue;
    const diagnostic = toDiagnostic(finding, docsUrl, analysis.bomOffset);
    for (const fix of fixesFor(plan, finding)) {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [matchingClientDiagnostic(params.context.diagnostics, diagnostic) ?? diagnostic],
        isPreferred: fix.isPreferred ?? false,
        ...(fix.edits.length > 0 ? { edit: { changes: { [analysis.uri]: fix.edits.map((e) => toLspEdit(e, eol, analysis.bomOffset)) } } } : {}),
        ...(fix.command ? { command: fix.command } : {}),
      });
    }
  }
  // The fixes that edit the plan first; "turn this check off" ones after all of them.
  return [...actions.filter((a) => a.edit), ...actions.filter((a) => !a.edit)];
}

/** The client's own copy of the diagnostic, so the editor links the fix to the squiggle it shows. */
function matchingClientDiagnostic(fromClient: Diagnostic[], ours: Diagnostic): Diagnostic | undefined {
  return fromClient.find(
    (d) =>
      d.source === STATIC_DIAGNOSTIC_SOURCE &&
      d.code === ours.code &&
      d.range.start.line === ours.range.start.line &&
      d.range.start.character === ours.range.start.character &&
      d.range.end.line === ours.range.end.line &&
      d.range.end.character === ours.range.end.character,
  );
}
