/**
 * Connects the webview panel (panel/panel-host.ts) to the extension: feeds it
 * the plan's result and the live run (reduced from engine events by the
 * shared `reduceLive`), what a first run needs (a key), the plan's static
 * findings (the language server's diagnostics) and which evidence
 * references resolve in the workspace; maps the panel's buttons onto the
 * same commands the editor uses (panel-actions.ts), so a button in the panel
 * and a quick fix do one thing.
 */
import * as vscode from 'vscode';
import { reduceLive } from '../core/live-state';
import { STATIC_DIAGNOSTIC_SOURCE } from '../shared/lsp-protocol';
import type { LiveRun, PanelState, StaticFinding } from '../shared/webview-protocol';
import { resolvableEvidence } from './evidence-targets';
import { panelActions, workspaceRoots } from './panel-actions';
import { PlanPanelHost } from './panel/panel-host';
import { needsApiKey } from './provider-choice';
import { SETTINGS_SECTION } from './settings';
import type { Services } from './services';

const SEVERITIES: Record<vscode.DiagnosticSeverity, StaticFinding['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** The language server's findings for the plan, as the editor holds them now (500 at most, the protocol's bound). */
function staticFindings(planPath: string): StaticFinding[] {
  return vscode.languages
    .getDiagnostics(vscode.Uri.file(planPath))
    .filter((d) => d.source === STATIC_DIAGNOSTIC_SOURCE)
    .slice(0, 500)
    .map((d) => {
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      return {
        line: d.range.start.line + 1,
        message: d.message.slice(0, 2000),
        severity: SEVERITIES[d.severity],
        ...(code !== undefined ? { code: String(code).slice(0, 100) } : {}),
      };
    });
}

export class PanelLink implements vscode.Disposable {
  private readonly host: PlanPanelHost;
  /** The live view of each plan's run in this session (latest run per plan). */
  private readonly live = new Map<string, LiveRun>();
  private readonly subscriptions: vscode.Disposable[];
  /** The last "open in report" request; sent with that plan's state until another replaces it. */
  private focus: { planPath: string; challengeId: string; seq: number } | null = null;
  /** Whether a run would need a key; undefined until first asked. */
  private needsKey: boolean | undefined;
  /** Resolvable evidence of the run each plan shows, by the run it was computed for. */
  private readonly evidence = new Map<string, { runId: string; keys: string[] }>();

  constructor(private readonly s: Services) {
    this.host = new PlanPanelHost(s.context, {
      ...panelActions(s, () => void this.refreshKey()),
      loadState: async (planPath) => this.stateFor(planPath, (await s.history.latest(planPath)) ?? undefined),
    });
    this.subscriptions = [
      this.host,
      s.onRunEvent(({ planPath, event }) => {
        this.live.set(planPath, reduceLive(this.live.get(planPath) ?? null, event));
        this.push(planPath);
      }),
      s.registry.onDidChange((planPath) => this.push(planPath)),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const shown = this.host.planPath;
        if (shown && e.uris.some((u) => u.scheme === 'file' && u.fsPath === shown)) this.push(shown);
      }),
      s.context.secrets.onDidChange(() => void this.refreshKey()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.provider`)) void this.refreshKey();
      }),
    ];
  }

  /** Opens (or reveals) the panel on a plan; with a challenge id, scrolls to it and expands it. */
  show(planPath: string, challengeId?: string): void {
    if (challengeId) this.focus = { planPath, challengeId, seq: this.focus ? this.focus.seq + 1 : 1 };
    this.host.show(planPath);
    this.host.update(this.stateFor(planPath));
    void this.refreshKey();
  }

  get isOpen(): boolean {
    return this.host.isOpen;
  }

  /** The panel's host, for tests that wait on what the webview rendered. */
  get panelHost(): PlanPanelHost {
    return this.host;
  }

  private async refreshKey(): Promise<void> {
    const needs = await needsApiKey(this.s.settings(), this.s.keys);
    if (needs === this.needsKey) return;
    this.needsKey = needs;
    if (this.host.planPath) this.push(this.host.planPath);
  }

  private push(planPath: string): void {
    if (this.host.isOpen && this.host.planPath === planPath) this.host.update(this.stateFor(planPath));
  }

  /** Works out, once per run shown, which of its evidence references resolve; pushes again when it knows. */
  private evidenceFor(planPath: string, result: PanelState['result']): string[] {
    if (!result) return [];
    const known = this.evidence.get(planPath);
    if (known?.runId === result.runId) return known.keys;
    this.evidence.set(planPath, { runId: result.runId, keys: [] });
    void resolvableEvidence(workspaceRoots(), result.iterations.at(-1)?.challenges ?? []).then((keys) => {
      if (this.evidence.get(planPath)?.runId !== result.runId) return;
      this.evidence.set(planPath, { runId: result.runId, keys: keys.slice(0, 2000) });
      if (keys.length > 0) this.push(planPath);
    });
    return [];
  }

  private stateFor(planPath: string, fallback?: PanelState['result']): PanelState {
    const focus = this.focus?.planPath === planPath ? { challengeId: this.focus.challengeId, seq: this.focus.seq } : null;
    const result = this.s.registry.get(planPath)?.result ?? fallback ?? null;
    return {
      planPath,
      result,
      live: this.live.get(planPath) ?? null,
      focus,
      ...(this.needsKey !== undefined ? { setup: { needsApiKey: this.needsKey } } : {}),
      staticFindings: staticFindings(planPath),
      evidenceTargets: this.evidenceFor(planPath, result),
    };
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
