import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { HOUSE_WORDS, houseWordHits, isOtherPeoplesText } from '../support/house-words';
import { ROOT, importCycles, moduleReferences, projectReferences, sourceFiles } from '../support/import-graph';

/**
 * The import-direction table (developers' guide): core ← shared ← front ends.
 * A folder may import itself and the folders listed for it, nothing else in the
 * project; nothing imports upward and no front end imports another.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'src/core': [],
  'src/shared': ['src/core'],
  'src/extension': ['src/core', 'src/shared'],
  'src/server': ['src/core', 'src/shared'],
  'src/cli': ['src/core', 'src/shared'],
  'webview-ui': ['src/core', 'src/shared'],
};
const LAYERS = Object.keys(MAY_IMPORT);
/** Files outside the layers that any layer may read (the manifest, for the version). */
const SHARED_FILES = new Set(['package.json']);
/** npm packages only one layer may use: the editor API and the two LSP ends. */
const PACKAGE_OWNER: Record<string, string> = {
  vscode: 'src/extension',
  'vscode-languageclient': 'src/extension',
  'vscode-languageserver': 'src/server',
};

const layerOf = (file: string): string | null => LAYERS.find((l) => file === l || file.startsWith(`${l}/`)) ?? null;
const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('house rules', () => {
  const refs = projectReferences(LAYERS);

  it('the import parser sees every kind of module reference, type-only ones included', () => {
    const text = [
      "import a from 'pkg-default';",
      "import type { B } from 'pkg-type';",
      "import { type C } from 'pkg-inline-type';",
      "import 'pkg-side-effect';",
      "export * from 'pkg-reexport';",
      "export type { D } from 'pkg-type-reexport';",
      "import e = require('pkg-import-equals');",
      "const f = require('pkg-require');",
      "const g = () => import('pkg-dynamic');",
      "export type U = import('pkg-import-type').Uri;",
    ].join('\n');
    const found = moduleReferences('src/core/x.ts', text).map((r) => [r.specifier, r.typeOnly, r.line]);
    assert.deepEqual(found, [
      ['pkg-default', false, 1],
      ['pkg-type', true, 2],
      ['pkg-inline-type', true, 3],
      ['pkg-side-effect', false, 4],
      ['pkg-reexport', false, 5],
      ['pkg-type-reexport', true, 6],
      ['pkg-import-equals', false, 7],
      ['pkg-require', false, 8],
      ['pkg-dynamic', false, 9],
      ['pkg-import-type', true, 10],
    ]);
  });

  it('imports follow the direction table (core ← shared ← front ends; nothing upward, no front end imports another)', () => {
    const offenders: string[] = [];
    for (const r of refs) {
      const from = layerOf(r.from)!;
      if (r.specifier.startsWith('.')) {
        const target = r.target ?? path.posix.normalize(path.posix.join(path.posix.dirname(r.from), r.specifier));
        const to = layerOf(target);
        const allowed = to === from || (to !== null && MAY_IMPORT[from]!.includes(to)) || (to === null && SHARED_FILES.has(target));
        if (!allowed) offenders.push(`${r.from}:${r.line} imports ${r.specifier} (${to ?? target})`);
      } else {
        const owner = PACKAGE_OWNER[packageName(r.specifier)];
        if (owner !== undefined && owner !== from) offenders.push(`${r.from}:${r.line} imports ${r.specifier} (only ${owner} may)`);
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('the webview (a browser page) imports no Node built-in module, not even for types', () => {
    const offenders = refs
      .filter((r) => layerOf(r.from) === 'webview-ui' || r.from.startsWith('src/shared/webview'))
      .filter((r) => r.specifier.startsWith('node:'))
      .map((r) => `${r.from}:${r.line} imports ${r.specifier}`);
    assert.deepEqual(offenders, []);
  });

  it('src/core has no import cycle between its files (type-only imports count)', () => {
    assert.deepEqual(
      importCycles(refs, (f) => f.startsWith('src/core/')),
      [],
    );
  });

  it("the compiler rejects any use of 'vscode' outside the extension: `import('vscode').Uri` in src/core fails the root tsconfig", function () {
    this.timeout(60_000);
    // The real root tsconfig.json (what `npm run typecheck` uses), with one extra in-memory file in src/core.
    const configPath = path.join(ROOT, 'tsconfig.json');
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    assert.ok(parsed, 'tsconfig.json parses');
    const leaks: Record<string, string> = {
      'import-type.ts': "export type U = import('vscode').Uri;\n",
      'type-import.ts': "import type { Uri } from 'vscode';\nexport type U = Uri;\n",
      'namespace-import.ts': "import * as vscode from 'vscode';\nexport const w = vscode;\n",
      'reexport.ts': "export * from 'vscode';\n",
      'import-equals.ts': "import vscode = require('vscode');\nexport const w = vscode;\n",
      'dynamic-import.ts': "export const w = import('vscode');\n",
    };
    // Control: a file without a vscode reference compiles in the same program, so the failures are the mapping's.
    leaks['control.ts'] = 'export const w = 1;\n';
    const files = new Map(Object.entries(leaks).map(([name, text]) => [path.join(ROOT, 'src/core', `zz-leak-${name}`), text]));
    const host = ts.createCompilerHost(parsed.options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (f) => files.get(path.resolve(f)) ?? readFile(f);
    host.fileExists = (f) => files.has(path.resolve(f)) || fileExists(f);
    const program = ts.createProgram({ rootNames: [...files.keys()], options: parsed.options, host });
    for (const file of files.keys()) {
      if (file.endsWith('control.ts')) {
        assert.deepEqual(ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).length, 0);
        continue;
      }
      const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
      const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
      assert.ok(
        messages.some((m) => /vscode-forbidden\.d\.ts' is not a module/.test(m)),
        `${path.basename(file)} should fail to compile, got: ${messages.join(' | ') || 'no error'}`,
      );
    }
  });

  it('imports zod as a namespace (the named { z } import drags every zod locale into the bundles)', () => {
    const offenders = ['src', 'webview-ui'].flatMap(sourceFiles).filter((f) => /import \{ z \} from 'zod'/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('the word search finds each word that told how the work was organised, and not a path or a colour', () => {
    const hit = (line: string) => HOUSE_WORDS.some(([p]) => p.test(line));
    for (const line of [
      'labelled by a helper',
      'Helpers for tests',
      'under round 29',
      'the fifty-third round',
      'fresh batch 33',
      'batches 109-115',
      'tuned on in round 5',
      'held out through round 29',
      'issue #17',
      '(#17)',
      'see #3',
      '(issue 13 item 5)',
      'Issue 12: bounded',
    ])
      assert.ok(hit(line), line);
    for (const line of [
      'lib/helpers.js',
      'test/helpers.ts exists',
      'credential.helper=',
      'color: #333',
      "'#000000'",
      'a duplicate gets `#2`',
      'open question #2',
      "'## Issue 1'",
      'Math.round(x)',
      'round-trip',
      'microsoft/vscode#123',
    ])
      assert.ok(!hit(line), line);
    assert.ok(isOtherPeoplesText('test/fixtures/plan-corpus/agent-x/plan/PLAN.md') && isOtherPeoplesText('test/fixtures/plan-corpus/agent-x/files.txt'));
    assert.ok(!isOtherPeoplesText('test/fixtures/plan-corpus/agent-x/labels.tsv') && !isOtherPeoplesText('test/fixtures/plan-corpus/README.md'));
  });

  it('no tracked file speaks of how the work was organised (helpers, round N, batch N, tuned on, held out through, our issue numbers)', function () {
    this.timeout(60_000);
    const hits = houseWordHits(ROOT);
    assert.ok(hits.length === 0, `${hits.length} hits; say what the product does instead:\n${hits.join('\n')}`);
  });
});
