/** Core values (plan ranges, findings, edits) → LSP values. Pure. */
import { DiagnosticSeverity, type Diagnostic, type Range as LspRange, type TextEdit as LspTextEdit } from 'vscode-languageserver';
import type { Range } from '../core/plan';
import { RULES, type FindingLevel, type StaticFinding, type TextEdit } from '../core/rules';
import { STATIC_DIAGNOSTIC_SOURCE } from '../shared/lsp-protocol';

const SEVERITY: Record<FindingLevel, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** `bomOffset`: the parser strips a leading BOM that some clients keep in the text, shifting line-0 columns by one. */
export function toLspRange(range: Range, bomOffset: 0 | 1 = 0): LspRange {
  const shift = (line: number, char: number) => (line === 0 ? char + bomOffset : char);
  return {
    start: { line: range.startLine, character: shift(range.startLine, range.startChar) },
    end: { line: range.endLine, character: shift(range.endLine, range.endChar) },
  };
}

export function toDiagnostic(finding: StaticFinding, docsUrl: string, bomOffset: 0 | 1 = 0): Diagnostic {
  return {
    range: toLspRange(finding.range, bomOffset),
    severity: SEVERITY[finding.level],
    code: finding.code,
    codeDescription: { href: `${docsUrl}#${RULES[finding.code].docsAnchor}` },
    source: STATIC_DIAGNOSTIC_SOURCE,
    message: finding.message,
    ...(finding.data ? { data: finding.data } : {}),
  };
}

/** Edits are written with LF; a CRLF document gets CRLF. */
export function toLspEdit(edit: TextEdit, eol: '\n' | '\r\n', bomOffset: 0 | 1 = 0): LspTextEdit {
  return { range: toLspRange(edit.range, bomOffset), newText: eol === '\n' ? edit.newText : edit.newText.replace(/\n/g, '\r\n') };
}

export function rangesOverlap(a: LspRange, b: LspRange): boolean {
  const before = (p: { line: number; character: number }, q: { line: number; character: number }) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
