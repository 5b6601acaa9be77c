/**
 * Research-heavy base-team run on bench/plans/orders-outbox.md against the
 * fixture workspace (test/fixtures/workspace): the resolver and researcher
 * take several tool turns (grep, list, read), and every file citation is
 * real, so the engine verifies it and the synthesizer's settlements apply.
 * The plan contradicts a recorded decision (outbox) and the pool-size note
 * in CLAUDE.md, so research changes the outcome: REVISE.
 */
import { byRole, type Script } from '../../test/support/fake-anthropic';
import { audit, challengerOut, researcherOut } from '../../test/support/replies';
import { ChallengeDraft, UnknownDraft } from '../../src/core/protocol';
import { fencedReply, qualityWithEvidence, storyResolverAnswer, storySynthesizer, toolUse, withToolTurns } from '../scenario-kit';

const DUAL_WRITE = 'Publishing to Kafka inside createOrder is a dual write';
const POOL = 'Tripling the pool size moves the bottleneck to Postgres';
const KAFKA_LATENCY = "Waiting for acks=all on the checkout path adds Kafka's tail latency";
const ROLLBACK = 'Reverting the deploy leaves consumers with events';

const brief = challengerOut(
  [
    ChallengeDraft.parse({
      ref: 'n1',
      quote: 'After the INSERT in `createOrder`, call `publishOrderCreated` and return the',
      claim: `${DUAL_WRITE}: the row and the event can disagree whenever one of the two writes fails.`,
      concern:
        'The INSERT commits before the publish. If Kafka is down or the process dies between the two, the order exists and no event is ever sent; if the publish succeeds and the response is lost, the client retries and creates a second order with its own event.',
      failure_scenario:
        'During a Kafka broker restart at peak, 2% of checkouts commit orders whose order.created never arrives; fulfilment never ships them, and the gap is found days later by customer complaints.',
      alternative:
        'Write the event to an outbox table in the same transaction as the order and relay it to Kafka asynchronously (the team may already have decided this; check the decision log).',
      severity: 'SIGNIFICANT',
      confidence: 'HIGH',
    }),
    ChallengeDraft.parse({
      ref: 'n2',
      quote: 'Raise `POOL_SIZE` in `src/db/pool.ts` from 10 to 30; the DBA review is booked',
      claim: `${POOL} and may exceed the database's connection limit once every instance scales out.`,
      concern:
        'Each instance opens up to 30 connections; with autoscaling to 8 instances that is 240 connections against a Postgres max_connections that is often 100–200 on managed tiers.',
      failure_scenario: 'At the peak the autoscaler adds instances, new pools fail to connect with "too many clients", and checkout errors spike exactly when traffic is highest.',
      alternative: 'Size the pool from max_connections divided by the maximum instance count, or put PgBouncer in front; keep the DBA review as a gate before the change ships.',
      severity: 'SIGNIFICANT',
      confidence: 'MED',
    }),
    ChallengeDraft.parse({
      ref: 'n3',
      quote: 'order only once Kafka acknowledged the message.',
      claim: `${KAFKA_LATENCY} to every order, and makes checkout fail when Kafka is unavailable.`,
      concern: 'acks=all waits for all in-sync replicas; p99 publish latency during leader elections is seconds, not milliseconds.',
      failure_scenario: 'A partition leader election during the peak pushes checkout p99 over the 300 ms target and times out clients, who retry and create duplicate orders.',
      alternative: 'Decouple the publish from the response (outbox relay), so checkout latency depends on Postgres only.',
      severity: 'SIGNIFICANT',
      confidence: 'MED',
    }),
    ChallengeDraft.parse({
      ref: 'n4',
      quote: 'Revert the deploy; events already published stay on the topic.',
      claim: `${ROLLBACK} for orders that a reverted service no longer knows how to reconcile.`,
      concern: 'Consumers may act on events whose schema the old version does not emit.',
      failure_scenario: 'After a rollback, consumers wait for events that no longer come and alert on a false gap.',
      alternative: 'Document the consumer behaviour on rollback and version the event schema.',
      severity: 'MINOR',
      confidence: 'MED',
    }),
  ],
  [
    UnknownDraft.parse({
      description: 'Has the team already decided how order events reach the broker (outbox or direct publish)?',
      type: 'PRIOR_DECISION',
      affects_challenge: 'n1',
      suggested_query: 'grep -rn "outbox" docs/ src/',
    }),
    UnknownDraft.parse({
      description: 'Are there rules about changing the connection pool size?',
      type: 'PRIOR_DECISION',
      affects_challenge: 'n2',
      suggested_query: 'read src/db/pool.ts and CLAUDE.md',
    }),
  ],
);

