/**
 * User checkpoints (seed 001) in the editor.
 *
 * BLOCKED and end-of-run checkpoints come one per BLOCKING challenge from the
 * loop; the editor answers them in ONE review per moment (checkpoint-batch.ts):
 * a multi-select list of the challenges (all picked = apply to all), each
 * with its claim and concern, its plan line revealed and highlighted while
 * it is the active item; then one choice of what to do for the picked ones.
 * Challenges answered once are not asked about again.
 *
 * Escape means "decide later": the run goes on as a non-interactive run would
 * (no decision recorded). Aborting is an explicit option. Stall and
 * contradiction checkpoints are a single choice with the same Escape rule.
 */
import * as vscode from 'vscode';
import type { Challenge, UserAction } from '../core/protocol';
import type { CheckpointAnswer, CheckpointRequest } from '../core/run-types';
import { optionEffect } from '../core/loop/checkpoints';
import { anchorQuote } from '../core/anchor';
import { parsePlan } from '../core/plan';
import type { CheckpointBook } from './checkpoint-batch';
import { oneLine } from './finding-text';

const ICONS: Record<UserAction, string> = {
  provide_context: '$(comment)',
  acknowledge_risk: '$(shield)',
  override: '$(debug-continue)',
  abort: '$(stop)',
  continue: '$(play)',
};

const DECIDE_LATER: CheckpointAnswer = { action: 'continue' };

interface ActionItem extends vscode.QuickPickItem {
  action: UserAction;
}

interface ChallengeItem extends vscode.QuickPickItem {
  challenge: Challenge;
}

export async function askCheckpoint(request: CheckpointRequest, book: CheckpointBook, planUri: vscode.Uri, signal?: AbortSignal): Promise<CheckpointAnswer> {
  const given = book.answered(request);
  if (given) return given;
  const batch = book.batch(request);
  if (batch.length === 0) return (await chooseAction(request, [], signal)) ?? DECIDE_LATER;
  const answers = await review(request, batch, planUri, signal);
  book.record(request, answers);
  return answers.get(request.challengeId ?? '') ?? DECIDE_LATER;
}

/**
 * The review of the decisions left for later (the status bar's "decisions
 * deferred" item), while the run goes on: the same review, over the deferred
 * challenges still open. The answers reach the loop the next time it asks
 * about each one. True when the user chose Abort.
 */
export async function reviewDeferred(book: CheckpointBook, planUri: vscode.Uri, signal?: AbortSignal): Promise<boolean> {
  const pending = book.deferred();
  if (!pending) return false;
  const answers = await review(pending.request, pending.challenges, planUri, signal);
  book.recordLate(answers);
  return [...answers.values()].some((a) => a.action === 'abort');
}

/** The review of one moment: pick challenges, choose for them, until all are answered or the user decides later. */
async function review(request: CheckpointRequest, batch: Challenge[], planUri: vscode.Uri, signal?: AbortSignal): Promise<Map<string, CheckpointAnswer>> {
  const answers = new Map<string, CheckpointAnswer>();
  const highlight = new LineHighlight(planUri);
  try {
    let remaining = batch;
    while (remaining.length > 0 && !signal?.aborted) {
      const picked = await pickChallenges(request, remaining, highlight, signal);
      if (!picked || picked.length === 0) break;
      const answer = await chooseAction(request, picked, signal);
      if (!answer) continue;
      for (const c of picked) answers.set(c.id, answer);
      if (answer.action === 'abort') break;
      remaining = remaining.filter((c) => !picked.includes(c));
    }
  } finally {
    highlight.dispose();
  }
  for (const c of batch) if (!answers.has(c.id)) answers.set(c.id, DECIDE_LATER);
  return answers;
}

function pickChallenges(request: CheckpointRequest, remaining: Challenge[], highlight: LineHighlight, signal?: AbortSignal): Promise<Challenge[] | undefined> {
  const qp = vscode.window.createQuickPick<ChallengeItem>();
  const n = remaining.length;
  const when = request.kind === 'max_iterations' ? 'still open after the last iteration' : `open after iteration ${request.iteration}`;
  qp.title = `Verify Plan — ${n} BLOCKING challenge${n === 1 ? '' : 's'} ${when}. Pick the ones to answer together (all = apply to all); Escape: decide later`;
  qp.placeholder = 'Arrow keys show each challenge in the plan; Space picks or unpicks; Enter chooses what to do';
  qp.canSelectMany = true;
  qp.ignoreFocusOut = true;
  qp.matchOnDetail = true;
  qp.items = remaining.map((c) => ({ challenge: c, label: `$(error) ${c.id}: ${oneLine(c.claim, 400)}`, detail: `Concern: ${oneLine(c.concern, 1000)}`, picked: true }));
  qp.selectedItems = qp.items;
  const active = qp.onDidChangeActive((items) => items[0] && void highlight.show(items[0].challenge));
  if (qp.items[0]) void highlight.show(qp.items[0].challenge);
  return settle(qp, signal, () => qp.selectedItems.map((i) => i.challenge), [active]);
}

