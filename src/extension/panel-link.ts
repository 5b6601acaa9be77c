/**
 * Connects the webview panel (panel/panel-host.ts) to the extension: feeds it
 * the plan's result and the live run (reduced from engine events by the
 * shared `reduceLive`), and maps the panel's actions onto the same commands
 * the editor uses, so a button in the panel and a quick fix do one thing.
 */
import * as vscode from 'vscode';
import { reduceLive } from '../core/live-state';
import type { LiveRun, PanelState } from '../shared/webview-protocol';
import { PlanPanelHost } from './panel/panel-host';
import type { Services } from './services';

export class PanelLink implements vscode.Disposable {
  private readonly host: PlanPanelHost;
  /** The live view of each plan's run in this session (latest run per plan). */
  private readonly live = new Map<string, LiveRun>();
  private readonly subscriptions: vscode.Disposable[];
  /** The last "open in report" request; sent with that plan's state until another replaces it. */
  private focus: { planPath: string; challengeId: string; seq: number } | null = null;

  constructor(private readonly s: Services) {
    const uri = (planPath: string) => vscode.Uri.file(planPath);
    this.host = new PlanPanelHost(s.context, {
      revealChallenge: (planPath, id) => void vscode.commands.executeCommand('verifyPlan.showChallenge', uri(planPath), id),
      acknowledge: async (planPath, id) => {
        await vscode.commands.executeCommand('verifyPlan.acknowledgeRisk', uri(planPath), id);
      },
      reverify: (planPath) => void vscode.commands.executeCommand('verifyPlan.reverify', uri(planPath)),
      cancel: () => void s.runner.cancel(),
      exportReport: async (planPath) => {
        await vscode.commands.executeCommand('verifyPlan.exportReport', uri(planPath));
      },
      loadState: async (planPath) => this.stateFor(planPath, (await s.history.latest(planPath)) ?? undefined),
    });
    this.subscriptions = [
      this.host,
      s.onRunEvent(({ planPath, event }) => {
        this.live.set(planPath, reduceLive(this.live.get(planPath) ?? null, event));
        this.push(planPath);
      }),
      s.registry.onDidChange((planPath) => this.push(planPath)),
    ];
  }

  /** Opens (or reveals) the panel on a plan; with a challenge id, scrolls to it and expands it. */
  show(planPath: string, challengeId?: string): void {
    if (challengeId) this.focus = { planPath, challengeId, seq: this.focus ? this.focus.seq + 1 : 1 };
    this.host.show(planPath);
    this.host.update(this.stateFor(planPath));
  }

  get isOpen(): boolean {
    return this.host.isOpen;
  }

  /** The panel's host, for tests that wait on what the webview rendered. */
  get panelHost(): PlanPanelHost {
    return this.host;
  }

  private push(planPath: string): void {
    if (this.host.isOpen && this.host.planPath === planPath) this.host.update(this.stateFor(planPath));
  }

  private stateFor(planPath: string, fallback?: PanelState['result']): PanelState {
    const focus = this.focus?.planPath === planPath ? { challengeId: this.focus.challengeId, seq: this.focus.seq } : null;
    return { planPath, result: this.s.registry.get(planPath)?.result ?? fallback ?? null, live: this.live.get(planPath) ?? null, focus };
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
