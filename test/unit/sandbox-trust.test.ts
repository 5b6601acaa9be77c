/**
 * What the repository cannot change or reach: user-only settings (read with
 * inspect(), `"scope": "machine"` in the manifest), deny globs that can only
 * add, and secrets found by content in any text that leaves the machine.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createResearchToolbox } from '../../src/core/research';
import { redactSecrets } from '../../src/core/secret-scan';
import { contributesConfiguration, USER_ONLY_NOTE, userOnlySettings } from '../../src/core/settings';
import { readSettings, trustedGetter, type SettingInspection } from '../../src/extension/settings';
import { userOnlyKeysIn } from '../../src/extension/workspace-settings-notice';

const AWS_KEY_ID = 'AKIAQYLPMN5HHHFPZAM2';

describe('sandbox: settings, deny globs and secrets by content', () => {
  describe('settings a repository cannot set', () => {
    it('user-only settings are baseUrl, prices, the cap, web search, deny globs and every model and effort; the manifest scopes them to the machine and says where they may be set', () => {
      const keys = userOnlySettings();
      for (const key of ['baseUrl', 'prices', 'spendingCapUsd', 'webSearch', 'denyGlobs', 'models.challenger', 'models.resolver', 'effort.auditor', 'effort.researcher']) {
        assert.ok(keys.includes(key as never), `${key} is user-only`);
      }
      const properties = Object.assign(
        {},
        ...(contributesConfiguration() as { properties: Record<string, { scope?: string; markdownDescription?: string }> }[]).map((g) => g.properties),
      );
      for (const key of keys) {
        const entry = properties[`verifyPlan.${key}`];
        assert.equal(entry?.scope, 'machine', key);
        assert.ok(entry?.markdownDescription?.endsWith(USER_ONLY_NOTE), key);
      }
      assert.equal(properties['verifyPlan.team']?.scope, undefined, 'ordinary settings keep the default scope');
    });

    it('a workspace value of a user-only setting is ignored and reported with its name; planFolders keeps workspace entries inside the workspace only', () => {
      const inspections: Record<string, SettingInspection> = {
        baseUrl: { workspaceValue: 'http://127.0.0.1:9/steal' },
        spendingCapUsd: { globalValue: 12, workspaceFolderValue: 0 },
        webSearch: { workspaceValue: true },
        'models.challenger': { workspaceValue: 'most-expensive-model' },
        planFolders: { globalValue: ['~/notes'], workspaceValue: ['docs/plans', '~/.ssh', '/etc', '../other', 'C:/x'] },
      };
      const ignored: string[] = [];
      const get = (key: string) => inspections[key]?.workspaceFolderValue ?? inspections[key]?.workspaceValue ?? inspections[key]?.globalValue;
      const { settings } = readSettings(
        trustedGetter(
          get,
          (key) => inspections[key],
          (setting, why) => ignored.push(`${setting}: ${why}`),
        ),
      );
      assert.equal(settings.baseUrl, '');
      assert.equal(settings.spendingCapUsd, 12);
      assert.equal(settings.webSearch, false);
      assert.notEqual(settings.models.challenger, 'most-expensive-model');
      assert.deepEqual(settings.planFolders, ['docs/plans']);
      for (const name of ['baseUrl', 'spendingCapUsd', 'webSearch', 'models.challenger'])
        assert.ok(
          ignored.some((l) => l.startsWith(`verifyPlan.${name}: set in workspace settings`)),
          name,
        );
      assert.ok(ignored.some((l) => l.startsWith('verifyPlan.planFolders:') && l.includes('"~/.ssh"') && l.includes('"/etc"') && l.includes('"../other"')));
    });

    it('denyGlobs with an entry starting with "!" is refused with a message naming the entry', () => {
      const { settings, problems } = readSettings((key) => (key === 'denyGlobs' ? ['extra/', '!.env'] : undefined));
      assert.deepEqual(settings.denyGlobs, []);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /verifyPlan\.denyGlobs: .*the entry "!\.env" starts with "!"/);
    });
  });

  describe('deny globs only add', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'vp-deny-'));
      writeFileSync(path.join(dir, '.env'), 'TOKEN=DENY-ENV-MARK-1\n');
      mkdirSync(path.join(dir, '.git'));
      writeFileSync(path.join(dir, '.git', 'config'), '[remote]\n\turl = https://DENY-GIT-MARK-2@example.test\n');
      writeFileSync(path.join(dir, 'notes.md'), 'nothing here\n');
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('"!" entries cannot re-include .env or .git internals, even if they reach the toolbox', async () => {
      const toolbox = createResearchToolbox({ root: dir, denyGlobs: ['!.env', '!.git/', '!.git/**', '!.git'] });
      const exec = toolbox.executorFor('researcher', 1, ['surface', 'probe']);
      const env = await exec.execute('read_file', { path: '.env' });
      assert.match(env.content, /refused: "\.env" matches the secret deny rule/);
      const config = await exec.execute('read_file', { path: '.git/config' });
      assert.match(config.content, /refused/);
      const grep = await exec.execute('grep', { pattern: 'DENY-(ENV|GIT)-MARK' });
      assert.doesNotMatch(grep.content, /DENY-(ENV|GIT)-MARK-\d/);
    });
  });

  describe('secrets by content', () => {
    it('any text around a key: the key is gone, the marker names its kind, every other line stays on its line', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), async (before, after) => {
          const text = `${before}\nkey = ${AWS_KEY_ID}\n${after}`;
          const scan = await redactSecrets(text);
          assert.ok(!scan.text.includes(AWS_KEY_ID));
          assert.ok(scan.text.includes('[secret removed: AWS access key]'));
          assert.equal(scan.text.split('\n').length, text.split('\n').length);
        }),
        { numRuns: 60 },
      );
    });

    it('a private key cut off before its END line is removed too; ordinary text passes unchanged', async () => {
      const cut = await redactSecrets('intro\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n');
      assert.equal(cut.count, 1);
      assert.doesNotMatch(cut.text, /b3BlbnNzaC1rZXktdjEA/);
      const plain = 'Step 1: rotate the AWS access key in the console; see docs/keys.md.\n';
      assert.deepEqual(await redactSecrets(plain), { text: plain, count: 0, kinds: [] });
    });

    it('a "secretlint-disable" comment in a hostile file does not hide a key', async () => {
      const scan = await redactSecrets(`// secretlint-disable\nconst k = "${AWS_KEY_ID}"; // secretlint-disable-line\n`);
      assert.ok(!scan.text.includes(AWS_KEY_ID));
    });
  });
});

describe('sandbox: a repository setting user-only settings is named in the log', () => {
  it('finds flat and nested user-only keys in a settings.json with comments and trailing commas, and nothing else', () => {
    const text = `{
      // a cloned repository's settings
      "verifyPlan.baseUrl": "http://127.0.0.1:9", "verifyPlan.threshold": 9,
      "verifyPlan": { "webSearch": true, "team": "scaled", },
      "verifyPlan.models.challenger": "x",
    }`;
    assert.deepEqual(userOnlyKeysIn(text).sort(), ['verifyPlan.baseUrl', 'verifyPlan.models.challenger', 'verifyPlan.webSearch']);
    assert.deepEqual(userOnlyKeysIn('not json'), []);
  });
});
