import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver/node';
import { ADVICE_ON, RULE_CODES, RULES, type RuleCode } from '../../src/core/rules';
import { fileUri, LspTestClient } from '../support/lsp-test-client';

/**
 * Triggers every rule once, the advice checks once turned on (missing-file once the index is ready; the rules that read
 * the code once the manifests are read and the symbol index is built: a misspelt script, a misspelt function, a
 * function placed in the wrong file, an anchor one definition off, an import of a package no manifest lists); no step states a
 * criterion, as precise scope asks, and Stripe and PostgreSQL bring its complexity to the scaled team's 7, where precise
 * scope asks for risks.
 */
const ALL_RULES_PLAN = `# Plan: payments webhook

## Testing

## Steps

1. Extend the existing \`src/webhooks/stripe.ts\`, reusing \`src/existing.ts\`
   - Replayed events must be processed once
2. Store the events in a PostgreSQL table TBD
   - Depends on: Step 9
   - One row per event id in the table
3. Deploy behind a feature flag
   - Depends on: Step 2
   - Canary first, then everyone
4. Announce it to the support team

### Step 4: Backfill old events

Every event of the last 30 days gets stored.
Run \`npm run backfil\` for the old events.
Wrap \`storeEvnt()\` with a retry.
Update \`storeEvent()\` in \`src/other.ts\`.
Change \`storeEvent()\` at \`src/existing.ts:1\`.

\`\`\`ts
import { z } from 'zod';
\`\`\`
`;

/** LSP 3.18 allows Markdown messages; this server always sends plain strings. */
function text(d: Diagnostic | undefined): string {
  return typeof d?.message === 'string' ? d.message : '';
}

function codes(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code)).sort();
}

