/** `verifyPlan.*` settings → EngineConfig, and plan discovery over a temp folder tree. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_EFFORT, DEFAULT_MODELS, DEFAULT_PRICES } from '../../src/core/config';
import { discoverNewestPlan, discoverPlans, isInPlanFolders } from '../../src/core/plan-discovery';
import { DEFAULT_PLAN_FOLDERS, DEFAULT_SETTINGS, readSettings, toEngineConfig } from '../../src/extension/settings';
import { validateApiKey } from '../../src/extension/api-key-rules';

describe('extension settings', () => {
  it('unset settings give the defaults and no problems', () => {
    const { settings, problems } = readSettings(() => undefined);
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.deepEqual(problems, []);
    const config = toEngineConfig(settings);
    assert.equal(config.maxIterations, 3);
    assert.equal(config.spendingCapUsd, 5);
    assert.deepEqual(config.models, DEFAULT_MODELS);
    // Judgement roles think hard, research roles at medium.
    assert.deepEqual(config.effort, {
      challenger: 'high',
      synthesizer: 'high',
      'devils-advocate': 'high',
      auditor: 'high',
      resolver: 'medium',
      researcher: 'medium',
      'domain-expert': 'medium',
    });
  });

  it('valid values flow into the engine config', () => {
    const raw: Record<string, unknown> = {
      team: 'scaled',
      threshold: 9,
      maxIterations: 2,
      spendingCapUsd: 0.5,
      baseUrl: ' http://127.0.0.1:8080 ',
      webSearch: true,
      denyGlobs: ['secrets/**'],
      'models.challenger': 'claude-haiku-4-5',
      'effort.researcher': 'low',
      prices: { 'claude-mythos-preview': { inputPerMTok: 10, outputPerMTok: 50 } },
      maxRetryWaitSeconds: 20,
    };
    const { settings, problems } = readSettings((k) => raw[k]);
    assert.deepEqual(problems, []);
    assert.equal(settings.baseUrl, 'http://127.0.0.1:8080');
    const config = toEngineConfig(settings);
    assert.equal(config.team, 'scaled');
    assert.equal(config.threshold, 9);
    assert.equal(config.maxIterations, 2);
    assert.equal(config.spendingCapUsd, 0.5);
    assert.equal(config.webSearch, true);
    assert.deepEqual(config.denyGlobs, ['secrets/**']);
    assert.equal(config.models.challenger, 'claude-haiku-4-5');
    assert.equal(config.models.synthesizer, DEFAULT_MODELS.synthesizer);
    assert.equal(config.effort.researcher, 'low');
    assert.equal(config.effort.auditor, DEFAULT_EFFORT.auditor);
    assert.deepEqual(config.prices['claude-mythos-preview'], { input: 10, output: 50, cacheRead: 0.1, cacheWrite: 1.25 });
    assert.deepEqual(config.prices['claude-opus-5-5'], DEFAULT_PRICES['claude-opus-5-5']);
    // The provider's retry-after bound (provider-choice.ts passes it on in milliseconds).
    assert.equal(settings.maxRetryWaitSeconds, 20);
  });

  it('bad values fall back to defaults and are reported, never thrown', () => {
    const raw: Record<string, unknown> = {
      threshold: 99,
      maxIterations: 'three',
      baseUrl: 'ftp://x',
      team: 'huge',
      planFolders: 'not-a-list',
      'models.resolver': 42,
      'effort.auditor': 'extreme',
      prices: { 'claude-x': { inputPerMTok: 'cheap', outputPerMTok: 1 } },
      maxRetryWaitSeconds: 3600,
    };
    const { settings, problems } = readSettings((k) => raw[k]);
    assert.equal(settings.threshold, 7);
    assert.equal(settings.maxIterations, 3);
    assert.equal(settings.baseUrl, '');
    assert.equal(settings.team, 'auto');
    assert.deepEqual(settings.planFolders, DEFAULT_PLAN_FOLDERS);
    assert.equal(settings.models.resolver, DEFAULT_MODELS.resolver);
    assert.equal(settings.effort.auditor, DEFAULT_EFFORT.auditor);
    assert.deepEqual(settings.prices, {});
    assert.equal(settings.maxRetryWaitSeconds, 60);
    assert.equal(problems.length, 9, problems.join('\n'));
    assert.ok(problems.every((p) => p.startsWith('verifyPlan.')));
  });

  it('API keys: empty, spaced or tiny values are refused with a reason', () => {
    assert.equal(validateApiKey('sk-ant-api03-abcdef'), undefined);
    assert.match(validateApiKey('  ') ?? '', /empty/);
    assert.match(validateApiKey('sk ant key long') ?? '', /spaces/);
    assert.match(validateApiKey('abc') ?? '', /short/);
  });
});

describe('plan discovery (seed 001 Step 1)', () => {
  let root: string;
  let home: string;
  const write = (rel: string, mtime: number, base = root) => {
    const p = path.join(base, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, `# ${rel}\n`);
    fs.utimesSync(p, mtime, mtime);
    return p;
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-discovery-'));
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-home-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('expands the default folders and picks the newest Markdown file', async () => {
    const older = write('.claude/plans/old.md', 1_000);
    write('.claude/plans/notes.txt', 9_000);
    const spec = write('specs/auth/plan.md', 2_000);
    write('specs/auth/other.md', 8_000); // only plan.md counts under specs/*/
    const kiro = write('.kiro/specs/billing/tasks.md', 3_000);
    const homePlan = write('.claude/plans/home.md', 4_000, home);
    const input = { roots: [root], folders: DEFAULT_PLAN_FOLDERS, homeDir: home };
    const all = await discoverPlans(input);
    assert.deepEqual(
      all.map((c) => c.path),
      [homePlan, kiro, spec, older],
    );
    assert.deepEqual(await discoverNewestPlan(input), { path: homePlan, root: home });
    assert.equal(await isInPlanFolders(spec, input), true);
    assert.equal(await isInPlanFolders(path.join(root, 'specs/auth/other.md'), input), false);
  });

  it('says where it looked when there is no plan', async () => {
    const found = await discoverNewestPlan({ roots: [root], folders: ['.claude/plans'], homeDir: home });
    assert.equal(found.path, null);
    assert.match('message' in found ? found.message : '', /No plan files found in `\.claude\/plans`/);
  });

  it('refuses ** and .. so an entry cannot walk the disk or climb out', async () => {
    write('deep/a/b/plan.md', 5_000);
    write('outside.md', 5_000, path.dirname(root));
    const input = { roots: [root], folders: ['**/plans', 'deep/**', '../'], homeDir: home };
    assert.deepEqual(await discoverPlans(input), []);
    fs.rmSync(path.join(path.dirname(root), 'outside.md'), { force: true });
  });

  it('unreadable or missing folders are skipped, not thrown', async () => {
    const input = { roots: [path.join(root, 'missing')], folders: ['.claude/plans', 'specs/*/plan.md'], homeDir: path.join(home, 'nope') };
    assert.deepEqual(await discoverPlans(input), []);
  });
});
