import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { CliError } from '../../src/cli/exit-codes';
import { HookSettingsError } from '../../src/core/claude-code/hook-settings';
import { installHook, settingsScope, uninstallHook, withHook, withoutHook, type SettingsScope } from '../../src/core/claude-code/hook-settings';
import { MAX_SETTINGS_BYTES } from '../../src/core/claude-code/claude-dirs';
import { parseHookArgs } from '../../src/cli/hook';
import { launcherConfigFor, shellQuote } from '../../src/core/claude-code/hook-launcher';
import { spawnSync } from 'node:child_process';

const COMMAND = "ELECTRON_RUN_AS_NODE=1 '/usr/bin/node' '/home/u/.local/share/verify-plan/hook-launcher.cjs' hook claude-code";
const OTHERS = {
  model: 'opus',
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'check-bash.sh' }] }],
    PermissionRequest: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'approve-bash.sh' }] }],
    PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'prettier --write', timeout: 30 }] }],
  },
};
const ENTRY = { matcher: 'ExitPlanMode', hooks: [{ type: 'command', command: COMMAND, timeout: 600 }] };

describe('hook install / uninstall', () => {
  let dir: string;
  let scope: SettingsScope;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-hook-'));
    scope = settingsScope(dir, { HOME: path.join(dir, 'home') }, false);
    file = scope.file;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (target: string, text: string) => {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  };

  it('the project scope writes .claude/settings.local.json (personal: the command holds a path into this user folder); --user writes the user settings', () => {
    assert.equal(file, path.join(dir, '.claude', 'settings.local.json'));
    assert.equal(settingsScope(dir, { HOME: '/home/u' }, true).file, '/home/u/.claude/settings.json');
    assert.equal(settingsScope(dir, { HOME: '/home/u', CLAUDE_CONFIG_DIR: '/etc/cc' }, true).file, '/etc/cc/settings.json');
    assert.throws(() => settingsScope(dir, {}, true), HookSettingsError);
  });

  it('round trip on PermissionRequest (the default) keeps other hooks and keys; install is idempotent; uninstall removes only ours', async () => {
    write(file, JSON.stringify(OTHERS));
    assert.equal((await installHook(scope, COMMAND)).outcome, 'installed');
    const installed = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(installed.hooks.PermissionRequest, [OTHERS.hooks.PermissionRequest[0], ENTRY]);
    assert.deepEqual(installed.hooks.PreToolUse, OTHERS.hooks.PreToolUse);
    assert.deepEqual(installed.hooks.PostToolUse, OTHERS.hooks.PostToolUse);
    assert.equal((await installHook(scope, COMMAND)).outcome, 'already installed');
    assert.equal((await uninstallHook(scope)).outcome, 'removed');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), OTHERS);
    assert.equal((await uninstallHook(scope)).outcome, 'not installed');
  });

  it('--event pre-tool-use keeps PreToolUse; installing the other event moves the entry; uninstall removes either', async () => {
    await installHook(scope, COMMAND, 'PreToolUse');
    let settings = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(settings.hooks, { PreToolUse: [ENTRY] });
    await installHook(scope, COMMAND, 'PermissionRequest');
    settings = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(settings.hooks, { PermissionRequest: [ENTRY] });
    assert.equal((await uninstallHook(scope)).outcome, 'removed');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { hooks: {} });
  });

  it('uninstall also removes an entry an older version wrote (npx, PreToolUse, .claude/settings.json)', async () => {
    const legacy = path.join(dir, '.claude', 'settings.json');
    const old = { hooks: { PreToolUse: [{ matcher: 'ExitPlanMode', hooks: [{ type: 'command', command: 'npx --no-install verify-plan hook claude-code', timeout: 600 }] }] } };
    write(legacy, JSON.stringify(old));
    const result = await uninstallHook(scope);
    assert.deepEqual(result, { outcome: 'removed', files: [legacy] });
    assert.deepEqual(JSON.parse(readFileSync(legacy, 'utf8')), { hooks: {} });
  });

  it('a linked settings file is written through to its target; the link stays a link', async () => {
    const dotfiles = path.join(dir, 'dotfiles', 'claude-settings.json');
    write(dotfiles, JSON.stringify({ model: 'opus' }));
    const userScope = settingsScope(dir, { HOME: path.join(dir, 'home') }, true);
    mkdirSync(path.dirname(userScope.file), { recursive: true });
    symlinkSync(dotfiles, userScope.file);
    const result = await installHook(userScope, COMMAND);
    assert.equal(result.file, dotfiles);
    assert.ok(lstatSync(userScope.file).isSymbolicLink());
    assert.equal(readlinkSync(userScope.file), dotfiles);
    assert.deepEqual(JSON.parse(readFileSync(dotfiles, 'utf8')), { model: 'opus', hooks: { PermissionRequest: [ENTRY] } });
    await uninstallHook(userScope);
    assert.ok(lstatSync(userScope.file).isSymbolicLink());
    assert.deepEqual(JSON.parse(readFileSync(dotfiles, 'utf8')), { model: 'opus', hooks: {} });
  });

  it('refused, nothing changed: a link to /dev/zero, a dangling link, a project link out of the project, a linked .claude folder, a file over the size cap', async () => {
    const userScope = settingsScope(dir, { HOME: path.join(dir, 'home') }, true);
    mkdirSync(path.dirname(userScope.file), { recursive: true });
    symlinkSync('/dev/zero', userScope.file);
    const started = Date.now();
    await assert.rejects(
      installHook(userScope, COMMAND),
      (e: unknown) => e instanceof HookSettingsError && /nothing was changed/.test(e.message) && /not a regular file/.test(e.message),
    );
    assert.ok(Date.now() - started < 2000, 'no unbounded read');
    mkdirSync(path.dirname(file), { recursive: true });
    symlinkSync('/dev/zero', file);
    await assert.rejects(installHook(scope, COMMAND), /symbolic link out of the project \(to \/dev\/zero\)/);
    rmSync(file);
    symlinkSync(path.join(dir, 'missing.json'), file);
    await assert.rejects(installHook(scope, COMMAND), /does not exist; fix the link first/);
    rmSync(file);
    const outside = mkdtempSync(path.join(tmpdir(), 'vp-outside-'));
    try {
      writeFileSync(path.join(outside, 'x.json'), '{}');
      symlinkSync(path.join(outside, 'x.json'), file);
      await assert.rejects(installHook(scope, COMMAND), /symbolic link out of the project/);
      assert.equal(readFileSync(path.join(outside, 'x.json'), 'utf8'), '{}');
      rmSync(file);
      rmSync(path.dirname(file), { recursive: true });
      symlinkSync(outside, path.dirname(file));
      await assert.rejects(installHook(scope, COMMAND), /symbolic link on its path/);
      assert.deepEqual(readFileSync(path.join(outside, 'x.json'), 'utf8'), '{}', 'nothing written through a linked .claude folder');
      rmSync(path.dirname(file));
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    write(file, `{"pad": "${'x'.repeat(MAX_SETTINGS_BYTES)}"}`);
    await assert.rejects(installHook(scope, COMMAND), /over the .*-byte limit; nothing was changed/);
  });

  it('creates .claude/settings.local.json when missing', async () => {
    assert.equal((await installHook(scope, COMMAND)).outcome, 'installed');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { hooks: { PermissionRequest: [ENTRY] } });
  });

  it('a malformed settings file is a clear error and stays byte for byte as it was', async () => {
    for (const text of ['{"hooks": ', '[1,2]', '{"hooks": []}', '{"hooks": {"PreToolUse": {}}}', '{"hooks": {"PermissionRequest": 3}}']) {
      write(file, text);
      await assert.rejects(
        installHook(scope, COMMAND),
        (e: unknown) => (e instanceof HookSettingsError && e.message.includes('nothing was changed')) || (e instanceof HookSettingsError && /not valid JSON/.test(e.message)),
      );
      await assert.rejects(uninstallHook(scope), HookSettingsError);
      assert.equal(readFileSync(file, 'utf8'), text);
    }
  });

  it('property: install then uninstall is the identity on settings without our hook, for either event', () => {
    const handler = fc.record({ type: fc.constant('command'), command: fc.stringMatching(/^[a-z ./-]{1,20}$/) });
    const group = fc.record({ matcher: fc.stringMatching(/^[A-Za-z|]{1,12}$/), hooks: fc.array(handler, { minLength: 1, maxLength: 3 }) });
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 1, maxLength: 4 }),
        fc.array(group, { maxLength: 3 }),
        fc.constantFrom('PreToolUse' as const, 'PermissionRequest' as const),
        (pre, perm, event) => {
          const settings = { hooks: { PreToolUse: pre, ...(perm.length > 0 ? { PermissionRequest: perm } : {}) } };
          const once = withHook(settings, COMMAND, event);
          assert.deepEqual(withHook(once, COMMAND, event), once);
          assert.deepEqual(withoutHook(once), settings);
        },
      ),
    );
  });
});

