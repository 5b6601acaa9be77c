/**
 * Scaled team on examples/scaled-team-payments-migration.md: three
 * challengers with different lenses (10 candidates; the engine admits 5 and
 * defers the rest, as its guards require), research with tool turns, a
 * synthesizer that directs a RE-PROBE.
 *
 * Three-iteration story: the BLOCKING double-charge challenge is UNRESOLVED
 * in iteration 1 (BLOCKED; the non-interactive policy continues) and
 * RESOLVED in 2; proration goes OPEN → UNRESOLVED → RESOLVED; PayPal vaulted
 * accounts stay UNRESOLVED → REVISE. One iteration: the BLOCKING stays → RETHINK.
 */
import { byRole, type FakeReply, type Script } from '../../test/support/fake-anthropic';
import { audit, challengerOut, researcherOut } from '../../test/support/replies';
import { ChallengeDraft, type Severity, type Confidence, UnknownDraft } from '../../src/core/protocol';
import { fencedReply, qualityWithEvidence, storyResolverAnswer, storySynthesizer, toolUse, withToolTurns, type SynthesisStory } from '../scenario-kit';

function draft(
  ref: string,
  quote: string,
  severity: Severity,
  confidence: Confidence,
  text: { claim: string; concern: string; failure: string; alternative: string },
): ChallengeDraft {
  return ChallengeDraft.parse({ ref, quote, severity, confidence, claim: text.claim, concern: text.concern, failure_scenario: text.failure, alternative: text.alternative });
}

const DOUBLE = 'Flipping billing.provider between the two renewal jobs can charge a customer twice';
const PRORATION = 'Leaving proration TBD during the dual run means plan changes behave differently';
const ANCHOR = 'Creating Stripe subscriptions with billing_cycle_anchor bills immediately';
const RECONCILE = 'Reconciling "to the cent" compares gross charges with net payouts';
const PAYPAL = 'Vaulted PayPal accounts cannot move through the PAN export';
const COHORTS = 'The 1% → 10% → 100% cohorts have no stop criterion';

const challenger1 = challengerOut(
  [
    draft('n1', 'Renewals for flagged customers go to Stripe subscriptions with', 'BLOCKING', 'HIGH', {
      claim: `${DOUBLE}: the flag is read by each job at a different time and nothing makes the switch and the last Braintree renewal one atomic step.`,
      concern:
        "Braintree subscriptions keep their own schedule until cancelled; the plan only cancels them in Phase 4. A customer flagged after the Braintree job read the flag but before Stripe's anchor date is renewed by both providers.",
      failure:
        "The 10% cohort is flagged at 01:55; the Braintree job (02:00) has already queued them, the Stripe subscriptions created with the same anchor renew at 02:05 — 4,200 customers are charged twice, refunds take days, and chargebacks hit the merchant account's dispute ratio.",
      alternative:
        "Cancel (or pause) each customer's Braintree subscription in the same transaction that flips the flag and creates the Stripe subscription, and make both renewal jobs skip customers whose flag changed in the last 24 h; add an idempotency key per customer and period.",
    }),
    draft('n2', 'for mid-cycle plan changes should behave during the dual run is TBD.', 'SIGNIFICANT', 'HIGH', {
      claim: `${PRORATION} for the two cohorts, which finance cannot reconcile.`,
      concern:
        "Braintree prorates upgrades by day; Stripe's default creates prorations on the next invoice. During months of dual run, two customers making the same change get different invoices.",
      failure:
        'An upgrade on day 10 of the cycle is charged immediately on Braintree and on the next invoice on Stripe; the monthly reconciliation shows mismatches for every plan change and the "to the cent" exit criterion of Phase 4 is never met.',
      alternative:
        'Decide one proration rule before Phase 3 (e.g. proration_behavior=none during the dual run, changes take effect at renewal) and apply it on both providers; document it for support.',
    }),
    draft('n3', 'and produce the same monthly report. Once a full month reconciles to the cent,', 'SIGNIFICANT', 'MED', {
      claim: `${RECONCILE}, so the exit criterion can fail for reasons that are not errors.`,
      concern:
        'Stripe balance transactions are net of fees and currency conversion; Braintree reports are gross per transaction. Without a mapping of fees and FX, the totals differ every month.',
      failure:
        'The first all-Stripe month is off by the Stripe fee total; the team cannot tell fees from real discrepancies and either delays the cut-over indefinitely or waives the criterion.',
      alternative: 'Reconcile charges (gross) against Stripe charges and fees separately, with a report of unexplained differences; define the tolerance.',
    }),
    draft('n4', 'for SOC 2 evidence.', 'MINOR', 'MED', {
      claim: 'The SOC 2 audit trail of provider switches is a risk bullet with no step that implements it.',
      concern: 'No phase writes the audit record, so the evidence depends on someone remembering.',
      failure: 'The auditor asks for the switch history of a sample of customers and there is none.',
      alternative: 'Write an audit row in the same transaction as the flag flip (Phase 3).',
    }),
  ],
  [
    UnknownDraft.parse({
      description: 'Do the Braintree and Stripe renewal jobs read the billing.provider flag at the same moment or can a flip fall between them?',
      type: 'INTEGRATION_UNKNOWN',
      affects_challenge: 'n1',
      suggested_query: 'read services/billing/src/jobs/renewals.ts and services/billing/src/flags.ts',
    }),
    UnknownDraft.parse({
      description: 'How does the current Braintree integration prorate mid-cycle plan changes?',
      type: 'API_BEHAVIOR',
      affects_challenge: 'n2',
      suggested_query: 'grep -rn "prorat" services/billing/src',
    }),
  ],
);

