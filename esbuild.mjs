// One build script, several entry points (extension host, language server, CLI, webview).
// Entries whose source does not exist yet are skipped so partial trees still build.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

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

if (watch) {
  const contexts = await Promise.all(entries.map((e) => esbuild.context(e)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(entries.map((e) => esbuild.build(e)));
}
