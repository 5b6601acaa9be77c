/**
 * Phase "untrusted": the same workspace with Workspace Trust on and the
 * folder not trusted (restricted mode). Verify Plan must not run the agent
 * loop — no request reaches any model — while the restored verdict and the
 * static checks stay available.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunResult } from '../../src/core/run-types';
import { FakeAnthropicServer } from '../support/fake-anthropic';
import { activateExtension, waitFor } from './workbench';
import { mainScript } from './scripts';

suite('Verify Plan in an untrusted workspace', () => {
  let server: FakeAnthropicServer;

  suiteSetup(async () => {
    server = await FakeAnthropicServer.start({ script: mainScript() });
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('verifyPlan').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await server?.stop();
  });

  test('the workspace is in restricted mode', () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the launcher opens this phase untrusted');
  });

  test('Verify Plan refuses to run the agents and sends nothing', async () => {
    const api = await activateExtension();
    const config = vscode.workspace.getConfiguration('verifyPlan');
    // user-level, because restricted mode ignores a workspace's baseUrl; if the guard failed, the request would land here
    await config.update('baseUrl', server.baseURL, vscode.ConfigurationTarget.Global);
    assert.equal(await vscode.commands.executeCommand('verifyPlan.setApiKey', 'sk-ant-e2e-untrusted-0000'), true);
    const planUri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, '.claude', 'plans', 'plan.md');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(planUri), { preview: false });
    const result = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', planUri);
    assert.equal(result, undefined);
    assert.equal(server.received.length, 0, 'no model request from an untrusted workspace');
    await api.restored;
    await waitFor(() => api.status().state.kind === 'verdict', 'the restored verdict in the status bar');
  });
});