const domainExpert1 = challengerOut(
  [
    draft('n1', '`billing_cycle_anchor` set to their current renewal date; everyone else stays', 'SIGNIFICANT', 'HIGH', {
      claim: `${ANCHOR} unless proration is disabled or a trial bridges the gap to the anchor.`,
      concern: 'Stripe charges a prorated amount from creation to the anchor by default. Migrated customers already paid Braintree for the current period.',
      failure:
        'Every migrated customer receives a small prorated invoice on migration day, on top of the period they already paid — a visible double charge on 420 accounts in the first cohort.',
      alternative: 'Create subscriptions with trial_end at the current period end (or proration_behavior=none) so the first Stripe charge is the next renewal.',
    }),
    draft('n2', 'vaulted PayPal accounts is still an open question.', 'SIGNIFICANT', 'MED', {
      claim: `${PAYPAL}; those customers would have no payment method after the cut-over.`,
      concern: 'PAN exports cover cards only. PayPal billing agreements are between the customer and PayPal and must be re-established.',
      failure: "After Phase 4 cancels Braintree, every PayPal customer's renewal fails; involuntary churn spikes and dunning emails go to thousands of customers.",
      alternative: "Keep PayPal customers on Braintree until they re-authorise through Stripe's PayPal support, or run a re-consent campaign before cut-over.",
    }),
    draft('n3', 'a webhook endpoint `services/billing/src/webhooks/stripe.ts` that verifies', 'MINOR', 'LOW', {
      claim: 'Webhook deduplication by event id is implied by the success criterion but not designed.',
      concern: 'Stripe retries deliveries for three days; the consumer must store processed ids for at least that long.',
      failure: 'A redelivery after the dedup window posts a second payment to the ledger.',
      alternative: 'Store processed event ids for 7 days in the ledger consumer.',
    }),
  ],
  [
    UnknownDraft.parse({
      description: 'What share of active subscriptions pay with vaulted PayPal accounts?',
      type: 'INTEGRATION_UNKNOWN',
      affects_challenge: 'n2',
      suggested_query: 'grep -rn "paypal" services/billing',
    }),
  ],
);

const devilsAdvocate1 = challengerOut([
  draft('n1', 'the EU region (data residency clause in our DPA).', 'SIGNIFICANT', 'MED', {
    claim: "The Stripe account's data region is not part of the plan, yet the DPA requires EU billing records to stay in the EU.",
    concern: 'Stripe stores data in the US by default; regional processing must be arranged up front.',
    failure: 'Legal discovers the transfer after migration and the EU cohort must be moved again.',
    alternative: 'Confirm the Stripe data-residency terms before Phase 1.',
  }),
  draft('n2', 'Payment events fan out to the ledger service through AWS SQS.', 'SIGNIFICANT', 'LOW', {
    claim: 'SQS standard queues reorder events, so invoice.paid can arrive before the customer-map row exists.',
    concern: 'The ledger consumer drops events for unknown customers.',
    failure: 'Payments during migration day go missing from the ledger.',
    alternative: 'Retry unknown-customer events with a delay instead of dropping them.',
  }),
  draft('n3', 'subscriptions for them are cancelled with `prorate=false`. Ledger events from', 'MINOR', 'LOW', {
    claim: 'Rolling back with prorate=false leaves the customer without coverage for the rest of the paid Stripe period.',
    concern: 'Braintree then renews on its own schedule.',
    failure: 'Customers rolled back mid-cycle pay twice for overlapping days.',
    alternative: 'Roll back at period boundaries only.',
  }),
]);