/** What to do for the picked challenges (or for a stall / contradiction); undefined on Escape. */
async function chooseAction(request: CheckpointRequest, picked: Challenge[], signal?: AbortSignal): Promise<CheckpointAnswer | undefined> {
  for (;;) {
    const action = await pickAction(request, picked, signal);
    if (action === undefined) return undefined;
    if (action !== 'provide_context') return { action };
    const text = await vscode.window.showInputBox({
      title: `Verify Plan: context for ${picked.map((c) => c.id).join(', ') || 'the checkpoint'}`,
      prompt: picked.length > 0 ? oneLine(picked.map((c) => `${c.id}: ${c.concern}`).join(' · '), 600) : oneLine(request.detail, 600),
      placeHolder: 'What the agents should know (it goes into the next iteration)',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? 'Type the context, or press Escape to choose another option.' : undefined),
    });
    if (text !== undefined && text.trim() !== '') return { action, text: text.trim() };
  }
}

function pickAction(request: CheckpointRequest, picked: Challenge[], signal?: AbortSignal): Promise<UserAction | undefined> {
  const qp = vscode.window.createQuickPick<ActionItem>();
  const ids = picked.map((c) => c.id).join(', ');
  qp.title = picked.length > 0 ? `Verify Plan — what should the run do about ${ids}? (Escape: back)` : `Verify Plan — ${request.title} (Escape: decide later, the run goes on)`;
  qp.placeholder = picked.length > 0 ? '' : oneLine(request.detail, 300);
  qp.ignoreFocusOut = true;
  const options = request.options.length > 0 ? request.options : (['continue', 'abort'] as UserAction[]);
  qp.items = options.map((action) => {
    const { label, detail } = optionEffect(request.kind, action);
    return { action, label: `${ICONS[action]} ${label}`, detail };
  });
  return settle(qp, signal, () => qp.selectedItems[0]?.action ?? qp.activeItems[0]?.action);
}

/** Resolves with `value()` on Enter, undefined on Escape, hide or a cancelled run; disposes everything. */
function settle<T, I extends vscode.QuickPickItem>(
  qp: vscode.QuickPick<I>,
  signal: AbortSignal | undefined,
  value: () => T | undefined,
  owned: vscode.Disposable[] = [],
): Promise<T | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (v: T | undefined) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      for (const d of owned) d.dispose();
      qp.dispose();
      resolve(v);
    };
    const onAbort = () => done(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    qp.onDidAccept(() => done(value()));
    qp.onDidHide(() => done(undefined));
    qp.show();
  });
}

/** The challenged line, revealed and highlighted in the plan's editor (focus stays in the list). */
class LineHighlight implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
    borderColor: new vscode.ThemeColor('editorError.foreground'),
    borderStyle: 'solid',
    borderWidth: '0 0 0 3px',
  });
  private editor: vscode.TextEditor | undefined;

  constructor(private readonly planUri: vscode.Uri) {}

  async show(c: Challenge): Promise<void> {
    const editor = await vscode.window.showTextDocument(this.planUri, { preserveFocus: true, preview: false });
    this.editor = editor;
    const hit = anchorQuote(parsePlan(editor.document.getText()), c.quote);
    if (!hit.found) {
      editor.setDecorations(this.decoration, []);
      return;
    }
    const r = hit.range;
    const range = new vscode.Range(r.startLine, r.startChar, r.endLine, r.endChar);
    const hover = new vscode.MarkdownString();
    hover.appendText(`${c.id} (BLOCKING): ${c.concern}`);
    editor.setDecorations(this.decoration, [
      { range, hoverMessage: hover, renderOptions: { after: { contentText: `  ◀ ${c.id}: ${oneLine(c.concern, 160)}`, color: new vscode.ThemeColor('editorError.foreground') } } },
    ]);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    this.editor?.setDecorations(this.decoration, []);
    this.decoration.dispose();
  }
}
