/**
 * Bundle and package sizes, measured on a production build made in a
 * temporary directory: esbuild.mjs --production with the repository's
 * sources (symlinked), then `vsce package` with scripts/check-vsix.mjs's flags. The shared dist/ that other
 * suites run from is never touched.
 */
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SizeFigures {
  bundles: { name: string; bytes: number | null }[];
  vsix: { bytes: number | null; problem: string | null };
  problem: string | null;
}

const BUNDLES = ['extension.js', 'server.js', 'cli.js', 'webview.js'];
const LINKED = ['src', 'webview-ui', 'node_modules', 'tsconfig.json', 'tsconfig.base.json'];
/** As scripts/check-vsix.mjs packages: no repository URL yet, so README links stay as written. */
const LINK_FLAGS = ['--no-rewrite-relative-links'];
/** Copied, not linked: vsce does not follow symlinks. */
const COPIED = ['media', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore'];

function run(cmd: string, args: string[], cwd: string): string | null {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (r.status === 0) return null;
  const output = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ');
  return `${path.basename(cmd)} failed (${r.status ?? r.signal}): ${output.slice(0, 300)}`;
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

export async function measureSizes(repoRoot: string): Promise<SizeFigures> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-bench-size-'));
  try {
    for (const name of LINKED) if (await exists(path.join(repoRoot, name))) await fs.symlink(path.join(repoRoot, name), path.join(tmp, name));
    for (const name of COPIED) if (await exists(path.join(repoRoot, name))) await fs.cp(path.join(repoRoot, name), path.join(tmp, name), { recursive: true });
    const buildProblem = run(process.execPath, [path.join(repoRoot, 'esbuild.mjs'), '--production'], tmp);
    // The expected bundles (null when missing) plus any other bundle the build script makes (e.g. a lazily loaded engine).
    const built = await fs.readdir(path.join(tmp, 'dist')).then(
      (names) => names.filter((n) => n.endsWith('.js')),
      () => [] as string[],
    );
    const names = [...BUNDLES, ...built.filter((n) => !BUNDLES.includes(n)).sort()];
    const bundles = await Promise.all(
      names.map(async (name) => ({
        name,
        bytes: await fs.stat(path.join(tmp, 'dist', name)).then(
          (s) => s.size,
          () => null,
        ),
      })),
    );
    let vsix: SizeFigures['vsix'] = { bytes: null, problem: 'not packaged: the production build failed' };
    if (!buildProblem) {
      const out = path.join(tmp, 'bench.vsix');
      const problem = run(path.join(repoRoot, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', ...LINK_FLAGS, '--out', out], tmp);
      const bytes = await fs.stat(out).then(
        (s) => s.size,
        () => null,
      );
      vsix = { bytes, problem: bytes === null ? (problem ?? 'vsce produced no package') : null };
    }
    return { bundles, vsix, problem: buildProblem };
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