const resolver = storyResolverAnswer({
  answers: [
    {
      descriptionStart: 'Has the team already decided how order events',
      resolution: 'CONFIRMED',
      finding: '[VERIFIED: docs/decisions.md:4 | "order events go through the outbox table, never straight to the broker" | the plan\'s Step 2 contradicts a recorded decision]',
      evidence: [
        {
          source: 'docs/decisions.md',
          path: 'docs/decisions.md',
          line: 4,
          quote: '2025-06: order events go through the outbox table, never straight to the broker.',
          finding: 'Decision 2 requires the outbox for order events',
          impact: 'direct publishing from createOrder violates it',
        },
      ],
    },
    {
      descriptionStart: 'Are there rules about changing the connection pool size',
      resolution: 'CONFIRMED',
      finding: '[VERIFIED: CLAUDE.md:4 and src/db/pool.ts:3 | the pool is fixed at 10 and raising it needs a DBA review | the plan already books that review]',
      evidence: [
        {
          source: 'CLAUDE.md',
          path: 'CLAUDE.md',
          line: 4,
          quote: 'raising it needs a DBA review',
          finding: 'pool changes require a DBA review',
          impact: 'the review is a gate for Step 3',
        },
        {
          source: 'src/db/pool.ts',
          path: 'src/db/pool.ts',
          line: 3,
          quote: 'export const POOL_SIZE = 10;',
          finding: 'pool size constant is 10',
          impact: 'Step 3 changes this constant',
        },
      ],
    },
  ],
});

const researcher = fencedReply(
  researcherOut({
    surfaced: [
      {
        source: 'codebase',
        location: 'src/orders.ts:14',
        relevance:
          'createOrder performs a single INSERT with no transaction object exposed; adding an outbox row needs the insert to run inside an explicit transaction on one pooled client.',
        impact: 'changes_needed',
        generates_challenge: null,
      },
      {
        source: 'claude_md',
        location: 'CLAUDE.md:5',
        relevance: 'The team uses plain SQL with parameterised queries, so the outbox relay should be a small SQL poller, not an ORM hook.',
        impact: 'confirms_approach',
        generates_challenge: null,
      },
      {
        source: 'codebase',
        location: 'src/server.ts:15',
        relevance: 'The handler awaits createOrder without a try/catch, so a Kafka failure inside it becomes an unhandled rejection rather than a 503.',
        impact: 'contradicts_plan',
        generates_challenge: 'r1',
      },
    ],
    probed: [
      {
        risk: 'Unhandled rejection on publish failure crashes the request handler',
        trigger: 'Kafka unavailable during checkout',
        cascade: 'The request never gets a response; the client times out and retries; duplicate orders are created.',
        probability: 'MED',
        severity: 'SIGNIFICANT',
        generates_challenge: 'r1',
      },
    ],
    new_challenges: [
      ChallengeDraft.parse({
        ref: 'r1',
        quote: 'Kafka outages during checkout: the request fails and the client retries.',
        claim: 'A failed publish does not make the request fail cleanly: the server handler has no error handling around createOrder.',
        concern: 'An exception from the publish rejects the async handler; Node logs an unhandled rejection and the socket stays open until the client times out.',
        failure_scenario: 'Clients retry after their timeout and, because the order row was already committed, each retry creates another order.',
        alternative: 'Catch errors in the handler and answer 503, and make order creation idempotent with a client-supplied key.',
        severity: 'SIGNIFICANT',
        confidence: 'HIGH',
        evidence: [
          {
            source: 'src/server.ts',
            path: 'src/server.ts',
            line: 15,
            quote: 'const order = await createOrder(session.userId, req);',
            finding: 'no try/catch around createOrder',
            impact: 'publish failures are unhandled',
          },
        ],
      }),
    ],
  }),
  'Surfaced context and probed risks from the workspace.',
);

