import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assess, type AssessOptions } from '../../src/core/complexity';
import { parsePlan } from '../../src/core/plan';
import { Assessment } from '../../src/core/run-types';

interface Shape {
  steps?: number;
  criteria?: boolean;
  detail?: boolean;
  goal?: boolean;
  risks?: boolean;
  extra?: string;
}

/** A plan whose only domain/integration/compliance/unknown words are the ones in `extra`. */
function plan({ steps = 3, criteria = true, detail = true, goal = true, risks = true, extra = '' }: Shape = {}): string {
  const out = ['# Plan: reshape the report generator', ''];
  if (goal) out.push('## Goal', '', 'Make the monthly report generator easier to change and faster to read.', '');
  out.push('## Steps', '');
  for (let i = 1; i <= steps; i++) {
    out.push(`### Step ${i}: Rework part ${i}`, '');
    if (detail) out.push(`Rewrite part ${i} of the generator so each paragraph is built by one small function with a clear name and input.`);
    if (criteria) out.push(`Success criteria: part ${i} renders the same output as before for the sample month.`);
    out.push('');
  }
  if (risks) out.push('## Risks', '', '- Output ordering could change between parts; compare against the sample month.', '');
  out.push(extra);
  return out.join('\n');
}

const run = (text: string, options?: AssessOptions): Assessment => Assessment.parse(assess(parsePlan(text), options));
const factor = (a: Assessment, name: string) => {
  const f = a.factors.find((x) => x.name === name);
  assert.ok(f, name);
  return f;
};

describe('complexity: factors', () => {
  it('reports all six factors with their maxima, summing to the score', () => {
    const a = run(plan());
    assert.deepEqual(
      a.factors.map((f) => [f.name, f.max]),
      [
        ['steps', 3],
        ['domains', 3],
        ['integrations', 4],
        ['compliance', 2],
        ['unknown_signals', 3],
        ['referenced_files', 1],
      ],
    );
    assert.equal(
      a.score,
      a.factors.reduce((s, f) => s + f.points, 0),
    );
    assert.equal(a.score, 3, 'three steps and nothing else');
    for (const f of a.factors) assert.ok(f.detail.length > 0 && f.label.length > 0);
  });

  it('counts +1 per step, capped at 3', () => {
    assert.equal(factor(run(plan({ steps: 1 })), 'steps').points, 1);
    assert.equal(factor(run(plan({ steps: 2 })), 'steps').points, 2);
    const five = factor(run(plan({ steps: 5 })), 'steps');
    assert.equal(five.points, 3);
    assert.match(five.detail, /5 steps \(capped at 3\)/);
  });

  it('counts distinct domains from the dictionary, capped at 3, and names them', () => {
    const one = factor(run(plan({ extra: 'The new endpoint is served by the API.\nThe API returns the report as JSON.' })), 'domains');
    assert.equal(one.points, 1);
    assert.match(one.detail, /backend\/API/);
    const many = factor(run(plan({ extra: 'Touches the React UI, the Postgres database, a Kafka queue, Grafana dashboards and the Kubernetes deployment.' })), 'domains');
    assert.equal(many.points, 3);
    for (const d of ['frontend/UI', 'database/storage', 'messaging/queues', 'observability', 'infrastructure/devops/CI']) assert.match(many.detail, new RegExp(d));
    assert.match(many.detail, /capped at 3/);
  });

  it('counts a domain on evidence (a named technology, or its generic words on two lines), not on one word', () => {
    assert.equal(factor(run(plan({ extra: 'The API changes.' })), 'domains').points, 0, 'one generic word in passing');
    assert.equal(factor(run(plan({ extra: 'Run git checkout main first.' })), 'domains').points, 0, 'a git checkout is not payments');
    assert.match(factor(run(plan({ extra: 'The REST API changes.' })), 'domains').detail, /backend\/API/, 'a named technology is evidence');
    assert.match(factor(run(plan({ extra: 'Add a Postgres index.' })), 'domains').detail, /database\/storage/);
    assert.match(factor(run(plan({ extra: 'The billing job runs monthly.\nFailed payments are retried.' })), 'domains').detail, /payments\/billing/);
  });

  it('counts +2 per named external system, capped at 4', () => {
    assert.equal(factor(run(plan({ extra: 'Charge cards with Stripe.' })), 'integrations').points, 2);
    const two = factor(run(plan({ extra: 'Charge with Stripe and text receipts through Twilio.' })), 'integrations');
    assert.equal(two.points, 4);
    assert.match(two.detail, /Stripe, Twilio/);
    const three = factor(run(plan({ extra: 'Stripe, Twilio and the GitHub API.' })), 'integrations');
    assert.equal(three.points, 4);
    assert.match(three.detail, /3 systems.*capped at 4/);
  });

  it('counts generic and umbrella names only when nothing more specific is named', () => {
    assert.match(factor(run(plan({ extra: 'Call a third-party API for rates.' })), 'integrations').detail, /unnamed third-party API/);
    assert.equal(factor(run(plan({ extra: 'Call a third-party API: Stripe.' })), 'integrations').detail, '1 system: Stripe');
    assert.equal(factor(run(plan({ extra: 'Host it on AWS.' })), 'integrations').detail, '1 system: AWS');
    assert.equal(factor(run(plan({ extra: 'Store files on AWS S3.' })), 'integrations').detail, '1 system: AWS S3');
  });

  it('only counts names that are ordinary words when capitalised', () => {
    assert.equal(factor(run(plan({ extra: 'Leave some slack in the schedule.' })), 'integrations').points, 0);
    assert.equal(factor(run(plan({ extra: 'Post the summary to Slack.' })), 'integrations').points, 2);
  });

  it('adds 2 for any compliance or regulatory term', () => {
    const c = factor(run(plan({ extra: 'EU users fall under GDPR; keep audit logs for SOC 2.' })), 'compliance');
    assert.equal(c.points, 2);
    assert.match(c.detail, /GDPR/);
    assert.match(c.detail, /SOC 2/);
    assert.match(c.detail, /audit log/);
    assert.equal(factor(run(plan()), 'compliance').points, 0);
  });

  it('counts +1 per unknown signal, capped at 3, while reporting the full count', () => {
    const two = run(plan({ extra: 'Batch size TBD. Order unclear.' }));
    assert.equal(factor(two, 'unknown_signals').points, 2);
    const five = run(plan({ extra: 'TBD, TBD, maybe, unclear, ???' }));
    assert.equal(factor(five, 'unknown_signals').points, 3);
    assert.equal(five.unknownSignals, 5);
    assert.match(factor(five, 'unknown_signals').detail, /TBD ×2/);
  });

  it('adds 1 at ten or more distinct referenced files', () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => `- \`src/report/part${i}.ts\``).join('\n');
    assert.equal(factor(run(plan({ extra: files(9) })), 'referenced_files').points, 0);
    assert.equal(factor(run(plan({ extra: files(10) })), 'referenced_files').points, 1);
    assert.equal(factor(run(plan({ extra: `${files(9)}\nAgain src/report/part0.ts.` })), 'referenced_files').points, 0, 'distinct paths only');
  });

  it('reaches the maximum of 16', () => {
    const files = Array.from({ length: 12 }, (_, i) => `src/x/f${i}.ts`).join(', ');
    const a = run(plan({ steps: 4, extra: `React UI, Postgres, Kafka. Stripe and Twilio. HIPAA. TBD TBD TBD TBD. ${files}` }));
    assert.equal(a.score, 16);
  });
});

