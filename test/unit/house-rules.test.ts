import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (rel.endsWith('.ts')) out.push(rel);
  }
  return out;
}

describe('house rules', () => {
  it('only src/extension imports vscode (core, server, cli, shared and webview never do)', () => {
    const offenders = ['src/core', 'src/server', 'src/cli', 'src/shared', 'webview-ui']
      .flatMap(sources)
      .filter((f) => /from ['"]vscode['"]|require\(['"]vscode['"]\)/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it("imports zod as a namespace (the named { z } import drags every zod locale into the bundles)", () => {
    const offenders = ['src', 'webview-ui']
      .flatMap(sources)
      .filter((f) => /import \{ z \} from 'zod'/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