const synthesizer = storySynthesizer({
  beats: [
    {
      claimStart: DUAL_WRITE,
      at: {
        1: {
          status: 'UNRESOLVED',
          resolution:
            'Confirmed by U1: decision 2 in docs/decisions.md requires the outbox for order events; Step 2 must write an outbox row in the order transaction and relay it.',
          evidence: [
            {
              source: 'docs/decisions.md',
              path: 'docs/decisions.md',
              line: 4,
              quote: 'order events go through the outbox table, never straight to the broker',
              finding: 'outbox is the recorded decision',
              impact: 'the plan must change Step 2',
            },
          ],
        },
      },
    },
    {
      claimStart: POOL,
      at: {
        1: {
          status: 'RESOLVED',
          resolution: 'The plan books the DBA review that CLAUDE.md requires before the pool changes; sizing against max_connections is part of that review, so the gate exists.',
          evidence: [
            { source: 'CLAUDE.md', path: 'CLAUDE.md', line: 4, quote: 'raising it needs a DBA review', finding: 'the review is mandatory', impact: 'Step 3 is gated by it' },
          ],
        },
      },
    },
    {
      claimStart: KAFKA_LATENCY,
      at: { 1: { status: 'RESOLVED', resolution: 'Resolved by the same change as C1: with an outbox relay the checkout path no longer waits for Kafka acknowledgements.' } },
    },
    {
      claimStart: 'A failed publish does not make the request fail cleanly',
      at: {
        1: {
          status: 'UNRESOLVED',
          resolution: 'Confirmed in src/server.ts: createOrder is awaited without error handling; the plan needs a 503 path and an idempotency key.',
          evidence: [
            {
              source: 'src/server.ts',
              path: 'src/server.ts',
              line: 15,
              quote: 'const order = await createOrder(session.userId, req);',
              finding: 'no error handling',
              impact: 'retries duplicate orders',
            },
          ],
        },
      },
    },
    { claimStart: ROLLBACK, at: { 1: { status: 'DEFERRED', resolution: 'MINOR: document consumer behaviour on rollback when the event schema is versioned.' } } },
  ],
  iterations: {
    1: {
      summary:
        'The plan contradicts the recorded outbox decision and leaves publish failures unhandled; both are SIGNIFICANT and unresolved. Pool sizing is gated by the DBA review the plan already booked.',
      quality: qualityWithEvidence({
        approach_soundness: [4, 'Direct publishing from the request path contradicts decision 2 (outbox).'],
        risk_coverage: [5, 'Kafka outages are mentioned but their consequence (duplicate orders) is not handled.'],
        assumption_validity: [5, 'Assumes the client retry is harmless; it duplicates committed orders.'],
        integration_feasibility: [6, 'Pool change is feasible behind the DBA review; the outbox needs a transaction in createOrder.'],
        unknowns_coverage: [8, 'Decision log, CLAUDE.md and the server code were all read and cited.'],
        constraint_alignment: [3, 'Violates the recorded outbox decision.'],
      }),
    },
  },
});

/**
 * `workspaceFacts: 'withheld'` (bench/facts-toggle.ts): the run without the workspace-facts block, where the researcher
 * first checks what the block would have told it (do the plan's named paths exist, is publishOrderCreated defined)
 * before the same research as with the block.
 */
export function ordersScript(options: { workspaceFacts?: 'sent' | 'withheld' } = {}): Script {
  const factsCheck = toolUse(
    [
      { name: 'list_files', input: { dir: 'src/events' } },
      { name: 'list_files', input: { dir: 'src/auth' } },
      { name: 'grep', input: { pattern: 'publishOrderCreated' } },
    ],
    'Checking which of the files and functions the plan names exist.',
  );
  return byRole({
    challenger: () => fencedReply(brief, 'Challenge brief for the Kafka publishing plan.'),
    resolver: withToolTurns([
      {
        turns: [
          toolUse(
            [
              { name: 'grep', input: { pattern: 'outbox', ignore_case: true } },
              { name: 'list_files', input: { dir: 'docs' } },
            ],
            'Searching for a recorded decision about order events.',
          ),
          toolUse([
            { name: 'read_file', input: { path: 'docs/decisions.md' } },
            { name: 'read_file', input: { path: 'src/db/pool.ts' } },
          ]),
          toolUse([{ name: 'read_file', input: { path: 'CLAUDE.md' } }]),
        ],
        answer: resolver,
      },
    ]),
    researcher: withToolTurns([
      {
        turns: [
          ...(options.workspaceFacts === 'withheld' ? [factsCheck] : []),
          toolUse(
            [
              { name: 'list_files', input: { dir: 'src' } },
              { name: 'grep', input: { pattern: 'createOrder|pool\\.query', glob: 'src/**/*.ts' } },
            ],
            'Looking at the order path and its callers.',
          ),
          toolUse([
            { name: 'read_file', input: { path: 'src/orders.ts' } },
            { name: 'read_file', input: { path: 'src/server.ts' } },
          ]),
          toolUse([
            { name: 'read_file', input: { path: 'CLAUDE.md' } },
            { name: 'grep', input: { pattern: 'kafka|broker|event', ignore_case: true } },
          ]),
        ],
        answer: () => researcher,
      },
    ]),
    synthesizer,
    auditor: () =>
      fencedReply(
        audit({ confirmed: true, note: 'Constraint alignment at 3 is justified by the decision-log contradiction; other scores match their evidence.' }),
        'Audit of the final verdict.',
      ),
  });
}
