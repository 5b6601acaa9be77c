#!/usr/bin/env node
// Stands in for the editor's `code` command in the install-route tests, which
// have no editor: `code --install-extension FILE.vsix` unpacks the package's
// `extension/` folder into `$HOME/.vscode/extensions/<publisher>.<name>-<version>/`
// as VS Code does. Anything else is refused.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const args = process.argv.slice(2);
if (args.length !== 2 || args[0] !== '--install-extension') {
  console.error(`code shim: only "--install-extension FILE.vsix" is supported, got ${args.join(' ')}`);
  process.exit(2);
}
const buf = fs.readFileSync(args[1]);
let eocd = -1;
for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557) && eocd < 0; i--) if (buf.readUInt32LE(i) === 0x06054b50) eocd = i;
if (eocd < 0) throw new Error(`${args[1]} is not a zip archive`);
const files = new Map();
let p = buf.readUInt32LE(eocd + 16);
for (let n = buf.readUInt16LE(eocd + 10); n > 0; n--) {
  const method = buf.readUInt16LE(p + 10);
  const compressed = buf.readUInt32LE(p + 20);
  const nameLen = buf.readUInt16LE(p + 28);
  const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
  const local = buf.readUInt32LE(p + 42);
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
  const raw = buf.subarray(start, start + compressed);
  if (!name.endsWith('/')) files.set(name, method === 8 ? zlib.inflateRawSync(raw) : raw);
  p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
}
const manifest = JSON.parse(files.get('extension/package.json').toString('utf8'));
const target = path.join(process.env.HOME, '.vscode', 'extensions', `${manifest.publisher}.${manifest.name}-${manifest.version}`);
for (const [name, data] of files) {
  if (!name.startsWith('extension/') || name.includes('..')) continue;
  const file = path.join(target, name.slice('extension/'.length));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}
console.log(`Extension '${path.basename(args[1])}' was successfully installed.`);