const challenger2 = challengerOut(
  [
    draft('n1', 'Start with 1% of customers, then 10%, then all.', 'SIGNIFICANT', 'MED', {
      claim: `${COHORTS}: nothing says which signal halts the rollout or how long each cohort runs.`,
      concern: 'The directive asked for the rollout controls. Without a measured gate, the 10% step follows the calendar, not the evidence.',
      failure: 'A proration bug in the 1% cohort surfaces only at month end; by then 10% are migrated and the refunds multiply tenfold.',
      alternative: 'Gate each step on one full renewal cycle with zero double charges and a reconciliation diff below a stated tolerance.',
    }),
  ],
  [
    UnknownDraft.parse({
      description: 'Does the flags module support per-customer rollback and an audit trail of changes?',
      type: 'FILE_MISSING',
      affects_challenge: 'n1',
      suggested_query: 'read services/billing/src/flags.ts',
    }),
  ],
);

const resolver = storyResolverAnswer({
  answers: [
    {
      descriptionStart: 'Do the Braintree and Stripe renewal jobs',
      resolution: 'CONFIRMED',
      finding:
        '[VERIFIED: services/billing/src/jobs/renewals.ts | the job loads due subscriptions at start, then charges them over ~40 minutes without re-reading flags | a flag flip during the run is not seen, so the double-renewal window is real]',
      evidence: [
        { source: 'services/billing/src/jobs/renewals.ts', finding: 'due subscriptions are selected once at job start', impact: 'flag changes during the run are ignored' },
      ],
    },
    {
      descriptionStart: 'How does the current Braintree integration prorate',
      resolution: 'UNRESOLVABLE',
      finding:
        "[VERIFIED: workspace | proration is delegated to Braintree's plan settings, which are not in the repository | the dual-run rule cannot be derived from code and must be decided]",
    },
    {
      descriptionStart: 'What share of active subscriptions pay with vaulted PayPal',
      resolution: 'PARTIALLY_RESOLVED',
      finding:
        '[VERIFIED: services/billing/src/charge.ts | a paymentMethodType === "paypal_account" branch exists; the share is only in Braintree\'s dashboard | a real population exists and needs its own path]',
    },
    {
      descriptionStart: 'Does the flags module support per-customer rollback',
      resolution: 'CONFIRMED',
      finding:
        '[VERIFIED: services/billing/src/flags.ts | flags are rows with updated_at and updated_by; there is no history table | per-customer rollback works, the audit trail needs a history table]',
    },
  ],
});

const researcher1 = fencedReply(
  researcherOut({
    surfaced: [
      {
        source: 'codebase',
        location: 'services/billing/src/jobs/renewals.ts',
        relevance: 'The nightly renewal job selects due subscriptions once and charges them over about 40 minutes; any per-customer switch must be coordinated with this window.',
        impact: 'changes_needed',
        generates_challenge: null,
      },
      {
        source: 'codebase',
        location: 'services/finance/src/reconcile.ts',
        relevance:
          'The reconciliation already separates gross charges from processor fees for Braintree; the same split applied to Stripe balance transactions settles the "to the cent" concern.',
        impact: 'confirms_approach',
        generates_challenge: null,
      },
      {
        source: 'git_history',
        location: 'services/billing/src/charge.ts',
        relevance: 'A 2024 commit added idempotency keys per customer and billing period for Braintree charges after a double-charge incident.',
        impact: 'confirms_approach',
        generates_challenge: null,
      },
    ],
    probed: [
      {
        risk: 'Double renewal when the flag flips during the nightly job',
        trigger: 'Cohort flip scheduled while the renewal job runs',
        cascade: 'Both providers charge; refunds and disputes raise the dispute ratio; the processor may hold payouts.',
        probability: 'MED',
        severity: 'BLOCKING',
        generates_challenge: null,
      },
      {
        risk: 'PayPal customers lose their payment method at cut-over',
        trigger: 'Phase 4 cancels Braintree before PayPal customers re-consent',
        cascade: 'Failed renewals, dunning, involuntary churn, support load.',
        probability: 'MED',
        severity: 'SIGNIFICANT',
        generates_challenge: null,
      },
    ],
    new_challenges: [
      draft('r1', 'the ledger consumer in `services/ledger/src/consumers/payments.ts` records them once each,', 'MINOR', 'MED', {
        claim: "The ledger consumer's dedup window is shorter than Stripe's retry window.",
        concern: 'Dedup keys expire after 24 h; Stripe retries for up to three days.',
        failure: 'A late redelivery is booked twice.',
        alternative: 'Extend the dedup window to 7 days for Stripe events.',
      }),
    ],
  }),
  'Surfaced context and probed risks for the billing migration.',
);

