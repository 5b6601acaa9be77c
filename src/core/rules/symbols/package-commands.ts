/**
 * The package-manager commands of a shell line that run a package.json script, and the package they run it in:
 * `npm run X`, `pnpm run X`, `pnpm X`, `yarn X`, `yarn run X`, `bun run X`; in a package chosen by `npm run X -w P`
 * (`--workspace`), `pnpm --filter P X` (`-F`), `pnpm -C dir X`, `yarn workspace P X`, `yarn --cwd dir X`,
 * `bun --cwd dir run X`, `npm --prefix dir run X`, or a `cd dir` before it; else in the root.
 *
 * `orBin`: the runner also runs a binary of node_modules/.bin or a file by that name when no script has it
 * (`yarn jest`, `pnpm vitest`, `bun run src/index.ts`), so a name no script defines may still run; `npm run` and
 * `pnpm run` run scripts only. A command that runs in every package (`pnpm -r`, `npm -ws`, `yarn workspaces
 * foreach`, a filter pattern) or skips a missing script (`--if-present`) is no mention. Pure; no I/O.
 */

export interface PackageRun {
  tool: 'npm' | 'pnpm' | 'yarn' | 'bun';
  name: string;
  /** Index of the name's token. */
  token: number;
  /** The package it runs in: a folder (root-relative, '' = the root, as `cd` and `-C` give it) or a package name (`--filter`, `-w`). */
  where: { dir: string } | { name: string };
  orBin: boolean;
}

/** Commands of pnpm and yarn that are not scripts (`pnpm install`, `yarn add`): `pnpm X` runs a script only for other X. */
const BUILTIN = new Set(
  (
    'add install i ci update up upgrade remove rm uninstall un link ln unlink import rebuild rb prune fetch patch patch-commit patch-remove audit ' +
    'list ls ll la outdated why licenses exec dlx create init publish pack store server env setup config c get set root bin deploy doctor ' +
    'help self-update approve-builds ignored-builds cat-file cat-index find-hash dedupe info workspace workspaces node cache global version ' +
    'versions login logout owner tag team check autoclean generate-lock-entry policies upgrade-interactive constraints explain npm search stage ' +
    'unplug plugin x run run-script recursive multi m licenses import outdated sbom'
  ).split(' '),
);

/** Options that take the next word, by tool (the others are flags). */
const TAKES_VALUE: Record<PackageRun['tool'], RegExp> = {
  npm: /^(?:-w|--workspace|--prefix|-C|--userconfig|--registry|--loglevel|--cache)$/,
  pnpm: /^(?:-F|--filter|-C|--dir|--filter-prod|--loglevel|--reporter|--workspace-concurrency|--test-pattern|--changed-files-ignore-pattern)$/,
  yarn: /^(?:--cwd|--cache-folder|--modules-folder|--mutex|--network-timeout|--registry)$/,
  bun: /^(?:--cwd|--filter|-F|--config|-c|--env-file|--preload|-r)$/,
};

/** The script run by `tokens` (one shell command, split on blanks), or null. `cwd`: the folder a `cd` before it chose. */
export function packageRun(tokens: readonly string[], cwd: string): PackageRun | null {
  const tool = tokens[0];
  if (tool !== 'npm' && tool !== 'pnpm' && tool !== 'yarn' && tool !== 'bun') return null;
  let where: PackageRun['where'] = { dir: cwd };
  let sub: number | null = null;
  let i = 1;
  for (; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (!t.startsWith('-')) {
      sub = i;
      break;
    }
    const [flag, inline] = t.includes('=') ? [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)] : [t, undefined];
    if (/^(?:-r|--recursive|-ws|--workspaces|--if-present)$/.test(flag)) return null;
    // pnpm -w: the workspace root.
    if (tool === 'pnpm' && (flag === '-w' || flag === '--workspace-root')) where = { dir: '' };
    if (!TAKES_VALUE[tool].test(flag)) continue;
    const value = inline ?? tokens[++i];
    if (value === undefined) return null;
    const chosen = choose(flag, value, cwd);
    if (chosen === false) return null;
    if (chosen) where = chosen;
  }
  if (sub === null) return null;
  const word = tokens[sub] as string;
  let at: number;
  let orBin: boolean;
  if (tool === 'yarn' && word === 'workspace') {
    const pkg = tokens[sub + 1];
    if (!pkg || pkg.startsWith('-')) return null;
    const inner = packageRun(['yarn', ...tokens.slice(sub + 2)], cwd);
    return inner ? { ...inner, token: inner.token + sub + 1, where: { name: pkg } } : null;
  }
  if (word === 'run' || word === 'run-script') {
    at = sub + 1;
    // bun run and yarn run also run a binary or a file; npm run and pnpm run only scripts.
    orBin = tool === 'bun' || tool === 'yarn';
  } else if ((tool === 'pnpm' || tool === 'yarn') && !BUILTIN.has(word)) {
    at = sub;
    orBin = true;
  } else return null;
  // npm reads its own options after the script name too ("npm run lint -w api"), up to "--".
  for (; at < tokens.length && (tokens[at] as string).startsWith('-'); at++) {
    const t = tokens[at] as string;
    if (/^--if-present$/.test(t)) return null;
    if (TAKES_VALUE[tool].test(t)) at++;
  }
  const name = tokens[at];
  if (name === undefined || !/^[A-Za-z0-9_][\w:.@/-]*$/.test(name)) return null;
  if (orBin && (name.includes('/') || /\.(?:[cm]?[jt]sx?|sh|py)$/.test(name))) return null;
  if (tool === 'npm') {
    for (let j = at + 1; j < tokens.length && tokens[j] !== '--'; j++) {
      const t = tokens[j] as string;
      const [flag, inline] = t.includes('=') ? [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)] : [t, undefined];
      if (/^(?:-ws|--workspaces|--if-present)$/.test(flag)) return null;
      if (flag !== '-w' && flag !== '--workspace' && flag !== '--prefix') continue;
      const value = inline ?? tokens[j + 1];
      if (value === undefined) return null;
      const chosen = choose(flag, value, cwd);
      if (chosen === false) return null;
      if (chosen) where = chosen;
    }
  }
  return { tool, name, token: at, where, orBin };
}

/** What a package-choosing option selects: a folder, a package name, undefined (not such an option), false (cannot tell). */
function choose(flag: string, value: string, cwd: string): PackageRun['where'] | undefined | false {
  if (/^(?:--prefix|-C|--dir|--cwd)$/.test(flag)) {
    const dir = joinFolder(cwd, value);
    return dir === null ? false : { dir };
  }
  if (!/^(?:-w|--workspace|-F|--filter)$/.test(flag)) return undefined;
  // A pattern selects several packages ("@app/*", "...web", "{apps/**}", "!docs"): it runs in each.
  if (/[*{}!^[\]]|\.\.\./.test(value)) return false;
  if (value.startsWith('./') || value.startsWith('../')) {
    const dir = joinFolder(cwd, value);
    return dir === null ? false : { dir };
  }
  // npm -w takes a folder or a name; a folder has a "/" unless scoped ("@scope/x").
  if (!value.includes('/') || value.startsWith('@')) return { name: value };
  const dir = joinFolder(cwd, value);
  return dir === null ? false : { dir };
}

/** `cd` arguments and options' folders joined to the folder they start from; null when it leaves the workspace or is not literal. */
export function joinFolder(from: string, to: string): string | null {
  const clean = to.replace(/^["']|["']$/g, '');
  if (clean === '' || /^[/~$%\\]|^[A-Za-z]:/.test(clean)) return null;
  const parts = from === '' ? [] : from.split('/');
  for (const seg of clean.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}
