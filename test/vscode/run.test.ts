/**
 * Phase "run": Verify Plan end to end in a real VS Code against the fake
 * Anthropic API (real HTTP on 127.0.0.1, the real SDK). Asserts what the user
 * sees: diagnostics, CodeLens, hover, quick fixes, status bar, cancel, the
 * BLOCKED checkpoint, re-anchoring on edits. Phase "restore" (restore.test.ts)
 * then checks the same plan after a fresh window. This file is the phase's
 * one entry (test/vscode/index.ts loads `run.test.js` only): it registers the
 * cancel / checkpoint suite (run-checkpoint.ts) and the vscode.lm suite
 * (run-lm.ts) in their place in the order.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunResult } from '../../src/core/run-types';
import type { VerifyPlanApi } from '../../src/extension/extension';
import { presentStatus } from '../../src/extension/status-model';
import { FakeAnthropicServer } from '../support/fake-anthropic';
import { activateExtension, domTexts, hasControl, nextEvent, ourDiagnostics, screenshot, waitFor, waitForLenses, useFakeApi } from './workbench';
import { cancelAndCheckpointSuite } from './run-checkpoint';
import { userExperienceSuite } from './run-ux';
import { panelUserSuite } from './run-panel-ux';
import { languageModelSuite } from './run-lm';
import { MAIN_LINES, hangingScript, mainScript } from './scripts';

const TEST_KEY = 'sk-ant-e2e-test-key-0000';

suite('Verify Plan in a real VS Code', function () {
  let api: VerifyPlanApi;
  let server: FakeAnthropicServer;
  let root: vscode.Uri;
  let planUri: vscode.Uri;
  let blockedUri: vscode.Uri;

  suiteSetup(async () => {
    api = await activateExtension();
    server = await FakeAnthropicServer.start();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the fixture workspace is open');
    root = folder.uri;
    planUri = vscode.Uri.joinPath(root, '.claude', 'plans', 'plan.md');
    blockedUri = vscode.Uri.joinPath(root, '.claude', 'plans', 'blocked.md');
    await useFakeApi(server.baseURL, TEST_KEY);
  });

  suiteTeardown(async () => {
    await server?.stop();
  });

  test('contributes its commands and activates without errors', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const id of ['verify', 'cancel', 'showReport', 'exportReport', 'reverify', 'setApiKey', 'clearApiKey']) {
      assert.ok(all.includes(`verifyPlan.${id}`), `verifyPlan.${id} is registered`);
    }
    console.log(`    vscode ${vscode.version}, ${vscode.env.appName}, node ${process.version}`);
  });

  suite('a run on plan.md', () => {
    let result: RunResult;
    let doc: vscode.TextDocument;

    suiteSetup(async () => {
      server.setScript(mainScript());
      doc = await vscode.workspace.openTextDocument(planUri);
      await vscode.window.showTextDocument(doc, { preview: false });
      const before = server.received.length;
      const out = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify');
      assert.ok(out, 'the command resolved with a result');
      result = out;
      assert.ok(server.received.length > before, 'the run talked to the fake API');
    });

    test('ends with a verdict and sends the key only as the API credential', () => {
      assert.equal(result.planPath, planUri.fsPath);
      assert.match(result.verdict, /^(REVISE|PROCEED)/, `${result.verdict}: ${result.reason}`);
      assert.equal(result.partial, false, result.reason);
      const last = server.received.at(-1)!;
      assert.equal(last.headers['x-api-key'] ?? last.headers['authorization'], last.headers['x-api-key'] ? TEST_KEY : `Bearer ${TEST_KEY}`);
      assert.ok(!JSON.stringify(server.received.map((r) => r.body)).includes(TEST_KEY), 'the key is never in a request body');
      const roles = new Set(server.received.map((r) => r.role));
      assert.ok(roles.has('challenger') && roles.has('synthesizer'), [...roles].join(','));
    });

    test('pins open challenges as diagnostics on their lines, not resolved ones', () => {
      const diags = ourDiagnostics(planUri).sort((a, b) => a.range.start.line - b.range.start.line);
      assert.deepEqual(
        diags.map((d) => [d.code, d.range.start.line, d.severity]),
        [
          ['C1', MAIN_LINES.c1, vscode.DiagnosticSeverity.Warning],
          ['C3', MAIN_LINES.c3, vscode.DiagnosticSeverity.Information],
        ],
      );
      assert.ok(!diags.some((d) => d.code === 'C2'), 'RESOLVED C2 is not a problem');
      const c1 = diags[0]!;
      assert.match(c1.message, /^C1 SIGNIFICANT: An in-memory bucket limits each instance/);
      assert.equal(c1.relatedInformation?.length, 1);
    });

    test('links evidence to the cited file only where it exists: src/gateway.ts line 2', async () => {
      // The cited file and line are looked up once per run, then the diagnostic links there.
      const related = await waitFor(() => {
        const info = ourDiagnostics(planUri).find((d) => d.code === 'C1')?.relatedInformation?.[0];
        return info && path.basename(info.location.uri.fsPath) === 'gateway.ts' && info;
      }, 'C1 evidence linked to gateway.ts');
      assert.equal(related.location.range.start.line, 1);
      assert.match(related.message, /\(citation (checked|not checked)\)/);
    });

    test('shows CodeLens at the top and above each challenged line', async () => {
      const lenses = await waitFor(async () => {
        const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', planUri, 100);
        return l.some((x) => x.command?.title.startsWith('C1 ')) && l;
      }, 'challenge CodeLens');
      const titles = lenses.map((l) => [l.range.start.line, l.command?.title ?? '']);
      const top = titles.filter(([line]) => line === 0).map(([, t]) => t);
      assert.ok(
        top.some((t) => String(t).includes(result.verdict) && String(t).includes('2 open challenges')),
        JSON.stringify(top),
      );
      assert.ok(
        titles.some(([line, t]) => line === MAIN_LINES.c1 && t === 'C1 · SIGNIFICANT · UNRESOLVED — details'),
        JSON.stringify(titles),
      );
      assert.ok(
        titles.some(([line, t]) => line === MAIN_LINES.c3 && t === 'C3 · MINOR · UNRESOLVED — details'),
        JSON.stringify(titles),
      );
      assert.ok(!titles.some(([, t]) => String(t).startsWith('C2 ')), 'no lens for the resolved C2');
    });

    test('the hover is compact: with the diagnostic it says claim and concern once each, severity, status and a link to the panel', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', planUri, new vscode.Position(MAIN_LINES.c1, 60));
      const hover = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      const c1 = ourDiagnostics(planUri).find((d) => d.code === 'C1')!;
      const challenge = result.iterations.at(-1)!.challenges.find((c) => c.id === 'C1')!;
      // What the editor shows together: the diagnostic's message and the hover.
      const shown = `${c1.message}\n${hover}`.replace(/\\(.)/g, '$1');
      for (const sentence of [challenge.claim, challenge.concern]) assert.equal(shown.split(sentence).length - 1, 1, `once: ${sentence}\n${shown}`);
      assert.match(hover, /C1 · SIGNIFICANT · UNRESOLVED/);
      assert.match(hover, /\[Open C1 in the Verify Plan panel\]\(command:verifyPlan\.revealChallenge\?/);
    });

    test('offers the three quick fixes on a challenge', async () => {
      const range = new vscode.Range(MAIN_LINES.c1, 50, MAIN_LINES.c1, 60);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', planUri, range);
      const ours = actions.filter((a) => a.title.includes('C1')).map((a) => a.title);
      assert.deepEqual(ours, ['Acknowledge risk C1', 'Mark C1 addressed and re-verify', 'Open C1 in the report']);
    });

    test('status bar shows the verdict with the score', async () => {
      await vscode.window.showTextDocument(doc, { preview: false });
      const status = await waitFor(() => api.status().state.kind === 'verdict' && api.status(), 'verdict status');
      assert.equal(status.text, `$(warning) ${result.verdict} · quality 6/10`);
      if (hasControl()) {
        const items = await waitFor(async () => {
          const t = await domTexts('.statusbar-item');
          return t.some((x) => x.includes(`${result.verdict} · quality 6/10`)) && t;
        }, 'the status bar item in the workbench DOM');
        assert.ok(items.length > 0);
      }
    });

    test('the workbench renders lenses and squiggles (screenshot)', async function () {
      if (!hasControl()) this.skip();
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
      const lensTexts = await waitFor(
        async () => {
          const t = await domTexts('.codelens-decoration');
          return t.some((x) => x.includes('C1 · SIGNIFICANT')) && t.some((x) => x.includes(`${result.verdict} · quality 6/10`)) && t;
        },
        'the challenge and verdict CodeLens in the editor DOM',
        20_000,
        200,
      );
      assert.ok(!lensTexts.some((t) => t.includes('cancel')), JSON.stringify(lensTexts));
      await waitFor(async () => (await domTexts('.squiggly-warning')).length > 0, 'a warning squiggle', 10_000, 100);
      await vscode.commands.executeCommand('notifications.clearAll');
      const file = await screenshot('workbench');
      assert.ok(fs.existsSync(file), file);
    });

    test('clicking the status bar item opens the Verify Plan panel', async () => {
      const command = presentStatus(api.status().state).command;
      assert.equal(command, 'verifyPlan.showReport');
      const rendered = nextEvent(api.onDidRenderPanel, (r) => r.planPath === planUri.fsPath && r.verdict === result.verdict, 'the panel to render the verdict', 30_000);
      await vscode.commands.executeCommand(command);
      await rendered;
      assert.ok(api.panelOpen());
      if (hasControl()) {
        await waitFor(async () => (await domTexts('.tab .label-name')).some((t) => t.includes('Verify Plan')), 'the panel tab in the workbench', 10_000, 100);
        await vscode.commands.executeCommand('notifications.clearAll');
        await screenshot('workbench-panel');
      }
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
    });

    test('edits re-anchor findings; a vanished quote turns stale', async () => {
      const insert = new vscode.WorkspaceEdit();
      insert.insert(planUri, new vscode.Position(2, 0), 'Note one.\nNote two.\n');
      assert.ok(await vscode.workspace.applyEdit(insert));
      await waitFor(() => ourDiagnostics(planUri).find((d) => d.code === 'C1')?.range.start.line === MAIN_LINES.c1 + 2, 'C1 to move down two lines');

      const remove = new vscode.WorkspaceEdit();
      const line = MAIN_LINES.c3 + 2;
      remove.replace(planUri, doc.lineAt(line).range, '4. Roll out to everyone at once.');
      assert.ok(await vscode.workspace.applyEdit(remove));
      const stale = await waitFor(() => ourDiagnostics(planUri).find((d) => d.code === 'C3' && d.message.startsWith('[stale')), 'C3 to turn stale');
      assert.deepEqual(stale.tags, [vscode.DiagnosticTag.Unnecessary]);
      await waitFor(() => /\(plan edited\)$/.test(api.status().text), 'the status bar to say the plan was edited');
      await waitForLenses(planUri, (lenses) => lenses.some((l) => l.command?.title === 'C3 · MINOR · stale — details'), 'the stale C3 lens');

      await vscode.commands.executeCommand('workbench.action.files.revert');
      await waitFor(() => ourDiagnostics(planUri).find((d) => d.code === 'C1')?.range.start.line === MAIN_LINES.c1, 'C1 back on its line after revert');
      assert.ok(!ourDiagnostics(planUri).some((d) => d.message.startsWith('[stale')));
    });

    test('acknowledging a risk drops it from the Problems panel and is saved', async () => {
      assert.equal(await vscode.commands.executeCommand('verifyPlan.acknowledgeRisk', planUri, 'C3'), true);
      const c3 = await waitFor(() => ourDiagnostics(planUri).find((d) => d.code === 'C3' && d.severity === vscode.DiagnosticSeverity.Hint), 'C3 as a hint');
      assert.match(c3.message, /\(risk acknowledged\)/);
      assert.equal(
        api
          .result(planUri.fsPath)
          ?.iterations.at(-1)
          ?.challenges.find((c) => c.id === 'C3')?.user_decision,
        'acknowledged',
      );
    });

    test('the log records the run and never the key', async () => {
      const logs = await waitFor(() => {
        const dir = api.logFolder.fsPath;
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.log')) : [];
        const text = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
        return /run finished: (REVISE|PROCEED)/.test(text) && text;
      }, 'the run in the log file');
      assert.match(logs, /verifying .*plan\.md with Anthropic API \(http:\/\/127\.0\.0\.1:\d+\)/);
      assert.ok(!logs.includes(TEST_KEY), 'the key is not in the log');
    });

    test('exports the Markdown report', async () => {
      const target = vscode.Uri.joinPath(root, 'plan.verify-report.md');
      const written = await vscode.commands.executeCommand<vscode.Uri>('verifyPlan.exportReport', planUri, target);
      assert.equal(written?.toString(), target.toString());
      const text = fs.readFileSync(target.fsPath, 'utf8');
      assert.match(text, /C1/);
      assert.ok(!text.includes(TEST_KEY), 'the key never reaches a report');
    });
    test('cancelling a re-verify before it finds anything keeps the last verdict', async () => {
      server.setScript(hangingScript());
      const before = server.received.length;
      const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.reverify', planUri);
      await waitFor(() => server.received.slice(before).some((r) => r.role === 'challenger'), 'the challenger request');
      assert.equal(await vscode.commands.executeCommand('verifyPlan.cancel'), true);
      assert.equal((await running)?.verdict, 'CANCELLED');
      assert.equal(api.result(planUri.fsPath)?.runId, result.runId, 'the shown result is still the last real run');
      assert.deepEqual(
        ourDiagnostics(planUri)
          .map((d) => d.code)
          .sort(),
        ['C1', 'C3'],
      );
      await vscode.window.showTextDocument(doc, { preview: false });
      await waitFor(() => api.status().state.kind === 'verdict' && api.status().text.includes(`${result.verdict} · quality 6/10`), 'the last verdict in the status bar');
    });
  });

  cancelAndCheckpointSuite(() => ({ api, server, blockedUri }));

  userExperienceSuite(() => ({ api, server, blockedUri, key: TEST_KEY, root, planUri }));

  panelUserSuite(() => ({ api, key: TEST_KEY, root, planUri }));

  languageModelSuite();

  suite('without a key', () => {
    test('Clear API Key removes it: the next run does not start and sends nothing', async () => {
      await vscode.commands.executeCommand('verifyPlan.clearApiKey');
      const before = server.received.length;
      const result = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', planUri);
      assert.equal(result, undefined);
      assert.equal(server.received.length, before, 'no request without a key');
      assert.equal(api.status().state.kind === 'running', false);
    });
  });

  suite('finally', () => {
    test('plan.md keeps its verdict for the restore phase', async () => {
      const doc = await vscode.workspace.openTextDocument(planUri);
      await vscode.window.showTextDocument(doc, { preview: false });
      await waitFor(() => api.status().state.kind === 'verdict' && /REVISE|PROCEED/.test(api.status().text), 'plan.md verdict in the status bar');
      await vscode.commands.executeCommand('workbench.action.files.saveAll');
    });
  });
});