const researcherProbe = fencedReply(
  researcherOut({
    probed: [
      {
        risk: 'Proration rules diverge between providers during the dual run',
        trigger: 'Any mid-cycle plan change by a flagged customer',
        cascade: 'Different invoice amounts for identical changes; reconciliation diffs every month; Phase 4 criterion unreachable.',
        probability: 'MED',
        severity: 'SIGNIFICANT',
        generates_challenge: null,
      },
    ],
  }),
  'Probe of the unresolved challenges.',
);

const Q = qualityWithEvidence({
  approach_soundness: [7, 'Vendor-to-vendor card transfer with a flagged dual run is the standard migration path.'],
  risk_coverage: [5, 'Double charging and proration needed mitigations; PayPal customers have no path yet.'],
  assumption_validity: [5, 'The assumption that every payment method exports was wrong for vaulted PayPal accounts.'],
  integration_feasibility: [6, 'Renewal job and flags support the switch with the added coordination; ledger dedup needs a longer window.'],
  unknowns_coverage: [7, 'All research modes ran; Braintree-side proration settings are outside the repository.'],
  constraint_alignment: [7, 'PCI scope is preserved; EU residency still needs confirmation.'],
});

function story(final: number): SynthesisStory {
  const q = (i: number) => (i === final ? { quality: Q } : {});
  return {
    beats: [
      {
        claimStart: DOUBLE,
        at: {
          1: {
            status: 'UNRESOLVED',
            resolution:
              'Confirmed by U1 and the probe: the renewal job never re-reads flags, so a flip during the run renews on both providers. Mitigation: cancel the Braintree subscription in the flip transaction and skip recently flipped customers in both jobs.',
            evidence: [{ source: 'resolver finding U1', finding: 'due subscriptions selected once at job start', impact: 'double renewal window exists' }],
          },
          2: {
            status: 'RESOLVED',
            resolution:
              'The surfaced idempotency keys per customer and period (charge.ts, 2024) plus flipping only outside the job window and cancelling Braintree in the same transaction close the window; the plan must state both in Phase 3.',
            evidence: [{ source: 'surfaced context S3', finding: 'idempotency key per customer and billing period', impact: 'a second charge for the same period is rejected' }],
          },
        },
      },
      {
        claimStart: PRORATION,
        at: {
          1:
            final === 1
              ? { status: 'UNRESOLVED', resolution: 'No rule exists and the Braintree settings are not in the repository (U2 UNRESOLVABLE).' }
              : { status: 'OPEN', resolution: 'Pending: the Braintree-side proration settings are outside the repository; needs a decision or a probe of the cascade.' },
          2: {
            status: 'UNRESOLVED',
            resolution: 'The probe shows the divergence breaks the Phase 4 exit criterion; the mitigation is one rule for both providers (no proration during the dual run).',
          },
          3: {
            status: 'RESOLVED',
            resolution:
              'Settled by choosing proration_behavior=none on Stripe and the matching Braintree plan setting for the dual run; changes apply at renewal. The plan must record the rule before Phase 3.',
            evidence: [{ source: 'probed risk P3', finding: 'divergent proration breaks reconciliation', impact: 'one rule removes the divergence' }],
          },
        },
      },
      {
        claimStart: ANCHOR,
        at: {
          1: {
            status: 'UNRESOLVED',
            resolution:
              "Real: Stripe's default proration from creation to the anchor charges migrated customers for days they already paid. Mitigation: trial_end at the current period end.",
          },
          2: {
            status: 'RESOLVED',
            resolution:
              "Resolved with the same rule as the proration decision: subscriptions are created with trial_end at the paid period's end, so the first Stripe charge is the next renewal.",
          },
        },
      },
      {
        claimStart: RECONCILE,
        at: {
          1: {
            status: 'RESOLVED',
            resolution: 'The surfaced reconcile.ts already splits gross charges and fees for Braintree; applying it to Stripe balance transactions makes "to the cent" meaningful.',
            evidence: [{ source: 'surfaced context S2', finding: 'gross and fees are reconciled separately', impact: 'fee differences are explained' }],
          },
        },
      },
      {
        claimStart: PAYPAL,
        at: {
          1: {
            status: 'UNRESOLVED',
            resolution: 'U3 confirms a PayPal population exists; the PAN export cannot move it. The plan needs a re-consent path or must keep these customers on Braintree.',
          },
          2: { status: 'UNRESOLVED', resolution: 'No mitigation in the plan or the codebase yet; the cut-over in Phase 4 would strand these customers.' },
          3: { status: 'UNRESOLVED', resolution: 'Still unmitigated: add a PayPal re-consent phase or exclude PayPal customers from the Phase 4 cut-over.' },
        },
      },
      { claimStart: 'The ledger consumer', at: { 1: { status: 'DEFERRED', resolution: 'MINOR: extend the dedup window to 7 days when wiring the Stripe webhook.' } } },
      {
        claimStart: COHORTS,
        at: {
          2: {
            status: 'OPEN',
            resolution: 'Raised on the directive; U4 shows per-customer rollback exists, but whether the gate metrics are available per cohort is still pending.',
          },
          3: {
            status: 'RESOLVED',
            resolution:
              'Each cohort step is gated on a full renewal cycle with zero double charges and a reconciliation diff under the fee tolerance; flags support per-customer rollback (U4).',
            evidence: [{ source: 'resolver finding U4', finding: 'flags are per-customer rows', impact: 'a cohort can be rolled back precisely' }],
          },
        },
      },
    ],
    iterations: {
      1: {
        directives: [
          'Probe the proration divergence during the dual run (C2) and the PayPal cut-over cascade (C5).',
          'Challengers: examine the rollout controls between cohorts, per C1.',
          'Confirm whether flags keep a history usable as SOC 2 evidence.',
        ],
        reProbe: final > 1,
        summary:
          'One BLOCKING (double renewal during flag flips) and three SIGNIFICANT challenges are real; reconciliation is settled by existing code. The plan cannot proceed as written.',
        ...q(1),
      },
      2: {
        directives: ['Decide the dual-run proration rule (C2); find a path for PayPal customers (C5); define the cohort gates (C6).'],
        summary:
          'The double-charge window is closed by idempotency keys and transactional flips; anchor charges are avoided with trial_end. Proration, PayPal and cohort gating remain.',
        ...q(2),
      },
      3: { summary: 'Proration and cohort gating are settled; vaulted PayPal accounts still have no migration path, so the plan needs a revision before Phase 4.', ...q(3) },
    },
  };
}

