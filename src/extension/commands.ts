/**
 * The command table: every `verifyPlan.*` command and its handler, in one
 * place. Handlers are thin: they pick the target plan and call a service.
 * Commands that act on a plan take an optional `Uri` argument (CodeLens,
 * menus, other extensions); without it they use the active Markdown editor.
 */
import * as vscode from 'vscode';
import type { RunResult } from '../core/run-types';
import { discoverNewestPlan, planCheck } from '../core/plan-discovery';
import { RULE_CODES } from '../core/rules/catalog';
import { planScope } from './plan-scope';
import { SETTINGS_SECTION } from './settings';
import { planKey } from './findings-registry';
import type { PanelLink } from './panel-link';
import { checkSetup } from './check-setup';
import { exportReport } from './report-export';
import { installClaudeCodeHook, uninstallClaudeCodeHook } from './claude-code-hook';
import type { Services } from './services';

type Handler = (...args: unknown[]) => unknown;

export function commandTable(s: Services, panel: PanelLink): Record<string, Handler> {
  return {
    'verifyPlan.verify': async (arg) => {
      const plan = await planToVerify(s, arg);
      return plan && (await confirmPlan(s, plan)) ? s.runner.verify(plan) : undefined;
    },
    'verifyPlan.reverify': async (arg) => {
      const plan = uriArg(arg) ?? activePlan() ?? lastVerified(s) ?? (await planToVerify(s, undefined));
      return plan && (await confirmPlan(s, plan)) ? s.runner.verify(plan) : undefined;
    },
    'verifyPlan.cancel': () => s.runner.cancel(),
    'verifyPlan.answerDeferred': () => answerDeferred(s, panel),
    'verifyPlan.showReport': (arg) => showPanel(s, panel, arg),
    'verifyPlan.revealChallenge': (arg, id) => showPanel(s, panel, arg, typeof id === 'string' ? id : undefined),
    'verifyPlan.exportReport': async (arg, target) => {
      const found = resultFor(s, arg);
      if (!found) return undefined;
      const written = await exportReport(found, uriArg(target));
      if (written) void vscode.window.showInformationMessage(`Verify Plan: report saved to ${vscode.workspace.asRelativePath(written)}.`);
      return written;
    },
    'verifyPlan.setApiKey': (arg) => s.keys.promptAndStore(arg),
    'verifyPlan.clearApiKey': async () => {
      await s.keys.clear();
      void vscode.window.showInformationMessage('Verify Plan: API key removed from secret storage.');
    },
    'verifyPlan.acknowledgeRisk': async (arg, id) => acknowledge(s, uriArg(arg), typeof id === 'string' ? id : undefined),
    'verifyPlan.showChallenge': async (arg, id) => showChallenge(s, uriArg(arg), typeof id === 'string' ? id : undefined),
    'verifyPlan.showLog': () => s.log.show(true),
    'verifyPlan.turnOffCheck': (code) => turnOffCheck(code),
    'verifyPlan.checkSetup': () => checkSetup(s),
    'verifyPlan.installClaudeCodeHook': (scope) => installClaudeCodeHook(s.context, scope),
    'verifyPlan.uninstallClaudeCodeHook': (scope) => uninstallClaudeCodeHook(scope),
  };
}

function uriArg(arg: unknown): vscode.Uri | undefined {
  return arg instanceof vscode.Uri ? arg : undefined;
}

function activePlan(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  return doc && doc.languageId === 'markdown' && doc.uri.scheme === 'file' ? doc.uri : undefined;
}

function lastVerified(s: Services): vscode.Uri | undefined {
  const p = s.history.knownPlans().find((k) => s.registry.get(k));
  return p ? vscode.Uri.file(p) : undefined;
}

/** Seed 001 Step 1: explicit argument, the active plan, the newest plan in the plan folders, else ask. */
async function planToVerify(s: Services, arg: unknown): Promise<vscode.Uri | undefined> {
  const explicit = uriArg(arg) ?? activePlan();
  if (explicit) return explicit;
  const found = await discoverNewestPlan(planScope(s.settings().planFolders));
  if (found.path !== null) return vscode.Uri.file(found.path);
  const picked = await vscode.window.showOpenDialog({
    title: `${found.message} Open a Markdown plan or choose one.`,
    canSelectMany: false,
    openLabel: 'Verify Plan',
    filters: { Markdown: ['md', 'markdown'] },
  });
  return picked?.[0];
}

/**
 * Before any paid call: a file discovery would not take for a plan (an
 * exported report, or Markdown outside the plan folders such as a README)
 * is named as such. A report is refused; any other file runs only after
 * "Verify Anyway". A plan already verified once is not asked about again.
 */