describe('complexity: team sizing', () => {
  const eight = plan({ extra: 'Charge with Stripe. The Postgres database and REST API change. Size TBD.' }); // 3 steps + 2 domains + Stripe 2 + 1 unknown

  it('uses the base team below the threshold and the scaled team at or above it', () => {
    const base = run(plan({ extra: 'The REST API changes.' }));
    assert.equal(base.score, 4);
    assert.equal(base.team, 'base');
    assert.match(base.teamReason, /Complexity 4\/16 < 7 .* base team \(3 agents\)/);
    const exactly7 = run(plan({ extra: 'The REST API and Postgres database change. Charge with Stripe.' }));
    assert.equal(exactly7.score, 7);
    assert.equal(exactly7.team, 'scaled');
    assert.equal(exactly7.teamReason, 'Complexity 7/16 ≥ 7 → scaled team (5 agents).');
    assert.equal(run(eight).score, 8);
    assert.equal(run(eight).team, 'scaled');
  });

  it('uses the scaled team when there are more than 3 unknown signals, whatever the score', () => {
    const a = run(plan({ steps: 2, extra: 'TBD TBD TBD TBD' }));
    assert.equal(a.score, 5);
    assert.equal(a.team, 'scaled');
    assert.match(a.teamReason, /4 unknown signals > 3/);
    assert.equal(run(plan({ steps: 2, extra: 'TBD TBD TBD' })).team, 'base');
  });

  it('honours the threshold and team overrides', () => {
    const text = plan({ extra: 'The REST API changes.' }); // score 4
    assert.equal(run(text, { threshold: 4 }).team, 'scaled');
    assert.equal(run(text, { threshold: 4 }).threshold, 4);
    assert.equal(run(text, { threshold: 5 }).team, 'base');
    assert.equal(run(text, { threshold: Number.NaN }).threshold, 7);
    assert.equal(run(text, { threshold: 99 }).threshold, 16);
    assert.equal(run(text, { team: 'scaled' }).team, 'scaled');
    assert.match(run(text, { team: 'scaled' }).teamReason, /by option/);
    assert.equal(run(eight, { team: 'base' }).team, 'base');
    assert.equal(run(eight, { team: 'auto' }).team, 'scaled');
  });

  it('forces the base team for a THIN plan even when the score says scaled', () => {
    const thin = run(plan({ steps: 4, criteria: false, detail: false, extra: 'Stripe and Twilio for the REST API and Postgres database. TBD.' }));
    assert.equal(thin.quality, 'THIN');
    assert.ok(thin.score >= 7, `score ${thin.score}`);
    assert.equal(thin.team, 'base');
    assert.match(thin.teamReason, /THIN → base team .* even though complexity \d+\/16 ≥ 7/);
    assert.equal(run(plan({ steps: 4, criteria: false, detail: false }), { team: 'scaled' }).team, 'scaled', 'an explicit option still wins');
  });

  it('runs no team for a TRIVIAL plan, whatever the options', () => {
    const text = '# Fix typo\n\nChange "recieve" to "receive" in `README.md`.';
    for (const options of [undefined, { team: 'scaled' as const }, { threshold: 0 }]) {
      const a = run(text, options);
      assert.equal(a.quality, 'TRIVIAL');
      assert.equal(a.team, null);
      assert.match(a.teamReason, /PROCEED \(trivial\)/);
    }
  });
});

