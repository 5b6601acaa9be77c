#!/usr/bin/env node
// Lists the files in the packaged .vsix and fails when anything outside the
// allowed set is inside: dist/ (bundles, no source maps), media/, README,
// CHANGELOG, LICENSE and package.json, plus the VSIX's own manifest files.
//   node scripts/check-vsix.mjs [file.vsix]   (default: verify-plan-<version>.vsix)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsix = path.resolve(process.argv[2] ?? path.join(root, `${pkg.name}-${pkg.version}.vsix`));
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
for (const required of ['extension/package.json', 'extension/dist/extension.js', 'extension/media/icon.png']) {
  if (!entries.includes(required)) bad.push(`(missing) ${required}`);
}
if (!entries.some((e) => /^extension\/readme/i.test(e))) bad.push('(missing) README');
if (bad.length) {
  console.error(`not allowed in the package:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}

/** File names from a zip's central directory (no extraction, no dependency). */
function listZip(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
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
