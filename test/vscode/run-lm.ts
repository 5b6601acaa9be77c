/**
 * Phase "run": the editor language-model provider (vscode.lm) against the real
 * vscode.lm classes and selectChatModels of the host. Needs nothing from the
 * run phase's setup; run.test.ts registers it inside its suite to keep the
 * phase's order.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ModelRequest } from '../../src/core/llm/provider';
import { chooseLanguageModels, toLmMessages } from '../../src/extension/lm-provider';

export function languageModelSuite(): void {
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
}