const resolverCalls = [
  {
    turns: [
      toolUse(
        [
          { name: 'list_files', input: { dir: 'src' } },
          { name: 'grep', input: { pattern: 'prorat|paypal|renewal', ignore_case: true } },
        ],
        'Checking the workspace for the billing code first.',
      ),
      toolUse([{ name: 'read_file', input: { path: 'README.md' } }]),
    ],
    answer: resolver,
  },
  { turns: [toolUse([{ name: 'grep', input: { pattern: 'flag|audit', ignore_case: true, glob: 'src/**/*.ts' } }])], answer: resolver },
];
const researcherCalls = [
  {
    turns: [
      toolUse(
        [
          { name: 'list_files', input: {} },
          { name: 'grep', input: { pattern: 'idempot|reconcil|charge', ignore_case: true } },
        ],
        'Surveying the workspace.',
      ),
      toolUse([
        { name: 'read_file', input: { path: 'docs/decisions.md' } },
        { name: 'read_file', input: { path: 'CLAUDE.md' } },
      ]),
    ],
    answer: () => researcher1,
  },
  { turns: [toolUse([{ name: 'grep', input: { pattern: 'plan change|upgrade', ignore_case: true } }])], answer: () => researcherProbe },
];

/** Each challenging role answers its iteration's brief, then empty lists (a good answer when nothing new is warranted). */
function briefs(list: ReturnType<typeof challengerOut>[], lead: string): () => FakeReply {
  let n = 0;
  return () => {
    const brief = list[n++] ?? challengerOut([]);
    return fencedReply(brief, `${lead} — iteration ${n}: ${brief.challenges.length} challenges.`);
  };
}

export function paymentsScript(iterations: 1 | 3): Script {
  return byRole({
    challenger: briefs([challenger1, challenger2], 'General challenges'),
    'domain-expert': briefs([domainExpert1], 'Payments domain review'),
    'devils-advocate': briefs([devilsAdvocate1], 'Black-swan review'),
    resolver: withToolTurns(resolverCalls),
    researcher: withToolTurns(researcherCalls),
    synthesizer: storySynthesizer(story(iterations)),
    auditor: () =>
      fencedReply(
        audit({
          confirmed: true,
          note: 'Risk coverage and assumption validity are consistent with the open PayPal gap; constraint alignment could be a point lower until EU residency is confirmed.',
        }),
        'Audit of the final verdict.',
      ),
  });
}
