/**
 * A temp copy of test/fixtures/workspace with the parts git cannot hold:
 * symlinks out of (and inside) the root, a .git folder, an oversized file.
 * Every secret in the fixture contains one of SECRET_MARKERS, so a test can
 * assert that no tool output ever carries one.
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const FIXTURE = path.resolve(__dirname, '../fixtures/workspace');
export const SECRET_MARKERS = [
  'FAKE-ENV-SECRET',
  'FAKE-PROD-SECRET',
  'FAKE-PRIVATE-KEY',
  'FAKE-CERTIFICATE',
  'FAKE-LOCAL-SECRET',
  'FAKE-SECRETS-DIR',
  'OUTSIDE-SECRET',
  'generated-file-content',
  'FAKE-GIT-CONFIG',
  'FAKE-BINARY',
  'BIG-FILE-LINE',
];

export interface TempWorkspace {
  root: string;
  outside: string;
  cleanup(): Promise<void>;
}

export async function makeWorkspace(): Promise<TempWorkspace> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-research-'));
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  await fs.cp(FIXTURE, root, { recursive: true });
  await fs.mkdir(outside);
  await fs.writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  await fs.symlink(path.join(outside, 'secret.txt'), path.join(root, 'link-out.txt'));
  await fs.symlink(outside, path.join(root, 'linked-dir-out'));
  await fs.symlink('../../outside/secret.txt', path.join(root, 'docs', 'relative-out.txt'));
  await fs.symlink(path.join(root, 'docs'), path.join(root, 'docs-link'));
  await fs.symlink('README.md', path.join(root, 'readme-link.md'));
  await fs.symlink('.env', path.join(root, 'env-link.txt'));
  await fs.symlink('secrets', path.join(root, 'vault'));
  await fs.mkdir(path.join(root, '.git'));
  await fs.writeFile(path.join(root, '.git', 'config'), '[remote "origin"]\n  url = https://FAKE-GIT-CONFIG@example.invalid/x.git\n');
  await fs.writeFile(path.join(root, 'big.txt'), 'BIG-FILE-LINE padding padding padding padding padding padding\n'.repeat(5000));
  await fs.mkdir(path.join(root, 'node_modules', 'dep'), { recursive: true });
  await fs.writeFile(path.join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = "pool";\n');
  return { root, outside, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}

export function assertNoSecret(text: string): void {
  for (const marker of SECRET_MARKERS) {
    if (text.includes(marker)) throw new Error(`tool output leaked "${marker}":\n${text.slice(0, 500)}`);
  }
}
