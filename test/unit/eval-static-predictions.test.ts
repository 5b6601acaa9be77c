/**
 * The eval's static predictions resolve paths with the shared workspace index
 * (src/core/file-index.ts), like the language server and the CLI: relative to
 * the plan's folder, bare names that exist once, gitignored paths "cannot
 * tell"; only a path no reader can find is predicted missing.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staticPredictions } from '../../src/core/eval/predictions';

describe('eval: static predictions use the workspace index', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'vp-eval-static-'));
    for (const f of ['docs/plans/spec.md', 'src/audio/mixer.rs', 'secrets/key.pem']) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), '');
    }
    writeFileSync(path.join(root, '.gitignore'), 'secrets/\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a link relative to the plan, a unique bare name and a gitignored file are not missing; a wrong path is', async () => {
    const planText = ['# Plan', '', 'See [the spec](./spec.md), edit `mixer.rs`, rotate `secrets/key.pem`.', '', '- [x] Updated `src/audio/mixr.rs`.', ''].join('\n');
    const planFsPath = path.join(root, 'docs/plans/plan.md');
    const missing = (await staticPredictions(planText, root, planFsPath)).filter((p) => p.claim.startsWith('missing-file'));
    assert.equal(missing.length, 1, JSON.stringify(missing));
    assert.match(missing[0]?.claim ?? '', /src\/audio\/mixr\.rs/);
  });

  it('a symbol finding counts for the missing file-or-symbol category, as a missing path does', async () => {
    mkdirSync(path.join(root, 'src/flags'), { recursive: true });
    writeFileSync(path.join(root, 'src/flags/index.ts'), 'export function isEnabled(flag: string): boolean {\n  return flag !== "";\n}\n');
    const planText = ['# Plan', '', '1. Wrap `getFlag()` in `src/flags/client.ts` with a cache.', ''].join('\n');
    const predictions = await staticPredictions(planText, root, path.join(root, 'docs/plans/plan.md'));
    assert.deepEqual(
      predictions.map((p) => [p.claim.slice(0, p.claim.indexOf(':')), p.category, p.lines]),
      [
        ['unknown-symbol', 'missing-file-or-symbol', [3, 3]],
        ['missing-file', 'missing-file-or-symbol', [3, 3]],
      ],
    );
  });
});