describe('hook install arguments and the launcher', () => {
  it('install defaults to PermissionRequest; --event pre-tool-use keeps PreToolUse; a bad event or --event elsewhere is a usage error', () => {
    assert.deepEqual(parseHookArgs(['install']), { command: 'install', user: false, event: 'PermissionRequest' });
    assert.deepEqual(parseHookArgs(['install', '--user', '--event', 'pre-tool-use']), { command: 'install', user: true, event: 'PreToolUse' });
    assert.throws(() => parseHookArgs(['install', '--event', 'stop']), /--event must be permission-request or pre-tool-use/);
    assert.throws(() => parseHookArgs(['uninstall', '--event', 'pre-tool-use']), CliError);
  });

  it('a CLI inside an editor extension folder is found again by version after an update; any other path is kept as is', () => {
    assert.deepEqual(launcherConfigFor('/h/.vscode/extensions/verify-plan.verify-plan-1.2.3/dist/cli.js'), {
      cli: '/h/.vscode/extensions/verify-plan.verify-plan-1.2.3/dist/cli.js',
      extensions: { dir: '/h/.vscode/extensions', id: 'verify-plan.verify-plan' },
    });
    assert.deepEqual(launcherConfigFor('/usr/lib/node_modules/verify-plan/dist/cli.js'), { cli: '/usr/lib/node_modules/verify-plan/dist/cli.js' });
  });

  it('property: shellQuote gives the shell back the exact path, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (text) => {
        const r = spawnSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' });
        assert.equal(r.stdout, text);
      }),
      { numRuns: 40 },
    );
  });
});
