/** The iteration state before anything happened (seed 002 §5). */
import type { IterationState } from '../protocol';

export function emptyIterationState(planPath: string, quality: IterationState['plan_quality'], team: IterationState['team_mode']): IterationState {
  return {
    iteration: 1,
    plan_path: planPath,
    plan_quality: quality,
    team_mode: team,
    challenges: [],
    unknowns: [],
    surfaced_contexts: [],
    probed_risks: [],
    convergence: { blocking_open: 0, significant_open: 0, status: 'CONTINUE', resolved_this_iteration: 0, created_this_iteration: 0, degradation: false },
    user_responses: [],
    synthesizer_directives: [],
    re_sweep: false,
    re_probe: false,
    quality_score: null,
    deferred_surfaced: [],
    failures: [],
    research_unavailable: false,
    assertions: [],
    refused_settlements: [],
    synthesizer_summary: '',
    contradictions: [],
  };
}