async function confirmPlan(s: Services, plan: vscode.Uri): Promise<boolean> {
  const name = vscode.workspace.asRelativePath(plan);
  const folders = s.settings().planFolders;
  const verdict = planCheck(plan.fsPath, planScope(folders), s.registry.get(planKey(plan)) !== undefined);
  if (verdict === 'plan') return true;
  if (verdict === 'report') {
    void vscode.window.showWarningMessage(`Verify Plan: ${name} is an exported Verify Plan report, not a plan. Nothing was sent.`);
    return false;
  }
  const anyway = 'Verify Anyway';
  const settings = 'Open Settings';
  // A notification shows backticks as they are: the folders are listed plainly.
  const where = folders.join(', ') || '(none)';
  const pick = await vscode.window.showWarningMessage(
    `Verify Plan: ${name} does not look like a plan (it is not in the plan folders: ${where}). Nothing was sent.`,
    anyway,
    settings,
  );
  if (pick === settings) void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.planFolders`);
  return pick === anyway;
}

/** Opens the panel on the plan (argument, active editor, or the last verified plan); returns its path. */
function showPanel(s: Services, panel: PanelLink, arg: unknown, challengeId?: string): string | undefined {
  const running = s.runner.runningPlan()?.planPath;
  const plan = uriArg(arg) ?? activePlan() ?? (running ? vscode.Uri.file(running) : undefined) ?? lastVerified(s);
  if (!plan) {
    void vscode.window.showInformationMessage('Verify Plan: open a Markdown plan, or run "Verify Plan" first.');
    return undefined;
  }
  const planPath = planKey(plan);
  panel.show(planPath, challengeId);
  return planPath;
}

/** The deferred decisions' review while the run goes on; once it has ended, the panel at the first of them. */
async function answerDeferred(s: Services, panel: PanelLink): Promise<boolean> {
  if (await s.runner.answerDeferred()) return true;
  const last = s.deferred.lastDeferred;
  if (last && !s.runner.runningPlan()) {
    panel.show(last.planPath, last.challengeId);
    return true;
  }
  void vscode.window.showInformationMessage('Verify Plan: no decision is waiting for your answer.');
  return false;
}

function resultFor(s: Services, arg: unknown): RunResult | undefined {
  const plan = uriArg(arg) ?? activePlan() ?? lastVerified(s);
  const result = plan ? s.registry.get(planKey(plan))?.result : undefined;
  if (!result) {
    void vscode.window.showInformationMessage('Verify Plan: this plan has no report yet. Run "Verify Plan" first.');
  }
  return result;
}

async function acknowledge(s: Services, plan: vscode.Uri | undefined, id: string | undefined): Promise<boolean> {
  if (!plan || !id) return false;
  const pf = s.registry.get(planKey(plan));
  const finding = pf?.findings.find((f) => f.challenge.id === id);
  if (!pf || !finding) return false;
  const iteration = pf.result.iterations.at(-1)?.iteration ?? 1;
  const c = finding.challenge;
  if (c.user_decision === 'acknowledged') return true;
  const updated = {
    ...c,
    user_decision: 'acknowledged' as const,
    history: [...c.history, { iteration, status: c.status, note: 'Risk acknowledged by the user in the editor.' }],
  };
  const next = s.registry.updateChallenge(pf.planPath, updated);
  if (next) await s.history.save(next.result);
  return true;
}

async function showChallenge(s: Services, plan: vscode.Uri | undefined, id: string | undefined): Promise<void> {
  if (!plan || !id) return;
  const finding = s.registry.get(planKey(plan))?.findings.find((f) => f.challenge.id === id);
  if (!finding) return;
  const editor = await vscode.window.showTextDocument(plan, { preview: false });
  const r = finding.range;
  const range = new vscode.Range(r.startLine, r.startChar, r.endLine, r.endChar);
  editor.selection = new vscode.Selection(range.start, range.start);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  await vscode.commands.executeCommand('editor.action.showHover');
}

/** The quick fix "Turn off this check": `verifyPlan.rules.<code>` = "off" in the user's settings. The code comes from a code action, so it is checked. */
async function turnOffCheck(code: unknown): Promise<boolean> {
  if (typeof code !== 'string' || !(RULE_CODES as readonly string[]).includes(code)) return false;
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(`rules.${code}`, 'off', vscode.ConfigurationTarget.Global);
  const open = 'Open Settings';
  void vscode.window.showInformationMessage(`Verify Plan: the "${code}" check is off in your user settings.`, open).then((pick) => {
    if (pick === open) void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.rules.${code}`);
  });
  return true;
}
