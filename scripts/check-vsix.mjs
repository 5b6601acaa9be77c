#!/usr/bin/env node
// Lists the files in the packaged .vsix and fails when anything outside the
// allowed set is inside: dist/ (bundles, no source maps; cli.js is the CLI the
// Claude Code hook runs), media/, README,
// CHANGELOG, LICENSE and package.json, plus the VSIX's own manifest files.
//   node scripts/check-vsix.mjs             package verify-plan-<version>.vsix, then check it
//   node scripts/check-vsix.mjs file.vsix   check an existing package only
// Packaging: clean dist/, production build (minified, no source maps),
// `vsce package --no-dependencies` (esbuild bundles the dependencies). The
// manifest has no repository URL yet, so README links stay as written
// (--no-rewrite-relative-links) instead of failing the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const fileArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const vsix = path.resolve(fileArg ?? path.join(root, `${pkg.name}-${pkg.version}.vsix`));
if (!fileArg) {
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  step(process.execPath, [path.join(root, 'esbuild.mjs'), '--production']);
  step(path.join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', vsix]);
}
if (!fs.existsSync(vsix)) {
  console.error(`no ${path.relative(root, vsix)}: run \`npm run package\``);
  process.exit(1);
}

// `vsce ls` checks the manifest, not the archive; read the archive itself (a zip).
const entries = listZip(fs.readFileSync(vsix));
const allowed = [
  /^\[Content_Types\]\.xml$/,
  /^extension\.vsixmanifest$/,
  /^extension\/package\.json$/,
  /^extension\/(readme|changelog|license)(\.md|\.txt)?$/i,
  /^extension\/dist\/[^/]+\.js$/,
  /^extension\/dist\/[\w./-]+\.(css|wasm|json)$/,
  /^extension\/media\/[\w./-]+$/,
];
const bad = entries.filter((e) => !allowed.some((re) => re.test(e)));
for (const e of entries) console.log(`${bad.includes(e) ? '✗' : ' '} ${e}`);
const size = fs.statSync(vsix).size;
console.log(`${entries.length} files, ${(size / 1024).toFixed(0)} KiB: ${path.relative(root, vsix)}`);
for (const required of [
  'extension/package.json',
  'extension/dist/extension.js',
  'extension/dist/engine.js',
  'extension/dist/language-client.js',
  'extension/dist/server.js',
  'extension/dist/cli.js',
  'extension/dist/webview.js',
  'extension/media/icon.png',
]) {
  if (!entries.includes(required)) bad.push(`(missing) ${required}`);
}
if (!entries.some((e) => /^extension\/readme/i.test(e))) bad.push('(missing) README');
if (bad.length) {
  console.error(`not allowed in the package:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}

function step(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${path.basename(cmd)} ${args.join(' ')} failed (${r.status ?? r.signal})`);
    process.exit(1);
  }
}

/** File names from a zip's central directory (no extraction, no dependency). */
function listZip(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${vsix} is not a zip archive`);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names.filter((nm) => !nm.endsWith('/')).sort();
}
