/**
 * File paths a plan names. Three sources, checked on every line outside code
 * blocks, in this order (each masks what it took so nothing counts twice):
 *
 *   1. links to relative targets: `[x](docs/a.md)`; not URLs, mailto: or #anchors
 *   2. inline code that is a path: no spaces, no glob characters, not a URL, not
 *      absolute, and either a known file extension (`package.json`), a well-known
 *      file name (`Dockerfile`), or a relative path with a slash (`src/core/`)
 *   3. bare text with a slash and a known extension: src/a.ts, ./lib/x.py
 *
 * A trailing `:line`, `:line:col`, `#L10` or `?query` is dropped; a leading
 * `./` too. One entry per distinct path, every mention kept in `ranges`.
 */
import { charSpan, inlineCodeSpans, maskSpans } from './text';
import type { Range, ReferencedPath } from './types';

const EXTENSIONS = new Set(
  (
    'ts tsx mts cts js jsx mjs cjs json jsonc json5 md mdx markdown txt rst yml yaml toml ini cfg conf ' +
    'py pyi ipynb go rs java kt kts scala groovy gradle rb php cs fs vb c h cc cpp cxx hpp hh m mm swift dart ' +
    'lua pl r jl ex exs erl hs clj elm sql prisma graphql gql proto thrift avsc sh bash zsh fish ps1 bat cmd ' +
    'css scss sass less html htm vue svelte astro xml xsd svg png jpg jpeg gif webp ico pdf csv tsv parquet ' +
    'lock tf tfvars hcl nix dockerfile properties plist xcconfig pbxproj csproj sln vcxproj mk cmake bazel bzl ' +
    'tpl hbs ejs njk j2 jinja liquid pug erb twig pem crt wasm zip tar gz'
  ).split(' '),
);

const KNOWN_NAMES = new Set(
  (
    'Dockerfile Makefile Procfile Gemfile Rakefile Jenkinsfile Vagrantfile Brewfile Justfile Podfile ' +
    'LICENSE README CODEOWNERS .gitignore .gitattributes .dockerignore .npmrc .nvmrc .editorconfig ' +
    '.prettierrc .eslintrc .babelrc .env .env.example .env.local .bashrc .zshrc'
  ).split(' '),
);

const URLISH = /^[a-z][a-z0-9+.-]*:|^\/\/|^www\./i;
const GLOB = /[*?{}[\]<>|]/;
const TRAILER = /(?::\d+(?::\d+)?(?:-\d+)?|#L\d+(?:-L?\d+)?|[?#].*)$/;

function extensionOf(path: string): string | null {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

function clean(candidate: string): string {
  return candidate.replace(TRAILER, '').replace(/^\.\/+/, '');
}

/** A lower-case name, a dot and a capitalised identifier: a qualified type or function (Go, Java), not "name.ext". */
const QUALIFIED_NAME = /^[a-z_][\w]*\.[A-Z]\w*$/;
/** A type and a PascalCase member ("AchievementAward.EarnedAt", "Training.CreatedDate"): no file extension has a hump. */
const QUALIFIED_MEMBER = /^[A-Za-z_]\w*\.[A-Z][a-z]+[A-Z]\w*$/;

/** The path inside inline code, or null when the code is not a path. */
function codePath(content: string): string | null {
  const c = content.trim();
  if (c === '' || /\s/.test(c) || URLISH.test(c) || GLOB.test(c)) return null;
  if (c.startsWith('/') || c.startsWith('~') || /^[A-Za-z]:[\\/]/.test(c) || c.includes('\\')) return null;
  if (/[()=,;'"$%^!]/.test(c)) return null;
  const p = clean(c);
  if (p === '' || p === '.' || p === '..') return null;
  const base = p.replace(/\/$/, '').slice(p.replace(/\/$/, '').lastIndexOf('/') + 1);
  if (KNOWN_NAMES.has(base)) return p;
  const ext = extensionOf(p.replace(/\/$/, ''));
  if (ext !== null && EXTENSIONS.has(ext) && /^[\w@.~+-]+(\/[\w@.+-]+)*\/?$/.test(p)) return p;
  // "session/cache.Session", "net/http.Client": a package path and an exported name, not a file.
  if (QUALIFIED_NAME.test(base) || QUALIFIED_MEMBER.test(base)) return null;
  if (p.includes('/') && /^(\.\.\/)*[\w@.+-]+(\/[\w@.+-]+)+\/?$/.test(p) && !/^\d/.test(p) && !p.includes('//')) {
    const first = p.split('/')[0] ?? '';
    if (/^[\w-]+\.[a-z]{2,}$/i.test(first) && !first.startsWith('.')) return null;
    return p;
  }
  return null;
}

/** Longer lines (minified blobs, pasted logs) are not scanned: they name no files a reader would check. */
const MAX_LINE = 20000;
const LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const BARE = /(?<![\w/.@:~+\\-])((?:\.{1,2}\/)*\.?[\w@+-][\w@.+-]*(?:\/[\w@.+-]+)+)(?![\w/])/g;

/** Referenced paths on `lines`, skipping lines for which `skip` is true. */
export function findReferencedPaths(lines: readonly string[], skip: (line: number) => boolean): ReferencedPath[] {
  const byPath = new Map<string, ReferencedPath>();
  const add = (path: string, range: Range): void => {
    const found = byPath.get(path);
    if (found) found.ranges.push(range);
    else byPath.set(path, { path, range, ranges: [range] });
  };
  for (let i = 0; i < lines.length; i++) {
    if (skip(i)) continue;
    let line = lines[i] ?? '';
    if (line.length > MAX_LINE) continue;
    if (line.indexOf('/') === -1 && line.indexOf('`') === -1 && line.indexOf('](') === -1) continue;
    const masked: Array<[number, number]> = [];
    if (line.indexOf('](') !== -1) {
      for (const m of line.matchAll(LINK)) {
        const target = m[1] ?? '';
        const at = (m.index ?? 0) + m[0].indexOf(target);
        masked.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
        if (URLISH.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
        const p = clean(decodeSafe(target));
        const idx = target.indexOf(p);
        if (p !== '') add(p, charSpan(lines, i, idx >= 0 ? at + idx : at, idx >= 0 ? p.length : target.length));
      }
      line = maskSpans(line, masked);
    }
    const codes = inlineCodeSpans(line);
    for (const [s, e] of codes) {
      const raw = line.slice(s, e);
      const ticks = raw.length - raw.replace(/^`+/, '').length;
      const content = raw.slice(ticks, raw.length - ticks);
      const p = codePath(content);
      if (p === null) continue;
      const lead = content.length - content.trimStart().length + (content.trim().startsWith('./') ? content.trim().length - content.trim().replace(/^\.\/+/, '').length : 0);
      add(p, charSpan(lines, i, s + ticks + lead, p.length));
    }
    line = maskSpans(line, codes);
    if (line.indexOf('/') === -1) continue;
    for (const m of line.matchAll(BARE)) {
      const raw = (m[1] ?? '').replace(/[.+-]+$/, '');
      const p = clean(raw);
      const ext = extensionOf(p);
      if (ext === null || !EXTENSIONS.has(ext) || p.includes('//')) continue;
      const first = p.split('/')[0] ?? '';
      if (/^[\w-]+(\.[\w-]+)*\.[a-z]{2,}$/i.test(first)) continue;
      add(p, charSpan(lines, i, (m.index ?? 0) + raw.indexOf(p), p.length));
    }
  }
  return [...byPath.values()];
}

function decodeSafe(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}
