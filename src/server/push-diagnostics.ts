/**
 * Push diagnostics for clients without pull support (LSP < 3.17 clients,
 * older Neovim): each change restarts a per-document timer (default 150 ms,
 * long enough to skip the keystrokes of a burst, short enough to feel
 * immediate); only the newest version is analysed and published. A timer
 * for a closed document is cancelled and its diagnostics cleared.
 */
import type { Diagnostic } from 'vscode-languageserver';

export const DEFAULT_DEBOUNCE_MS = 150;

export interface PushTarget {
  /** Current diagnostics of an open document, or null when it is no longer open (may take several turns of the event loop). */
  compute(uri: string): Promise<{ version: number; diagnostics: Diagnostic[] } | null> | { version: number; diagnostics: Diagnostic[] } | null;
  send(uri: string, version: number | undefined, diagnostics: Diagnostic[]): void;
}

export class PushDiagnostics {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly target: PushTarget,
    private readonly debounceMs: number = DEFAULT_DEBOUNCE_MS,
  ) {}

  schedule(uri: string): void {
    const existing = this.timers.get(uri);
    if (existing) clearTimeout(existing);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.publishNow(uri);
      }, this.debounceMs),
    );
  }

  publishNow(uri: string): Promise<void> {
    return Promise.resolve(this.target.compute(uri)).then((result) => {
      // Null when the document closed meanwhile: closed() has cleared its diagnostics.
      if (result) this.target.send(uri, result.version, result.diagnostics);
    });
  }

  closed(uri: string): void {
    const existing = this.timers.get(uri);
    if (existing) clearTimeout(existing);
    this.timers.delete(uri);
    this.target.send(uri, undefined, []);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
