// One build script, several entry points (extension host, language server, CLI, webview).
// Entries whose source does not exist yet are skipped so partial trees still build.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
/** `--only=webview` builds just dist/webview.js (the render tests need nothing else). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

/**
 * zod 4's `import { z } from 'zod'` makes esbuild keep the whole namespace,
 * every locale included (~390 KB); the equivalent `import * as z` lets it drop
 * what is unused. Applied to the webview bundle only, where size matters.
 */
const zodNamespaceImports = {
  name: 'zod-namespace-imports',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replace(/^import \{ z \} from 'zod';$/m, "import * as z from 'zod';"), loader: 'ts' };
    });
  },
};

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
  { ...node, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...node, entryPoints: ['src/server/server.ts'], outfile: 'dist/server.js' },
  { ...node, entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  {
    bundle: true, platform: 'browser', target: 'es2022', format: 'iife', sourcemap: !production, minify: true,
    logLevel: 'info', legalComments: 'none',
    entryPoints: ['webview-ui/main.ts'], outfile: 'dist/webview.js', plugins: [zodNamespaceImports],
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