describe('server: diagnostics over LSP (pull)', function () {
  let root: string;
  let client: LspTestClient;
  let uri: string;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-server-'));
    await fs.mkdir(path.join(root, 'src'), { recursive: true });
    await fs.writeFile(path.join(root, 'src/existing.ts'), 'export {};\n\n// Events from the payment provider.\n\nexport function storeEvent(id: string) {\n  return id;\n}\n');
    await fs.writeFile(path.join(root, 'src/other.ts'), 'export const other = 1;\n');
    await fs.writeFile(path.join(root, 'package.json'), JSON.stringify({ scripts: { backfill: 'node backfill.js' }, dependencies: {} }));
    await fs.mkdir(path.join(root, '.claude/plans'), { recursive: true });
    uri = fileUri(root, '.claude/plans/plan.md');
    client = await LspTestClient.start({ rootDir: root });
    await client.waitForIndex();
    await client.open(uri, ALL_RULES_PLAN);
  });

  after(async () => {
    await client.dispose();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('reports every rule with its code, source, severity and docs link; the advice checks once the user turns them on', async () => {
    const byDefault = RULE_CODES.filter((code) => RULES[code].defaultLevel !== 'off').sort();
    // The manifests and the symbol index land after the first pull; the server re-runs the rules when they do.
    const first = await client.waitFor('every rule on by default', async () => {
      const d = await client.pull(uri);
      return d.length >= byDefault.length ? d : undefined;
    });
    assert.deepEqual(codes(first), byDefault);
    await client.setSettings({ rules: ADVICE_ON });
    const diagnostics = await client.waitFor('the advice checks on', async () => {
      const d = await client.pull(uri);
      return d.length > byDefault.length ? d : undefined;
    });
    assert.deepEqual(codes(diagnostics), [...RULE_CODES].sort());
    for (const d of diagnostics) {
      assert.equal(d.source, 'verify-plan-static');
      assert.match(d.codeDescription?.href ?? '', new RegExp(`^file:.*README\\.md#rule-${String(d.code)}$`));
    }
    const byCode = new Map(diagnostics.map((d) => [String(d.code), d]));
    assert.equal(byCode.get('dangling-dependency')?.severity, 1);
    assert.equal(byCode.get('unknown-signal')?.severity, 2);
    assert.equal(byCode.get('empty-section')?.severity, 3);
    assert.deepEqual(byCode.get('missing-file')?.range, { start: { line: 6, character: 24 }, end: { line: 6, character: 46 } });
    assert.match(text(byCode.get('missing-file')), /src\/webhooks\/stripe\.ts/);
  });

  for (const code of RULE_CODES) {
    it(`setting verifyPlan.rules.${code}: off hides it, error raises it`, async () => {
      await client.setSettings({ rules: { ...ADVICE_ON, [code]: 'off' } });
      const hidden = await client.waitFor(`${code} hidden`, async () => {
        const d = await client.pull(uri);
        return d.some((x) => x.code === code) ? undefined : d;
      });
      assert.equal(codes(hidden).length, RULE_CODES.length - 1);
      await client.setSettings({ rules: { ...ADVICE_ON, [code]: 'error' } });
      const raised = await client.waitFor(`${code} as error`, async () => {
        const d = (await client.pull(uri)).find((x) => x.code === code);
        return d?.severity === 1 ? d : undefined;
      });
      assert.equal(raised.severity, 1);
    });
  }

  it('setting verifyPlan.threshold moves the risks gate with the team: a complexity-3 plan owes a risks section at threshold 3, not at 7', async () => {
    const smallUri = fileUri(root, '.claude/plans/small.md');
    await client.open(
      smallUri,
      '# Plan: cache\n\n## Steps\n\n1. Add a cache layer\n   - Verify: hit rate above 80%\n2. Add invalidation\n   - Verify: a change shows within a second\n3. Roll out\n   - Verify: p95 latency drops\n',
    );
    const risks = async () => (await client.pull(smallUri)).find((x) => x.code === 'missing-risks-section');
    await client.waitFor('no risks finding under the default threshold', async () => ((await risks()) ? undefined : true));
    await client.setSettings({ rules: ADVICE_ON, threshold: 3 });
    const finding = await client.waitFor('the risks finding at threshold 3', async () => await risks());
    assert.equal(finding.severity, 3, 'advice is information');
    await client.setSettings({ rules: ADVICE_ON });
    await client.waitFor('gone again at the default threshold', async () => ((await risks()) ? undefined : true));
    await client.close(smallUri);
  });

  it('setting verifyPlan.ruleScope: thorough also reports a path the plan makes no claim about; precise (the default) does not', async () => {
    const scopeUri = fileUri(root, '.claude/plans/scope.md');
    await client.open(scopeUri, '# Plan\n\n- Keep `src/prose-only.ts` short.\n');
    const missing = async () => (await client.pull(scopeUri)).some((x) => x.code === 'missing-file');
    await client.waitFor('no finding in precise scope', async () => ((await missing()) ? undefined : true));
    await client.setSettings({ rules: ADVICE_ON, ruleScope: 'thorough' });
    await client.waitFor('the finding in thorough scope', async () => ((await missing()) ? true : undefined));
    await client.setSettings({ rules: ADVICE_ON });
    await client.waitFor('gone again in precise scope', async () => ((await missing()) ? undefined : true));
    await client.close(scopeUri);
  });

  it('asks the client to re-pull after a settings change, and logs invalid values', async () => {
    const before = client.diagnosticRefreshes;
    await client.setSettings({ rules: { ...ADVICE_ON, 'unknown-signal': 'loud' }, threshold: 99 });
    await client.waitFor('a refresh', () => (client.diagnosticRefreshes > before ? true : undefined));
    await client.waitFor('the log line', () => (client.logs.some((l) => l.includes('verifyPlan.rules.unknown-signal: "loud"')) ? true : undefined));
    const d = (await client.pull(uri)).find((x) => x.code === 'unknown-signal');
    assert.equal(d?.severity, 2, 'falls back to the default level');
    await client.setSettings({ rules: ADVICE_ON });
  });

  it('answers "unchanged" when nothing changed since the last result', async () => {
    // Settings from the previous test may still be arriving: wait for two pulls in a row with nothing in between.
    await client.waitFor('an unchanged report', async () => {
      const first = await client.pullReport(uri);
      assert.equal(first.kind, 'full');
      const second = await client.pullReport(uri, first.kind === 'full' ? first.resultId : undefined);
      return second.kind === 'unchanged' ? true : undefined;
    });
  });

  it('updates diagnostics on an incremental edit without saving', async () => {
    // Line 8 "2. Store the events in a PostgreSQL table TBD": replace "TBD" with "events".
    await client.change(uri, 2, [{ range: { start: { line: 8, character: 42 }, end: { line: 8, character: 45 } }, text: 'events' }]);
    const d = await client.pull(uri);
    assert.ok(!d.some((x) => x.code === 'unknown-signal'));
    await client.change(uri, 3, [{ range: { start: { line: 8, character: 42 }, end: { line: 8, character: 48 } }, text: 'TBD' }]);
    assert.ok((await client.pull(uri)).some((x) => x.code === 'unknown-signal'));
  });

  it('the file index follows didChangeWatchedFiles: a created file clears missing-file', async () => {
    assert.ok(client.registrations.includes('workspace/didChangeWatchedFiles'));
    await fs.mkdir(path.join(root, 'src/webhooks'), { recursive: true });
    await fs.writeFile(path.join(root, 'src/webhooks/stripe.ts'), 'export {};\n');
    await client.watchedFiles([{ uri: fileUri(root, 'src/webhooks'), type: 1 }]);
    await client.waitFor('missing-file gone', async () => ((await client.pull(uri)).some((x) => x.code === 'missing-file') ? undefined : true));
    await fs.rm(path.join(root, 'src/webhooks'), { recursive: true });
    await client.watchedFiles([{ uri: fileUri(root, 'src/webhooks'), type: 3 }]);
    await client.waitFor('missing-file back', async () => ((await client.pull(uri)).some((x) => x.code === 'missing-file') ? true : undefined));
  });

  it('reads the design a plan names: its "## Edge cases" silences missing-risks-section, and the finding returns when the design loses it', async () => {
    const planUri = fileUri(root, '.claude/plans/wallet.md');
    const design = path.join(root, 'docs/specs/wallet-design.md');
    await fs.mkdir(path.dirname(design), { recursive: true });
    await fs.writeFile(design, '# Wallet design\n\n## Edge cases\n\n- two freezes at once\n');
    await client.watchedFiles([{ uri: fileUri(root, 'docs/specs/wallet-design.md'), type: 1 }]);
    const step = (n: number) =>
      `### Task ${n}: Part ${n}\n\nChange \`src/existing.ts\`, the database migration and the API handlers; update the client cache and the admin pages.\n\n- [ ] **Step 1: Run \`npm test\` and confirm it passes**\n`;
    // Stripe and Kafka bring its complexity to 8, over the scaled team's threshold, where precise scope asks for risks.
    const plan = [
      '# Wallet admin plan',
      '',
      '**Spec:** `docs/specs/wallet-design.md`',
      '',
      'Freezes go to Stripe; the ledger publishes them on Kafka.',
      '',
      step(1),
      step(2),
      step(3),
    ];
    await client.open(planUri, plan.join('\n'));
    const risks = async () => (await client.pull(planUri)).some((x) => x.code === 'missing-risks-section');
    await client.waitFor('no risks finding once the design is read', async () => ((await risks()) ? undefined : true));
    await fs.writeFile(design, '# Wallet design\n\n## Components\n');
    await client.watchedFiles([{ uri: fileUri(root, 'docs/specs/wallet-design.md'), type: 2 }]);
    await client.waitFor('the risks finding back once the design has no edge cases', async () => ((await risks()) ? true : undefined));
    await client.close(planUri);
  });

  it('respects .gitignore: an ignored path is never reported missing', async () => {
    const ignoredUri = fileUri(root, '.claude/plans/ignored.md');
    await fs.writeFile(path.join(root, '.gitignore'), 'build/\n');
    await client.watchedFiles([{ uri: fileUri(root, '.gitignore'), type: 1 }]);
    await client.open(ignoredUri, '# Plan\n\n- [x] Read `build/out.js` and `src/nope.ts`.\n');
    // The .gitignore event re-lists the root in the background; wait until it has.
    const missing = await client.waitFor('only src/nope.ts missing', async () => {
      const names = (await client.pull(ignoredUri)).filter((x) => x.code === 'missing-file').map((x) => text(x).split('"')[1]);
      return names.length === 1 ? names : undefined;
    });
    assert.deepEqual(missing, ['src/nope.ts']);
    await client.close(ignoredUri);
  });

  it('CodeLens at the top shows the complexity, team and the verify command', async () => {
    const lenses = await client.codeLens(uri);
    assert.equal(lenses?.length, 1);
    const lens = lenses?.[0];
    assert.equal(lens?.range.start.line, 0);
    assert.match(lens?.command?.title ?? '', /^Complexity \d+\/16 · (base|scaled) team · ▶ Verify Plan$/);
    assert.equal(lens?.command?.command, 'verifyPlan.verify');
    assert.deepEqual(lens?.command?.arguments, [uri]);
  });

  it('hover on the title line shows the factor breakdown and the plan quality', async () => {
    const hover = await client.hover(uri, 0, 3);
    const value = (hover?.contents as { value: string }).value;
    assert.match(value, /\*\*Complexity \d+\/16\*\* · threshold 7/);
    assert.match(value, /\| Factor \| Points \| Counted \|/);
    assert.match(value, /Plan quality: (RICH|ADEQUATE|THIN)/);
    assert.equal(value.split('\n').filter((l) => /^\| .* \| \d+\/\d+ \|/.test(l)).length, 6, 'six seed-001 factors');
    assert.equal(await client.hover(uri, 5, 0), null);
  });

  it('quick fixes: success-criterion stub, risks section, dangling dependency', async () => {
    const d = await client.pull(uri);
    const find = (code: RuleCode) => d.find((x) => x.code === code) as Diagnostic;
    const stub = await client.codeActions(uri, find('no-success-criterion'));
    assert.equal(stub?.[0]?.title, 'Add a success criterion to step "4#2"');
    assert.deepEqual(stub?.[0]?.edit?.changes?.[uri], [{ range: { start: { line: 27, character: 0 }, end: { line: 27, character: 0 } }, newText: '\n- Success criteria: …\n' }]);
    assert.deepEqual(stub?.[0]?.diagnostics, [find('no-success-criterion')]);

    const risks = await client.codeActions(uri, find('missing-risks-section'));
    assert.equal(risks?.[0]?.title, 'Add a "Risks and rollback" section');
    assert.match(risks?.[0]?.edit?.changes?.[uri]?.[0]?.newText ?? '', /^\n## Risks and rollback\n/);

    const dangling = await client.codeActions(uri, find('dangling-dependency'));
    assert.deepEqual(
      dangling?.map((a) => a.title),
      // Step 2 itself is never offered: a step does not depend on itself.
      ['Change to Step 4', 'Change to Step 3', 'Change to Step 1', 'Remove the dependency on Step 9', 'Turn off the "dangling-dependency" check (user settings)'],
    );
    assert.equal(dangling?.[0]?.edit?.changes?.[uri]?.[0]?.newText, 'Step 4');
    assert.deepEqual(dangling?.at(-1)?.command, { title: 'Turn off this check', command: 'verifyPlan.turnOffCheck', arguments: ['dangling-dependency'] });
    assert.equal(dangling?.at(-1)?.edit, undefined);
    assert.deepEqual(dangling?.[3]?.edit?.changes?.[uri]?.[0]?.range, { start: { line: 9, character: 0 }, end: { line: 10, character: 0 } });
  });

  it('answers the assessment request and notifies when the assessment changes', async () => {
    const result = await client.connection.sendRequest<{ version: number; assessment: { score: number } }>('verifyPlan/assessment', { uri });
    assert.equal(typeof result.assessment.score, 'number');
    assert.equal(await client.connection.sendRequest('verifyPlan/assessment', { uri: 'file:///not/open.md' }), null);
    await assert.rejects(client.connection.sendRequest('verifyPlan/assessment', { nope: 1 }), /Invalid params/);
    const note = (await client.waitFor('an assessment notification', () => client.assessmentNotifications.find((n) => (n as { uri: string }).uri === uri))) as {
      assessment: { score: number };
    };
    assert.equal(note.assessment.score, result.assessment.score);
  });
});

describe('server: push diagnostics (clients without pull)', () => {
  let root: string;
  let client: LspTestClient;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-push-'));
    client = await LspTestClient.start({ rootDir: root, diagnostics: 'push', initializationOptions: { debounceMs: 20 } });
  });
  after(async () => {
    await client.dispose();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('publishes after the debounce, only for the newest version of a burst', async () => {
    const uri = fileUri(root, 'plan.md');
    await client.open(uri, '# Plan\n\nSize TBD.\n');
    for (let v = 2; v <= 6; v++) await client.change(uri, v, [{ text: `# Plan\n\nSize TBD ${'?'.repeat(v)}\n` }]);
    await client.change(uri, 7, [{ text: '# Plan\n\nSize is 10.\n' }]);
    const published = await client.waitFor('version 7', () => {
      const p = client.pushed.get(uri);
      return p?.version === 7 ? p : undefined;
    });
    assert.deepEqual(published.diagnostics, []);
    await client.close(uri);
    await client.waitFor('cleared', () => (client.pushed.get(uri)?.version === undefined ? true : undefined));
  });

  it('has no diagnostic provider capability and does not answer pulls', async () => {
    await assert.rejects(client.pull(fileUri(root, 'x.md')));
  });
});