describe('complexity: plan quality', () => {
  it('RICH needs a goal, criteria on most steps, risks or rollback, and referenced files', () => {
    const rich = run(plan({ extra: 'Files: `src/report/generator.ts`.' }));
    assert.equal(rich.quality, 'RICH');
    assert.match(rich.qualityReason, /^RICH: goal, 3 steps \(3 with success criteria\), risks\/rollback, 1 referenced file\.$/);
    const noFiles = run(plan());
    assert.equal(noFiles.quality, 'ADEQUATE');
    assert.match(noFiles.qualityReason, /not RICH without referenced files/);
    assert.match(run(plan({ risks: false, extra: '`src/a.ts`' })).qualityReason, /without a risks or rollback section/);
    assert.match(run(plan({ goal: false, extra: '`src/a.ts`' })).qualityReason, /a goal/);
    assert.equal(run(plan({ criteria: false, extra: '`src/a.ts`' })).quality, 'ADEQUATE');
  });

  it('THIN when most steps lack detail, or there are no steps in a short text', () => {
    const bare = run(plan({ steps: 4, criteria: false, detail: false }));
    assert.equal(bare.quality, 'THIN');
    assert.match(bare.qualityReason, /only 0 of 4 steps/);
    const noSteps = run('# Rework the report generator\n\nWe should make the report generator faster and easier to change, probably by splitting it up and adding a migration.');
    assert.equal(noSteps.quality, 'THIN');
    assert.match(noSteps.qualityReason, /no steps/);
  });

  it('TRIVIAL only for small, safe changes', () => {
    assert.equal(run('# Fix typo\n\nChange "teh" to "the" in `docs/intro.md`.').quality, 'TRIVIAL');
    assert.notEqual(run('# Drop column\n\nDrop the unused `legacy_id` column.').quality, 'TRIVIAL', 'risky operation');
    assert.notEqual(run('# Fix typo\n\nChange "teh" to "the" — TBD which file.').quality, 'TRIVIAL', 'unknown signal');
    assert.notEqual(run('# Receipts\n\nSend receipts with Twilio.').quality, 'TRIVIAL', 'integration');
    assert.notEqual(run(plan({ steps: 2 })).quality, 'TRIVIAL', 'two steps');
    const empty = run('\n\n');
    assert.equal(empty.quality, 'TRIVIAL');
    assert.match(empty.qualityReason, /empty/);
  });
});

describe('complexity: example plans', () => {
  const example = (name: string): Assessment => run(readFileSync(join(__dirname, '../../examples', name), 'utf8'));

  it('trivial-typo-fix.md is TRIVIAL: no team', () => {
    const a = example('trivial-typo-fix.md');
    assert.equal(a.quality, 'TRIVIAL');
    assert.equal(a.team, null);
    assert.ok(a.score <= 2, `score ${a.score}`);
  });

  it('base-team-rate-limiter.md is RICH or ADEQUATE, below 7, few unknowns: base team', () => {
    const a = example('base-team-rate-limiter.md');
    assert.ok(a.quality === 'RICH' || a.quality === 'ADEQUATE', a.quality);
    assert.ok(a.score >= 3 && a.score < 7, `score ${a.score}`);
    assert.ok(a.unknownSignals <= 3);
    assert.equal(a.team, 'base');
  });

  it('scaled-team-payments-migration.md scores 7+ with integrations, compliance and unknowns: scaled team', () => {
    const a = example('scaled-team-payments-migration.md');
    assert.ok(a.quality === 'RICH' || a.quality === 'ADEQUATE', a.quality);
    assert.ok(a.score >= 7, `score ${a.score}`);
    assert.equal(factor(a, 'integrations').points, 4);
    assert.equal(factor(a, 'compliance').points, 2);
    assert.ok(a.unknownSignals >= 2);
    assert.equal(a.team, 'scaled');
    const p = parsePlan(readFileSync(join(__dirname, '../../examples/scaled-team-payments-migration.md'), 'utf8'));
    assert.equal(p.steps.filter((s) => s.successCriteria === null).length, 1, 'one step is left without a success criterion on purpose');
    assert.ok(p.steps.every((s, i) => i === 0 || s.dependsOn.length > 0));
  });
});
