/** Made-up plan texts that more than one rule suite runs the rules over. */

/** Three verified steps moving a store to Postgres, after a context section: a plan that needs a risks section. */
export const postgresMoveBody = [
  '',
  '## Context',
  'Move the store to Postgres, with a migration of every table and a cut-over weekend.',
  '',
  '## Step 1: Schema',
  'Create the tables.',
  'Verify: psql \\dt lists them.',
  '',
  '## Step 2: Copy',
  'Copy the rows.',
  'Verify: counts match.',
  '',
  '## Step 3: Cut over',
  'Switch the connection string.',
  'Verify: smoke test passes.',
  '',
];

/** A GSD PLAN.md of two tasks, "Task 01-03-T1" and "Task 01-03-T2": `note` is the first task's reversibility note, `depends` a line of the second. */
export const gsdTwoTasks = (note: string, depends = '') =>
  [
    '---',
    'phase: 01-foundation',
    'plan: 03',
    'depends_on: [01-01]',
    '---',
    '',
    '<tasks>',
    '',
    '<task type="auto">',
    '  <name>Task 01-03-T1: The filesystem shim</name>',
    `  <reversibility rating="costly">${note}</reversibility>`,
    '  <verify>the shim test passes</verify>',
    '</task>',
    '',
    '<task type="auto">',
    '  <name>Task 01-03-T2: The code-page manifest</name>',
    ...(depends ? [`  ${depends}`] : []),
    '  <verify>the round-trip test passes</verify>',
    '</task>',
    '',
    '</tasks>',
    '',
  ].join('\n');

/** Two steps that cache a pricing API, under "## Steps". */
export const cacheSteps = [
  '## Steps',
  '',
  '### Step 1: Add the cache',
  '',
  'Cache the pricing API in `src/cache.ts`.',
  '',
  '### Step 2: Invalidate it',
  '',
  'Drop entries when a price changes.',
  '',
];

/** The workspace of sizeablePlan: the modules and stores its tasks change, after the design a header may name. */
export const adminDesignWorkspace = [
  'docs/specs/2026-03-24-admin-design.md',
  'src/module1.ts',
  'src/module2.ts',
  'src/module3.ts',
  'src/store1.ts',
  'src/store2.ts',
  'src/store3.ts',
];

/** A plan big enough to need a risks section (three substantial steps over several files, a migration). */
export function sizeablePlan(header: string[]): string {
  const step = (n: number, what: string): string[] => [
    `### Task ${n}: ${what}`,
    '',
    `Change \`src/module${n}.ts\`, \`src/store${n}.ts\` and the database migration \`db/0${n}_schema.sql\`; update the API handlers and the client cache.`,
    '',
    `- [ ] **Step 1: Run \`npm test\` and confirm it passes**`,
    '',
  ];
  return ['# Wallet Admin Implementation Plan', '', ...header, '', ...step(1, 'Queue withdrawals'), ...step(2, 'Freeze wallets'), ...step(3, 'Migrate the ledger schema')].join(
    '\n',
  );
}
