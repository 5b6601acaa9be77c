/**
 * The command the Claude Code hook entry runs. It never names `verify-plan`
 * for a shell or `npx` to look up: both search the project's
 * `node_modules/.bin` or a `PATH` a repository can influence, so a repository
 * could ship its own `verify-plan` that answers "allow". Instead the entry
 * runs a small launcher written into the user's own data folder
 * (`$XDG_DATA_HOME/verify-plan`, else `~/.local/share/verify-plan`) with the
 * absolute path of the Node (or editor) binary that installed it:
 *
 *   ELECTRON_RUN_AS_NODE=1 '<node>' '<data>/hook-launcher.cjs' hook claude-code
 *
 * (`ELECTRON_RUN_AS_NODE` lets the editor's own binary act as Node when the
 * editor installed the hook; plain Node ignores it.) The launcher finds the
 * current CLI at each run: for an editor extension, the newest installed
 * version in the extensions folder (so an update needs no reinstall); for
 * the npm package, the path it was installed from, which an update keeps.
 * When it finds none, it tells the user in `systemMessage` (never silent).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { name as PACKAGE_NAME, publisher as PUBLISHER } from '../../../package.json';
import { writeAtomic } from '../store';

export const LAUNCHER_FILE = 'hook-launcher.cjs';
export const LAUNCHER_CONFIG = 'hook-launcher.json';
/** The extension's folder name is `<publisher>.<name>-<version>` inside an editor's extensions folder. */
export const EXTENSION_ID = `${PUBLISHER}.${PACKAGE_NAME}`;

export interface LauncherConfig {
  /** The CLI that installed the launcher (dist/cli.js). */
  cli: string;
  /** Set when that CLI lives in an editor extension: where to look for newer versions. */
  extensions?: { dir: string; id: string };
}

export function launcherDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'verify-plan');
  const home = env.HOME?.trim();
  if (!home || !path.isAbsolute(home)) throw new Error('HOME is not set, so there is no user folder for the hook launcher');
  return path.join(home, '.local', 'share', 'verify-plan');
}

/** Single-quoted for a POSIX shell (Claude Code runs hook commands through one). */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function launcherConfigFor(cli: string): LauncherConfig {
  const folder = path.dirname(path.dirname(cli));
  const match = new RegExp(`^${EXTENSION_ID.replace(/[.]/g, '\\.')}-\\d+\\.\\d+\\.\\d+`).exec(path.basename(folder));
  return match && path.basename(path.dirname(cli)) === 'dist' ? { cli, extensions: { dir: path.dirname(folder), id: EXTENSION_ID } } : { cli };
}

/** Writes the launcher and its config; returns the hook command that runs it. */
export async function installLauncher(env: NodeJS.ProcessEnv, cli: string, node: string): Promise<{ command: string; launcher: string }> {
  const dir = launcherDir(env);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const launcher = path.join(dir, LAUNCHER_FILE);
  await writeAtomic(path.join(dir, LAUNCHER_CONFIG), `${JSON.stringify(launcherConfigFor(cli), null, 2)}\n`);
  await writeAtomic(launcher, LAUNCHER_SOURCE);
  return { command: `ELECTRON_RUN_AS_NODE=1 ${shellQuote(node)} ${shellQuote(launcher)} hook claude-code`, launcher };
}

/** The launcher itself: plain CommonJS, no dependency, reads its config beside it. */
export const LAUNCHER_SOURCE = `'use strict';
// Verify Plan: the Claude Code hook launcher, written by \`verify-plan hook install\`.
// It runs the installed verify-plan CLI (the newest editor extension version, or
// the npm package it was installed from) and never looks verify-plan up on PATH.
const fs = require('fs');
const path = require('path');
const say = (text) => process.stdout.write(JSON.stringify({ systemMessage: text }) + '\\n');
const isFile = (file) => { try { return fs.statSync(file).isFile(); } catch { return false; } };
const version = (name, id) => (name.slice(id.length + 1).match(/^(\\d+)\\.(\\d+)\\.(\\d+)/) || []).slice(1).map(Number);
const newer = (a, b) => { for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i]; return false; };
let config;
try {
  config = JSON.parse(fs.readFileSync(path.join(__dirname, '${LAUNCHER_CONFIG}'), 'utf8'));
} catch (error) {
  say('Verify Plan hook: the launcher has no readable ${LAUNCHER_CONFIG} (' + error.message + '); the plan was NOT checked. Run verify-plan hook install again.');
  process.exit(0);
}
const candidates = [];
if (config.extensions && typeof config.extensions.dir === 'string' && typeof config.extensions.id === 'string') {
  const { dir, id } = config.extensions;
  let best = null;
  for (const name of (() => { try { return fs.readdirSync(dir); } catch { return []; } })()) {
    if (!name.startsWith(id + '-')) continue;
    const v = version(name, id);
    const cli = path.join(dir, name, 'dist', 'cli.js');
    if (v.length === 3 && isFile(cli) && (!best || newer(v, best.v))) best = { v, cli };
  }
  if (best) candidates.push(best.cli);
}
if (typeof config.cli === 'string') candidates.push(config.cli);
const cli = candidates.find(isFile);
if (!cli) {
  say('Verify Plan hook: the verify-plan CLI was not found (' + candidates.join(', ') + '); the plan was NOT checked. Reinstall the extension or the package, then run verify-plan hook install again.');
  process.exit(0);
}
require(cli);
`;
