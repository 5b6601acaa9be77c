/**
 * Phase "run": Verify Plan end to end in a real VS Code against the fake
 * Anthropic API (real HTTP on 127.0.0.1, the real SDK). Asserts what the user
 * sees: diagnostics, CodeLens, hover, quick fixes, status bar, cancel, the
 * BLOCKED checkpoint, re-anchoring on edits. Phase "restore" (restore.test.ts)
 * then checks the same plan after a fresh window.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunResult } from '../../src/core/run-types';
import type { VerifyPlanApi } from '../../src/extension/extension';
import { presentStatus } from '../../src/extension/status-model';
import { chooseLanguageModels, toLmMessages } from '../../src/extension/lm-provider';
import type { ModelRequest } from '../../src/core/llm/provider';
import { FakeAnthropicServer } from '../support/fake-anthropic';
import { activateExtension, click, domTexts, hasControl, nextEvent, ourDiagnostics, press, screenshot, typeText, waitFor, waitForLenses, useFakeApi } from './helpers';
import { BLOCKED_QUOTE, MAIN_LINES, blockedScript, hangingScript, mainScript } from './scripts';

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
      assert.equal(path.basename(c1.relatedInformation[0]!.location.uri.fsPath), 'gateway.ts');
      assert.equal(c1.relatedInformation[0]!.location.range.start.line, 1);
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

    test('hover shows claim, failure scenario, alternative and history', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', planUri, new vscode.Position(MAIN_LINES.c1, 60));
      const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      assert.match(text, /C1 · SIGNIFICANT · UNRESOLVED/);
      assert.match(text, /\*\*Failure scenario:\*\* With 4 gateway instances/);
      assert.match(text, /\*\*Alternative:\*\*/);
      assert.match(text, /Status history/);
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
      assert.equal(status.text, `$(warning) ${result.verdict} 6/10`);
      if (hasControl()) {
        const items = await waitFor(async () => {
          const t = await domTexts('.statusbar-item');
          return t.some((x) => x.includes(`${result.verdict} 6/10`)) && t;
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
          return t.some((x) => x.includes('C1 · SIGNIFICANT')) && t.some((x) => x.includes(`${result.verdict} 6/10`)) && t;
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
      await waitFor(() => api.status().state.kind === 'verdict' && api.status().text.includes(`${result.verdict} 6/10`), 'the last verdict in the status bar');
    });
  });

  suite('cancel and the BLOCKED checkpoint on blocked.md', () => {
    test('Cancel aborts the request in flight and ends the run as CANCELLED', async () => {
      server.setScript(hangingScript());
      const doc = await vscode.workspace.openTextDocument(blockedUri);
      await vscode.window.showTextDocument(doc, { preview: false });
      const before = server.received.length;
      const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', blockedUri);
      await waitFor(() => server.received.slice(before).some((r) => r.role === 'challenger'), 'the challenger request');
      await waitFor(() => /^\$\(sync~spin\) Verify Plan: iteration 1$/.test(api.status().text), `the running status (is: ${api.status().text})`);
      assert.equal(await vscode.commands.executeCommand('verifyPlan.cancel'), true);
      const result = await running;
      assert.equal(result?.verdict, 'CANCELLED');
      assert.equal(result?.partial, true);
      await waitFor(
        () =>
          server.received
            .slice(before)
            .filter((r) => r.role === 'challenger')
            .every((r) => r.aborted),
        'the hanging request to be aborted',
      );
      await waitFor(() => api.status().state.kind === 'verdict' && /CANCELLED/.test(api.status().text), 'CANCELLED in the status bar');
    });

    test('BLOCKED: the QuickPick offers the four options and the answer reaches the next iteration', async function () {
      if (!hasControl()) this.skip(); // answering the QuickPick needs real key presses from the launcher
      const config = vscode.workspace.getConfiguration('verifyPlan');
      await config.update('maxIterations', 2, vscode.ConfigurationTarget.Workspace);
      try {
        server.setScript(blockedScript());
        await vscode.commands.executeCommand('notifications.clearAll'); // the workbench shows at most three toasts
        const before = server.received.length;
        const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', blockedUri);
        const options = await waitFor(
          async () => {
            const rows = await domTexts('.quick-input-widget .monaco-list-row');
            return rows.length >= 4 && rows;
          },
          'the checkpoint QuickPick',
          30_000,
          100,
        );
        const labels = options.map((o) => o.split('\n')[0]!.trim());
        assert.deepEqual(labels.slice(0, 4), ['Provide context', 'Acknowledge risk', 'Override', 'Abort']);
        await waitFor(async () => /C1 is BLOCKING/.test((await domTexts('.quick-input-widget .quick-input-title')).join(' ')), 'the checkpoint title naming C1', 10_000, 100);
        // The progress notification carries the seed's iteration message and a Cancel button while the run
        // waits. The workbench does not always pop a progress toast (focus, toast limits), so fall back to
        // the notification center, which lists every notification.
        // The iteration message shows first and "waiting for you" is added when the checkpoint opens: wait for both.
        const findToast = async (selector: string) =>
          (await domTexts(selector)).find((x) => x.includes('Iteration 1: 0 resolved, 1 remaining') && /waiting for you: C1 is BLOCKING/.test(x));
        let toast = await waitFor(() => findToast('.notifications-toasts .notification-list-item'), 'the progress toast', 3_000, 100).catch(() => undefined);
        if (!toast) {
          console.log('    (no progress toast popped; reading the notification center)');
          await vscode.commands.executeCommand('notifications.showList');
          toast = await waitFor(() => findToast('.notifications-center .notification-list-item'), 'the progress notification', 10_000, 100);
          await vscode.commands.executeCommand('notifications.hideList');
          await click('.quick-input-widget .quick-input-box input'); // give the checkpoint its keyboard focus back
        }
        assert.match(toast, /waiting for you: C1 is BLOCKING/);
        assert.match(toast, /Cancel/);
        await press('Enter'); // the first option: provide context
        await waitFor(
          async () => (await domTexts('.quick-input-widget .quick-input-message, .quick-input-widget .quick-input-title')).join(' ').includes('context for C1'),
          'the context input box',
          10_000,
          100,
        );
        const answer = 'Only the gateway uses sticky sessions';
        await typeText(answer);
        await press('Enter');
        const result = await running;
        assert.ok(result, 'the run finished');
        const later = server.received.slice(before).filter((r) => r.role === 'synthesizer');
        assert.equal(later.length, 2, 'two syntheses: before and after the checkpoint');
        assert.ok(JSON.stringify(later[1]!.body).includes(answer), 'the user answer is in the second synthesis request');
        assert.ok(!JSON.stringify(later[0]!.body).includes(answer));
        const final = result.iterations.at(-1)!;
        assert.ok(
          final.user_responses.some((r) => r.action === 'provide_context' && r.text === answer) || result.iterations.some((it) => it.user_responses.some((r) => r.text === answer)),
        );
        assert.equal(final.challenges.find((c) => c.quote === BLOCKED_QUOTE)?.status, 'RESOLVED');
      } finally {
        await config.update('maxIterations', 1, vscode.ConfigurationTarget.Workspace);
      }
    });
  });

  suite('the editor language-model provider (vscode.lm)', () => {
    const request: ModelRequest = {
      role: 'resolver',
      model: 'claude-sonnet-4-6',
      system: [
        { type: 'text', text: 'shared prefix', cache: true },
        { type: 'text', text: '[verify-plan role: resolver]' },
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Resolve U1' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Reading.' },
            { type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'src/auth.ts' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'refused', is_error: true }] },
      ],
      tools: [],
      maxTokens: 1000,
    };

    test('maps system, text, tool calls and tool results onto the real vscode.lm classes', () => {
      const out = toLmMessages(request);
      assert.equal(out.length, 4);
      assert.equal(out[0]!.role, vscode.LanguageModelChatMessageRole.User, 'no system role in the API: the system text leads as a user message');
      assert.match((out[0]!.content[0] as vscode.LanguageModelTextPart).value, /shared prefix\n\n\[verify-plan role: resolver\]/);
      const call = out[2]!.content.find((p) => p instanceof vscode.LanguageModelToolCallPart) as vscode.LanguageModelToolCallPart;
      assert.deepEqual([call.callId, call.name, call.input], ['t1', 'read_file', { path: 'src/auth.ts' }]);
      const result = out[3]!.content[0] as vscode.LanguageModelToolResultPart;
      assert.ok(result instanceof vscode.LanguageModelToolResultPart);
      assert.equal((result.content[0] as vscode.LanguageModelTextPart).value, 'ERROR: refused');
    });

    test('with no editor models, choosing them fails with a clear message before any request (no crash)', async () => {
      const models = await vscode.lm.selectChatModels();
      if (models.length > 0) return; // a host with a chat extension: nothing to check here
      const setup = await chooseLanguageModels({ vendor: '', family: '' }, ['claude-opus-5-5']);
      assert.ok(!setup.ok);
      assert.match(setup.message, /offers no language models/);
    });

    test('a vendor no editor model has is refused through the real selectChatModels, naming the selector', async () => {
      const setup = await chooseLanguageModels({ vendor: 'no-such-vendor', family: '' }, ['claude-opus-5-5']);
      assert.ok(!setup.ok, 'never another vendor instead');
      const models = await vscode.lm.selectChatModels();
      assert.match(setup.message, models.length > 0 ? /vendor "no-such-vendor"/ : /offers no language models/);
    });
  });

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
