/**
 * User checkpoints (seed 001): a QuickPick with the blocking challenge and
 * the options the loop offers (provide context / acknowledge risk / override
 * / abort, or continue). "Provide context" asks for the text in an input box;
 * dismissing that box returns to the choice. Dismissing the choice aborts,
 * because the loop cannot go on without an answer.
 */
import * as vscode from 'vscode';
import type { UserAction } from '../core/protocol';
import type { CheckpointAnswer, CheckpointRequest } from '../core/run-types';
import { optionEffect } from '../core/loop/checkpoints';

const ICONS: Record<UserAction, string> = {
  provide_context: '$(comment)',
  acknowledge_risk: '$(shield)',
  override: '$(debug-continue)',
  abort: '$(stop)',
  continue: '$(play)',
};

interface ActionItem extends vscode.QuickPickItem {
  action: UserAction;
}

export async function askCheckpoint(request: CheckpointRequest, signal?: AbortSignal): Promise<CheckpointAnswer> {
  for (;;) {
    const action = await pickAction(request, signal);
    if (action === undefined) return { action: 'abort', text: 'Checkpoint dismissed.' };
    if (action !== 'provide_context') return { action };
    const text = await vscode.window.showInputBox({
      title: `Verify Plan: context for ${request.challengeId ?? 'the checkpoint'}`,
      prompt: oneLine(request.detail),
      placeHolder: 'What the agents should know (it goes into the next iteration)',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? 'Type the context, or press Escape to choose another option.' : undefined),
    });
    if (text !== undefined && text.trim() !== '') return { action, text: text.trim() };
  }
}

function pickAction(request: CheckpointRequest, signal?: AbortSignal): Promise<UserAction | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<ActionItem>();
    qp.title = `Verify Plan — ${request.title}`;
    qp.placeholder = oneLine(request.detail);
    qp.ignoreFocusOut = true;
    const options = request.options.length > 0 ? request.options : (['continue', 'abort'] as UserAction[]);
    qp.items = options.map((action) => {
      const { label, detail } = optionEffect(request.kind, action);
      return { action, label: `${ICONS[action]} ${label}`, detail };
    });
    let settled = false;
    const done = (value: UserAction | undefined) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      qp.dispose();
      resolve(value);
    };
    const onAbort = () => done(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    qp.onDidAccept(() => done(qp.selectedItems[0]?.action));
    qp.onDidHide(() => done(undefined));
    qp.show();
  });
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}
