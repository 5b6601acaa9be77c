/**
 * The role prompts against the seed agent definitions:
 * facts the prompts must state, and pressures they must not exert. A prompt
 * is text a model reads, so these checks read the text every role receives
 * (its instructions block, which includes the answer shape).
 */
import assert from 'node:assert/strict';
import { emptyIterationState } from '../../src/core/loop/state';
import { synthesizerMessage } from '../../src/core/loop/messages';
import { DEGRADATION_NOTE } from '../../src/core/loop/iteration';
import { auditorAgent, challengerAgent, devilsAdvocateAgent, domainExpertAgent, researcherAgent, resolverAgent, synthesizerAgent, systemRules } from '../../src/core/agents';

const text = (spec: { instructions: { text: string } }) => spec.instructions.text;
const CHALLENGERS = [challengerAgent, domainExpertAgent, devilsAdvocateAgent];

describe('prompts follow the seed agent definitions', () => {
  it('no role is pushed to a minimum number of challenges; the numbers are maxima and an empty list is valid', () => {
    for (const spec of [...CHALLENGERS, researcherAgent]) {
      assert.doesNotMatch(text(spec), /\b\d+\s*(to|-|–)\s*\d+\s+(new\s+)?challenges\b/i, `${spec.role} asks for a range of challenges`);
      assert.match(text(spec), /empty list/i, `${spec.role} does not say an empty answer is fine`);
    }
    assert.match(systemRules().text, /maxima, never targets/);
  });

  it('UNRESOLVED is seed 002 §6: a confirmed real risk with no viable mitigation — a flaw in the plan text needs no research; acknowledged risks stay real', () => {
    assert.match(systemRules().text, /UNRESOLVED = a confirmed real risk with no viable mitigation identified/);
    assert.doesNotMatch(text(synthesizerAgent), /UNRESOLVED: research confirmed/);
    assert.match(text(synthesizerAgent), /A flaw visible in the plan text needs no research/);
    assert.match(text(synthesizerAgent), /acknowledged is still real/);
  });

  it('the synthesizer knows the grounds the engine checks and scores every synthesis', () => {
    assert.match(text(synthesizerAgent), /Grounds are checked by the engine/);
    assert.match(text(synthesizerAgent), /Quality, on every synthesis/);
    assert.doesNotMatch(text(synthesizerAgent), /only when the task says this is the final synthesis/);
  });

  it('no prompt names a cheap route to a settlement, and the last iteration may honestly leave a challenge UNRESOLVED', () => {
    const state = emptyIterationState('plan.md', 'ADEQUATE', 'base');
    const last = synthesizerMessage({ state, before: null, iteration: 3, maxIterations: 3, notes: [] });
    for (const t of [text(synthesizerAgent), last, DEGRADATION_NOTE]) {
      assert.doesNotMatch(t, /stated reason|a reason of|leave no BLOCKING or SIGNIFICANT challenge OPEN/i);
    }
    assert.match(text(synthesizerAgent), /Reasons without such evidence are refused/);
    assert.match(text(synthesizerAgent), /unknown raised for this very challenge/);
    assert.match(last, /stays UNRESOLVED[^.]*honest answer/);
  });

  it('later-iteration challengers are given the open challenges in full and may add only what none covers', () => {
    for (const spec of CHALLENGERS) assert.match(text(spec), /open challenges in full/);
  });

  it("the devil's advocate states probability apart from severity, BLOCKING/SIGNIFICANT only, at most 2", () => {
    const t = text(devilsAdvocateAgent);
    assert.match(t, /State "probability" separately from severity/);
    assert.match(t, /at most 2 challenges, each BLOCKING or SIGNIFICANT/);
    assert.match(t, /probability\?: "LOW"\|"MED"\|"HIGH"/, 'the answer shape carries probability');
  });

  it("the resolver's terms say whose assumption is confirmed or refuted: the plan's", () => {
    assert.match(text(resolverAgent), /CONFIRMED = evidence shows the plan's assumption holds; REFUTED = evidence shows it does not/);
  });

  it('assertions are explained as checks to run after implementation (verify-plan check), not confidence', () => {
    assert.match(systemRules().text, /Assertions are checks to run AFTER the plan is implemented \(`verify-plan check`\)/);
    for (const spec of CHALLENGERS) assert.match(text(spec), /checks to run after implementation \(verify-plan check\)/);
  });

  it('the auditor is adversarial: it judges each settlement and does not confirm on arithmetic', () => {
    const t = text(auditorAgent);
    assert.doesNotMatch(t, /confirmed to true when the verdict follows from the final challenge statuses/);
    assert.match(t, /wrongly_settled/);
    assert.match(t, /does the resolution really answer the concern and the failure scenario/);
  });
});
