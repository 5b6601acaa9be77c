import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { CliError } from '../../src/cli/exit-codes';
import { HOOK_COMMAND, installHook, uninstallHook, withHook, withoutHook } from '../../src/cli/hook/settings';
import { denialReason } from '../../src/cli/hook/decision';
import { challengeFingerprint } from '../../src/core/fingerprint';
import type { Challenge } from '../../src/core/protocol';

const OTHERS = {
  model: 'opus',
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'check-bash.sh' }] }],
    PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'prettier --write', timeout: 30 }] }],
  },
};

describe('hook install / uninstall', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-hook-'));
    file = path.join(dir, '.claude', 'settings.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('round trip keeps other hooks and keys; install is idempotent; uninstall removes only ours', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(OTHERS));
    assert.equal(await installHook(file), 'installed');
    const installed = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(installed.hooks.PreToolUse[0], OTHERS.hooks.PreToolUse[0]);
    assert.deepEqual(installed.hooks.PreToolUse[1], { matcher: 'ExitPlanMode', hooks: [{ type: 'command', command: HOOK_COMMAND, timeout: 600 }] });
    assert.deepEqual(installed.hooks.PostToolUse, OTHERS.hooks.PostToolUse);
    assert.equal(await installHook(file), 'already installed');
    assert.equal(await uninstallHook(file), 'removed');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), OTHERS);
    assert.equal(await uninstallHook(file), 'not installed');
  });

  it('creates .claude/settings.json when missing', async () => {
    assert.equal(await installHook(file), 'installed');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse.length, 1);
  });

  it('a malformed settings file is a clear error and stays byte for byte as it was', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    for (const text of ['{"hooks": ', '[1,2]', '{"hooks": []}', '{"hooks": {"PreToolUse": {}}}']) {
      writeFileSync(file, text);
      await assert.rejects(
        installHook(file),
        (e: unknown) => (e instanceof CliError && e.message.includes('nothing was changed')) || (e instanceof CliError && /not valid JSON/.test(e.message)),
      );
      await assert.rejects(uninstallHook(file), CliError);
      assert.equal(readFileSync(file, 'utf8'), text);
    }
  });

  it('property: install then uninstall is the identity on settings without our hook', () => {
    const handler = fc.record({ type: fc.constant('command'), command: fc.stringMatching(/^[a-z ./-]{1,20}$/) });
    const group = fc.record({ matcher: fc.stringMatching(/^[A-Za-z|]{1,12}$/), hooks: fc.array(handler, { minLength: 1, maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), (pre) => {
        const settings = { hooks: { PreToolUse: pre } };
        const once = withHook(settings);
        assert.deepEqual(withHook(once), once);
        assert.deepEqual(withoutHook(once), settings);
      }),
    );
  });
});

describe('hook denial reason', () => {
  const c = (id: string, severity: Challenge['severity'], status: Challenge['status'] = 'UNRESOLVED') =>
    ({ id, severity, status, quote: `quote ${id}`, concern: `concern ${id}`, alternative: `alternative ${id}` }) as Challenge;

  it('lists open challenges most severe first, leaves settled ones out, marks new/still open, stays within the limit', () => {
    const challenges = [c('C1', 'MINOR'), c('C2', 'BLOCKING'), c('C3', 'SIGNIFICANT', 'RESOLVED'), c('C4', 'SIGNIFICANT', 'OPEN')];
    const changes = new Map([[challengeFingerprint(challenges[1]!), 'still open' as const]]);
    const reason = denialReason('RETHINK', challenges, changes);
    assert.ok(reason.indexOf('C2') < reason.indexOf('C4') && reason.indexOf('C4') < reason.indexOf('C1'));
    assert.ok(!reason.includes('C3'));
    assert.match(reason, /\[BLOCKING, still open\] C2\nPlan says: "quote C2"\nConcern: concern C2\nAlternative: alternative C2/);
    const many = Array.from({ length: 200 }, (_, i) => c(`C${i}`, 'SIGNIFICANT'));
    const short = denialReason('REVISE', many, new Map(), 2000);
    assert.ok(short.length <= 2000, String(short.length));
    assert.match(short, /more not shown/);
  });
});
