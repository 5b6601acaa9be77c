// One build script, several entry points (extension host, language server, CLI, webview).
// Entries whose source does not exist yet are skipped so partial trees still build.
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
/** `--only=webview` builds just dist/webview.js (the render tests need nothing else). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

// Sources import zod as `import * as z from 'zod'`: the named `{ z }` import keeps
// every zod locale in a bundle (~390 KB).

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const entries = [
  // Activation loads only dist/extension.js. The engine (loop, SDK, research) is a separate bundle required on the
  // first verification; the language client (half of what the extension needs) one required right after activation.
  { ...node, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode', './engine.js', './language-client.js'] },
  { ...node, entryPoints: ['src/extension/engine.ts'], outfile: 'dist/engine.js' },
  { ...node, entryPoints: ['src/extension/language-client.ts'], outfile: 'dist/language-client.js', external: ['vscode'] },
  { ...node, entryPoints: ['src/server/server.ts'], outfile: 'dist/server.js' },
  { ...node, entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    sourcemap: !production,
    minify: true,
    logLevel: 'info',
    legalComments: 'none',
    entryPoints: ['webview-ui/main.ts'],
    outfile: 'dist/webview.js',
  },
]
  .filter((e) => existsSync(e.entryPoints[0]))
  .filter((e) => !only || e.outfile === `dist/${only}.js`);

// The symbol index's tree-sitter runtime and grammars load from dist/tree-sitter/ (src/core/index/symbols/grammars.ts).
if (!only || only === 'server' || only === 'cli' || only === 'engine') {
  const require = createRequire(import.meta.url);
  const from = {
    vscode: path.join(path.dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm'),
    wasms: path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out'),
  };
  const files = [
    ['vscode', 'tree-sitter.wasm'],
    ...['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java', 'c-sharp', 'cpp', 'ruby', 'php'].map((g) => ['vscode', `tree-sitter-${g}.wasm`]),
    ...['kotlin', 'swift', 'scala', 'dart', 'c'].map((g) => ['wasms', `tree-sitter-${g}.wasm`]),
  ];
  mkdirSync('dist/tree-sitter', { recursive: true });
  for (const [pkg, file] of files) copyFileSync(path.join(from[pkg], file), path.join('dist/tree-sitter', file));
}

// A production dist/ carries no source maps, not even stale ones from an earlier development build (the editor
// figures tell the bundles apart by them, and a package must not ship them).
if (production && existsSync('dist')) for (const f of readdirSync('dist')) if (f.endsWith('.map')) rmSync(`dist/${f}`);

if (watch) {
  const contexts = await Promise.all(entries.map((e) => esbuild.context(e)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(entries.map((e) => esbuild.build(e)));
}
