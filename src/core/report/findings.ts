/**
 * Report sections about research: unknowns with their findings and evidence
 * (Mode 1), surfaced context (Mode 2) and probed risks (Mode 3), and the
 * synthesizer's account of each iteration.
 */
import type { IterationState, ProbedRisk, SurfacedContext, Unknown } from '../protocol';
import { evidenceLine } from './challenges';
import { cell, escapeInline, table } from './escape';

export function unknownsSection(unknowns: Unknown[], researchUnavailable: boolean): string | null {
  if (unknowns.length === 0 && !researchUnavailable) return null;
  const parts = ['## Unknowns'];
  if (researchUnavailable) parts.push('', 'Research was unavailable in the last iteration; some unknowns may be unanswered.');
  for (const u of unknowns) {
    const affects = u.affects_challenge ? `, affects ${u.affects_challenge}` : '';
    parts.push('', `### ${u.id} · ${u.type} · ${u.resolution ?? 'not researched'}${affects}`, '');
    parts.push(`- Question: ${escapeInline(u.description)}`);
    parts.push(`- Finding: ${u.finding ? escapeInline(u.finding) : '—'}`);
    if (u.evidence.length === 0) parts.push('- Evidence: none cited (unverified)');
    else {
      parts.push('- Evidence:');
      for (const e of u.evidence) parts.push(`  ${evidenceLine(e)}`);
    }
  }
  return parts.join('\n');
}

const IMPACT_WORDS: Record<SurfacedContext['impact'], string> = {
  changes_needed: 'changes needed',
  confirms_approach: 'confirms approach',
  contradicts_plan: 'contradicts plan',
};

export function surfacedSection(items: SurfacedContext[]): string | null {
  if (items.length === 0) return null;
  const contradicting = items.filter((s) => s.impact !== 'confirms_approach').length;
  const summary = `${items.length} finding(s) nobody asked about; ${contradicting} call for changes or contradict the plan.`;
  const rows = items.map((s) => [s.id, s.source, cell(s.location, 120), IMPACT_WORDS[s.impact], cell(s.relevance, 240), s.generates_challenge ?? '—']);
  return `## Surfaced context\n\n${summary}\n\n${table(['ID', 'Source', 'Location', 'Impact', 'Relevance', 'Challenge'], rows)}`;
}

export function probedSection(items: ProbedRisk[]): string | null {
  if (items.length === 0) return null;
  const rows = items.map((p) => [p.id, p.severity, p.probability, cell(p.risk, 200), cell(p.trigger, 160), cell(p.cascade, 200), p.generates_challenge ?? '—']);
  return `## Probed risks\n\n${table(['ID', 'Severity', 'Probability', 'Risk', 'Trigger', 'Cascade', 'Challenge'], rows)}`;
}

/**
 * What the synthesizer said each iteration: its summary (where a DEGRADATION
 * is flagged in its words), the engine's DEGRADATION count, and research
 * findings it found contradictory (seed 001 checkpoint 4).
 */
export function synthesisSection(iterations: IterationState[]): string | null {
  const lines: string[] = [];
  for (const s of iterations) {
    const summary = (s.synthesizer_summary ?? '').trim();
    const degraded = s.convergence.degradation ? ` DEGRADATION: ${s.convergence.created_this_iteration} created, ${s.convergence.resolved_this_iteration} resolved.` : '';
    if (!summary && !degraded && (s.contradictions ?? []).length === 0) continue;
    lines.push(`- Iteration ${s.iteration}:${degraded}${summary ? ` ${escapeInline(summary)}` : ''}`);
    for (const c of s.contradictions ?? []) lines.push(`  - Contradictory findings: ${escapeInline(c)}`);
  }
  return lines.length ? `## Synthesis by iteration\n\n${lines.join('\n')}` : null;
}
