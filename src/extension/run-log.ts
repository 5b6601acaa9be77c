/**
 * Writes a run's events to the "Verify Plan" log channel: progress at info,
 * agent transcripts at trace. Secrets are redacted from every line, so a key
 * echoed by a model or an error message never reaches the log.
 */
import type * as vscode from 'vscode';
import type { RunEvent } from '../core/run-types';
import { formatUsd } from '../core/money';

export class RunLogger {
  private readonly transcripts = new Map<string, string>();

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly secrets: readonly string[],
  ) {}

  handle(event: RunEvent): void {
    switch (event.type) {
      case 'run-started':
        this.info(
          `run ${event.runId} started: ${event.planPath} · complexity ${event.assessment.score}/16 · ${event.assessment.team ?? 'no'} team (${event.assessment.teamReason})`,
        );
        break;
      case 'phase-started':
        this.info(`iteration ${event.iteration}: ${event.phase} (${event.roles.join(', ') || 'no agents'})`);
        break;
      case 'agent-started':
        this.transcripts.set(key(event.iteration, event.role), '');
        this.log.debug(this.redact(`${event.role} started on ${event.model}`));
        break;
      case 'agent-text': {
        const k = key(event.iteration, event.role);
        this.transcripts.set(k, (this.transcripts.get(k) ?? '') + event.delta);
        break;
      }
      case 'agent-finished': {
        const k = key(event.iteration, event.role);
        const c = event.call;
        this.info(
          `${c.role} finished (${c.ok ? 'ok' : 'failed'}) · ${c.model} · in ${c.usage.input_tokens} out ${c.usage.output_tokens} cache-read ${c.usage.cache_read_input_tokens} · ${formatUsd(c.cost_usd)} · ${c.duration_ms} ms`,
        );
        const transcript = this.transcripts.get(k);
        if (transcript) this.log.trace(this.redact(`${c.role} transcript (iteration ${event.iteration}):\n${transcript}`));
        this.transcripts.delete(k);
        break;
      }
      case 'agent-retry':
        this.log.warn(`${event.role}: ${event.reason}, retrying in ${Math.round(event.waitMs / 1000)} s (retry ${event.attempt} of ${event.maxRetries})`);
        break;
      case 'agent-failed':
        this.log.warn(this.redact(`agent ${event.failure.role} failed on iteration ${event.failure.iteration}: ${event.failure.kind}: ${event.failure.message}`));
        break;
      case 'tool-called':
        this.log.debug(this.redact(`${event.role} → ${event.tool} ${event.ok ? '' : '(refused) '}${event.summary}`));
        break;
      case 'iteration-finished':
        this.info(event.message);
        break;
      case 'checkpoint':
        this.info(`checkpoint (${event.request.kind}): ${event.request.title}`);
        break;
      case 'checkpoint-answered':
        this.info(`checkpoint answered: ${event.answer.action}`);
        break;
      case 'state-saved':
        this.log.debug(`state saved: ${event.path}`);
        break;
      case 'state-not-saved':
        this.log.warn(this.redact(`state not saved${event.final ? ' (the finished result)' : ''}: ${event.error}`));
        break;
      case 'run-finished':
        this.info(`run finished: ${event.result.verdict} — ${event.result.reason} · ${formatUsd(event.result.costUsd)}`);
        break;
    }
  }

  private info(line: string): void {
    this.log.info(this.redact(line));
  }

  private redact(line: string): string {
    let out = line;
    for (const s of this.secrets) if (s.length >= 8) out = out.split(s).join('[redacted]');
    return out;
  }
}

function key(iteration: number, role: string): string {
  return `${iteration}:${role}`;
}
