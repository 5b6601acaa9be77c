import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SymbolIndex } from '../../src/core/index/symbols/symbol-index';

/** One small file per language; the definitions each must yield (name:kind@line, 0-based). */
const FILES: Record<string, { text: string; defines: string[] }> = {
  'a.ts': {
    text: 'export function alpha() {}\nexport const beta = () => 1;\nclass Delta { epsilon() { const local = 1; } }\ninterface Zeta {}\ntype Theta = string;\nenum Iota { A }\n',
    defines: ['alpha:function@0', 'beta:constant@1', 'Delta:class@2', 'epsilon:method@2', 'Zeta:type@3', 'Theta:type@4', 'Iota:type@5'],
  },
  'b.tsx': { text: 'export const Panel = () => <div />;\n', defines: ['Panel:constant@0'] },
  'c.js': { text: 'function gamma() {}\nmodule.exports = { gamma };\n', defines: ['gamma:function@0'] },
  'd.py': { text: 'MAX = 3\nclass Foo:\n    def bar(self):\n        y = 2\ndef baz(): pass\n', defines: ['MAX:constant@0', 'Foo:class@1', 'bar:function@2', 'baz:function@4'] },
  'e.go': {
    text: 'package x\nconst A, B = 1, 2\ntype T struct{}\nfunc (t T) Meth() {}\nfunc Fn() {}\n',
    defines: ['A:constant@1', 'B:constant@1', 'T:type@2', 'Meth:method@3', 'Fn:function@4'],
  },
  'f.rs': {
    text: 'pub struct S;\ntrait Tr { fn tm(&self); }\nfn rf() {}\nimpl S { fn sm(&self) {} }\n',
    defines: ['S:class@0', 'Tr:type@1', 'tm:function@1', 'rf:function@2', 'sm:function@3'],
  },
  'G.java': { text: 'class Jc {\n  static final int K = 1;\n  void jm() { int local = 2; }\n}\n', defines: ['Jc:class@0', 'K:constant@1', 'jm:method@2'] },
  'h.kt': { text: 'class Kc {\n  fun km() {}\n}\nfun kf() {}\n', defines: ['Kc:class@0', 'km:function@1', 'kf:function@3'] },
  'i.cs': { text: 'class Cc {\n  public int Cp { get; set; }\n  void Cm() {}\n}\n', defines: ['Cc:class@0', 'Cp:constant@1', 'Cm:method@2'] },
};

describe('symbol index: definitions from tree-sitter', function () {
  this.timeout(30000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-symbol-index-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const indexOf = (files: string[], budget?: ConstructorParameters<typeof SymbolIndex>[2]) =>
    new SymbolIndex(
      () => files.map((rel) => ({ abs: path.join(dir, rel), rel })),
      () => undefined,
      budget,
    );

  it('finds functions, methods, classes, types and constants in TS/JS, Python, Go, Rust, Java, Kotlin and C#; not locals', async () => {
    for (const [rel, f] of Object.entries(FILES)) writeFileSync(path.join(dir, rel), f.text);
    const index = indexOf(Object.keys(FILES));
    await index.start();
    for (const [rel, f] of Object.entries(FILES)) {
      const found = [...index.names()].flatMap((n) =>
        index
          .definitions(n)
          .filter((d) => d.file === rel)
          .map((d) => `${n}:${d.kind}@${d.line}`),
      );
      for (const d of f.defines) assert.ok(found.includes(d), `${rel}: ${d} in ${found.join(' ')}`);
      assert.ok(!found.some((d) => d.startsWith('local:') || d.startsWith('y:')), `${rel}: no locals in ${found.join(' ')}`);
    }
    assert.equal(index.complete, true);
    assert.equal(index.statistics.files, Object.keys(FILES).length);
    index.dispose();
  });

  it('skips and counts huge and unreadable files; past the file budget it is incomplete', async () => {
    writeFileSync(path.join(dir, 'big.ts'), `export const x = "${'a'.repeat(2000)}";\n`);
    writeFileSync(path.join(dir, 'ok.ts'), 'export function ok() {}\n');
    const index = indexOf(['big.ts', 'ok.ts', 'gone.ts'], { maxParseMs: 1000, maxFiles: 10, maxFileBytes: 1000, maxBuildMs: 60_000 });
    await index.start();
    assert.deepEqual([index.statistics.skippedLarge, index.statistics.skippedUnreadable, index.statistics.files], [1, 1, 1]);
    index.dispose();
    const capped = indexOf(['ok.ts', 'big.ts'], { maxParseMs: 1000, maxFiles: 1, maxFileBytes: 1000, maxBuildMs: 60_000 });
    await capped.start();
    assert.equal(capped.statistics.skippedOverBudget, 1);
    assert.equal(capped.complete, false);
    capped.dispose();
  });

  it('updates one file when it changes or goes away', async () => {
    writeFileSync(path.join(dir, 'a.py'), 'def first(): pass\n');
    const index = indexOf(['a.py']);
    await index.start();
    assert.equal(index.definitions('first').length, 1);
    writeFileSync(path.join(dir, 'a.py'), 'def second(): pass\n');
    await index.update(path.join(dir, 'a.py'), 'a.py', false);
    assert.deepEqual([index.definitions('first').length, index.definitions('second').length], [0, 1]);
    await index.update(path.join(dir, 'a.py'), 'a.py', true);
    assert.equal(index.definitions('second').length, 0);
    index.dispose();
  });
});
