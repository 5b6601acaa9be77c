/**
 * Which evidence references the panel may show as links
 * (src/extension/evidence-targets.ts): only a workspace file that exists,
 * inside a workspace folder with no link below it, and — when a line is
 * cited — long enough to have that line. Real files in a temporary folder.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvableEvidence, resolveEvidence } from '../../src/extension/evidence-targets';
import { challengeFixture } from '../support/run-result-fixture';

describe('extension: evidence links only to real locations', () => {
  let root: string;
  let outside: string;
  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'vp-evidence-'));
    outside = mkdtempSync(path.join(tmpdir(), 'vp-outside-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'retry.ts'), 'line 1\nline 2\nline 3\n');
    writeFileSync(path.join(outside, 'secret.ts'), 'a\nb\n');
    symlinkSync(outside, path.join(root, 'linked'));
  });
  after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const cases: [string, { path?: string; line?: number }, boolean][] = [
    ['an existing file', { path: 'src/retry.ts' }, true],
    ['an existing line', { path: 'src/retry.ts', line: 3 }, true],
    ['a line past the end (the final newline ends line 3)', { path: 'src/retry.ts', line: 4 }, false],
    ['a file that does not exist', { path: 'src/missing.ts', line: 1 }, false],
    ['a folder', { path: 'src' }, false],
    ['a parent segment', { path: '../x/secret.ts' }, false],
    ['an absolute path', { path: '/etc/hostname' }, false],
    ['a file reached through a link below the root', { path: 'linked/secret.ts', line: 1 }, false],
    ['a URL', { path: 'https://example.com/docs' }, false],
    ['no path (a doc, a commit)', {}, false],
  ];
  for (const [what, ref, resolves] of cases) {
    it(`${what}: ${resolves ? 'a link' : 'plain text'}`, async () => {
      const target = await resolveEvidence([root], ref);
      assert.equal(target !== null, resolves, JSON.stringify(target));
      if (target) assert.equal(target.file, path.join(root, ...ref.path!.split('/')));
    });
  }

  it('keys the resolvable references of a run once each, across workspace folders', async () => {
    const second = mkdtempSync(path.join(tmpdir(), 'vp-evidence-2-'));
    try {
      writeFileSync(path.join(second, 'notes.md'), 'one\n');
      const evidence = (p: string | undefined, line?: number) => ({
        source: p ?? 'docs',
        ...(p ? { path: p } : {}),
        ...(line ? { line } : {}),
        finding: 'f',
        impact: 'i',
        checked: 'verified' as const,
      });
      const challenges = [
        challengeFixture({ id: 'C1', evidence: [evidence('src/retry.ts', 2), evidence('src/retry.ts', 9), evidence(undefined)] }),
        challengeFixture({ id: 'C2', evidence: [evidence('src/retry.ts', 2), evidence('notes.md', 1)] }),
      ];
      assert.deepEqual((await resolvableEvidence([root, second], challenges)).sort(), ['notes.md:1', 'src/retry.ts:2']);
    } finally {
      rmSync(second, { recursive: true, force: true });
    }
  });
});
