/**
 * What a workspace's manifests declare: the packages it depends on (package.json with its workspaces, lockfiles,
 * pyproject.toml, requirements*.txt, Pipfile, go.mod, Cargo.toml, build.gradle(.kts), pom.xml, Gemfile, composer.json,
 * Package.swift) and the packages it is itself (a workspace package's name, a Go module path, a crate). Each parser is a
 * pure function of one file's path and text; a file that does not parse contributes `unparsed`, and the ecosystem then
 * answers "cannot tell" (workspace-manifests.ts). Real parsers where the format has one (JSON, smol-toml for TOML,
 * fast-xml-parser for Maven's XML, yaml for pnpm's lockfile); Gradle, Gemfile, Package.swift and requirements files are
 * programs or line formats with no data parser, read by their declaration lines only.
 */
import { XMLParser } from 'fast-xml-parser';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';

export type Ecosystem = 'npm' | 'pypi' | 'go' | 'cargo' | 'maven' | 'gem' | 'composer' | 'swift';
export const ECOSYSTEMS: readonly Ecosystem[] = ['npm', 'pypi', 'go', 'cargo', 'maven', 'gem', 'composer', 'swift'];

export interface ManifestContribution {
  ecosystem: Ecosystem;
  /** Packages the file declares as dependencies (direct in a manifest; every installed one in a lockfile). */
  dependencies: string[];
  /** Whether `dependencies` are the project's direct ones (a manifest) or what an install resolved (a lockfile). */
  direct: boolean;
  /** Names the workspace publishes itself: a package.json "name", a Go module path, a crate, a Python project. */
  ownNames: string[];
  /** The file exists but did not parse: the ecosystem's answers become "cannot tell". */
  unparsed?: boolean;
}

/** The manifest kind a workspace path is, by its file name; null when it is none. */
export function manifestKind(relPath: string): ManifestKind | null {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  if (/^requirements[\w.-]*\.(?:txt|in)$/i.test(name)) return 'requirements';
  return (MANIFEST_NAMES as Record<string, ManifestKind | undefined>)[name] ?? null;
}

const MANIFEST_NAMES = {
  'package.json': 'package.json',
  'package-lock.json': 'package-lock.json',
  'pnpm-lock.yaml': 'pnpm-lock.yaml',
  'yarn.lock': 'yarn.lock',
  'pyproject.toml': 'pyproject.toml',
  Pipfile: 'Pipfile',
  'poetry.lock': 'toml-lock',
  'uv.lock': 'toml-lock',
  'setup.py': 'setup.py',
  'setup.cfg': 'setup.cfg',
  'go.mod': 'go.mod',
  'Cargo.toml': 'Cargo.toml',
  'Cargo.lock': 'toml-lock',
  'build.gradle': 'gradle',
  'build.gradle.kts': 'gradle',
  'pom.xml': 'pom.xml',
  Gemfile: 'Gemfile',
  'Gemfile.lock': 'Gemfile',
  'composer.json': 'composer.json',
  'Package.swift': 'Package.swift',
} as const;
export type ManifestKind = (typeof MANIFEST_NAMES)[keyof typeof MANIFEST_NAMES] | 'requirements';
export const MANIFEST_FILE_NAMES: readonly string[] = Object.keys(MANIFEST_NAMES);

const DependencyMap = z.record(z.string(), z.unknown()).optional().catch(undefined);
const PackageJson = z.object({
  name: z.string().optional().catch(undefined),
  dependencies: DependencyMap,
  devDependencies: DependencyMap,
  peerDependencies: DependencyMap,
  optionalDependencies: DependencyMap,
});
const PackageLock = z.object({ packages: z.record(z.string(), z.unknown()).optional(), dependencies: z.record(z.string(), z.unknown()).optional() });
const ComposerJson = z.object({ name: z.string().optional().catch(undefined), require: DependencyMap, 'require-dev': DependencyMap });

/** Parses one manifest; throws nothing (a file that does not parse is `unparsed`). */
export function parseManifest(relPath: string, text: string): ManifestContribution | null {
  const kind = manifestKind(relPath);
  if (kind === null) return null;
  const ecosystem = lockEcosystem(relPath) ?? ECOSYSTEM_OF[kind];
  try {
    const parsed = PARSERS[kind](text);
    return { ...parsed, ecosystem, direct: parsed.direct && !isLockfile(relPath) };
  } catch {
    return { ecosystem, dependencies: [], direct: true, ownNames: [], unparsed: true };
  }
}

const ECOSYSTEM_OF: Record<ManifestKind, Ecosystem> = {
  'package.json': 'npm',
  'package-lock.json': 'npm',
  'pnpm-lock.yaml': 'npm',
  'yarn.lock': 'npm',
  'pyproject.toml': 'pypi',
  Pipfile: 'pypi',
  'toml-lock': 'pypi',
  'setup.py': 'pypi',
  'setup.cfg': 'pypi',
  requirements: 'pypi',
  'go.mod': 'go',
  'Cargo.toml': 'cargo',
  gradle: 'maven',
  'pom.xml': 'maven',
  Gemfile: 'gem',
  'composer.json': 'composer',
  'Package.swift': 'swift',
};

const manifest = (ecosystem: Ecosystem, dependencies: Iterable<string>, ownNames: Iterable<string> = [], direct = true): ManifestContribution => ({
  ecosystem,
  dependencies: [...new Set(dependencies)].filter((d) => d !== ''),
  direct,
  ownNames: [...ownNames].filter((n) => n !== ''),
});

const keysOf = (...maps: Array<Record<string, unknown> | undefined>): string[] => maps.flatMap((m) => (m ? Object.keys(m) : []));

const PARSERS: Record<ManifestKind, (text: string) => ManifestContribution> = {
  'package.json': (text) => {
    const p = PackageJson.parse(JSON.parse(text));
    return manifest('npm', keysOf(p.dependencies, p.devDependencies, p.peerDependencies, p.optionalDependencies), p.name ? [p.name] : []);
  },
  'package-lock.json': (text) => {
    const p = PackageLock.parse(JSON.parse(text));
    const fromPackages = keysOf(p.packages).map((k) => k.slice(k.lastIndexOf('node_modules/') + (k.includes('node_modules/') ? 'node_modules/'.length : k.length)));
    return manifest('npm', [...fromPackages, ...keysOf(p.dependencies)], [], false);
  },
  'pnpm-lock.yaml': (text) => {
    const doc = z.object({ packages: z.record(z.string(), z.unknown()).optional() }).parse(parseYaml(text, { maxAliasCount: 100 }) ?? {});
    // "/@scope/name@1.2.3", "name@1.2.3(peer@2)": the name is what comes before the version's "@".
    return manifest(
      'npm',
      keysOf(doc.packages).map((k) => /^\/?(@?[^@/]+(?:\/[^@/]+)?)/.exec(k)?.[1] ?? ''),
      [],
      false,
    );
  },
  'yarn.lock': (text) =>
    manifest(
      'npm',
      [...text.matchAll(/^"?(@?[^@\s",]+)@/gm)].map((m) => m[1] as string),
      [],
      false,
    ),
  'pyproject.toml': (text) => {
    const t = parseToml(text) as Record<string, unknown>;
    const project = asRecord(t.project);
    const deps = [...stringsOf(project?.dependencies), ...Object.values(asRecord(project?.['optional-dependencies']) ?? {}).flatMap(stringsOf)];
    for (const group of Object.values(asRecord(t['dependency-groups']) ?? {})) deps.push(...stringsOf(group));
    const poetry = asRecord(asRecord(t.tool)?.poetry);
    const poetryDeps = [...keysOf(asRecord(poetry?.dependencies), asRecord(poetry?.['dev-dependencies']))];
    for (const g of Object.values(asRecord(poetry?.group) ?? {})) poetryDeps.push(...keysOf(asRecord(asRecord(g)?.dependencies)));
    const uv = stringsOf(asRecord(asRecord(t.tool)?.uv)?.['dev-dependencies']);
    const own = [project?.name, poetry?.name].filter((n): n is string => typeof n === 'string');
    return manifest('pypi', [...deps, ...uv].map(requirementName).concat(poetryDeps.filter((d) => d !== 'python')), own);
  },
  Pipfile: (text) => {
    const t = parseToml(text) as Record<string, unknown>;
    return manifest('pypi', keysOf(asRecord(t.packages), asRecord(t['dev-packages'])));
  },
  'toml-lock': (text) => {
    const t = parseToml(text) as Record<string, unknown>;
    const names = (Array.isArray(t.package) ? t.package : []).map((p) => asRecord(p)?.name).filter((n): n is string => typeof n === 'string');
    // Cargo.lock and poetry/uv locks share the shape; the caller tells them apart by file name (see lockEcosystem).
    return manifest('pypi', names, [], false);
  },
  'setup.py': () => ({ ...manifest('pypi', []), unparsed: true }),
  'setup.cfg': (text) => {
    const block = /^install_requires\s*=\s*\n((?:[ \t]+\S.*\n?)*)/m.exec(text)?.[1] ?? '';
    return manifest('pypi', block.split('\n').map(requirementName));
  },
  requirements: (text) =>
    manifest(
      'pypi',
      text
        .split('\n')
        .map((l) => l.replace(/\s+#.*$/, '').trim())
        .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('-'))
        .map(requirementName),
    ),
  'go.mod': (text) => {
    const own = /^module\s+(\S+)/m.exec(text)?.[1];
    const deps: string[] = [];
    for (const m of text.matchAll(/^require\s*\(([\s\S]*?)^\)/gm)) for (const line of (m[1] as string).split('\n')) deps.push(line.trim().split(/\s+/)[0] ?? '');
    for (const m of text.matchAll(/^require\s+([^\s(]+)\s/gm)) deps.push(m[1] as string);
    return manifest(
      'go',
      deps.filter((d) => d !== '' && !d.startsWith('//')),
      own ? [own] : [],
    );
  },
  'Cargo.toml': (text) => {
    const t = parseToml(text) as Record<string, unknown>;
    const tables = [t.dependencies, t['dev-dependencies'], t['build-dependencies'], asRecord(t.workspace)?.dependencies];
    for (const target of Object.values(asRecord(t.target) ?? {})) tables.push(asRecord(target)?.dependencies, asRecord(target)?.['dev-dependencies']);
    const deps: string[] = [];
    for (const table of tables) {
      for (const [key, value] of Object.entries(asRecord(table) ?? {})) {
        deps.push(key);
        const renamed = asRecord(value)?.package;
        if (typeof renamed === 'string') deps.push(renamed);
      }
    }
    const own = [asRecord(t.package)?.name, asRecord(t.lib)?.name].filter((n): n is string => typeof n === 'string');
    return manifest('cargo', deps, own);
  },
  gradle: (text) =>
    manifest(
      'maven',
      [
        ...text.matchAll(
          /\b(?:implementation|api|compileOnly|runtimeOnly|testImplementation|testRuntimeOnly|kapt|ksp|annotationProcessor|classpath)\s*\(?\s*["']([\w.-]+):([\w.-]+)/g,
        ),
      ].map((m) => `${m[1]}:${m[2]}`),
    ),
  'pom.xml': (text) => {
    const doc = asRecord(new XMLParser({ processEntities: false }).parse(text));
    const project = asRecord(doc?.project);
    const deps: string[] = [];
    const collect = (holder: unknown): void => {
      const list = asRecord(holder)?.dependency;
      for (const d of Array.isArray(list) ? list : list ? [list] : []) {
        const r = asRecord(d);
        if (typeof r?.groupId === 'string' && typeof r.artifactId === 'string') deps.push(`${r.groupId}:${r.artifactId}`);
      }
    };
    collect(project?.dependencies);
    collect(asRecord(project?.dependencyManagement)?.dependencies);
    const own = typeof project?.groupId === 'string' && typeof project.artifactId === 'string' ? [`${project.groupId}:${project.artifactId}`] : [];
    return manifest('maven', deps, own);
  },
  Gemfile: (text) =>
    manifest(
      'gem',
      [...text.matchAll(/^\s*gem\s+["']([\w.-]+)["']/gm), ...text.matchAll(/^ {4}([\w.-]+) \(/gm)].map((m) => m[1] as string),
    ),
  'composer.json': (text) => {
    const c = ComposerJson.parse(JSON.parse(text));
    return manifest('composer', keysOf(c.require, c['require-dev']), c.name ? [c.name] : []);
  },
  'Package.swift': (text) =>
    manifest(
      'swift',
      [...text.matchAll(/\.package\s*\(\s*(?:name:\s*"([^"]+)"\s*,\s*)?url:\s*"[^"]*?\/([\w.-]+?)(?:\.git)?"/g)].flatMap((m) => [m[1] ?? '', m[2] as string]),
    ),
};

/** The ecosystem a manifest path belongs to; null when the path is no manifest. */
export function ecosystemOf(relPath: string): Ecosystem | null {
  const kind = manifestKind(relPath);
  return kind === null ? null : (lockEcosystem(relPath) ?? ECOSYSTEM_OF[kind]);
}

/** A lockfile lists what an install resolved; one that cannot be read leaves the manifests' answer as it is. */
export function isLockfile(relPath: string): boolean {
  return /(?:^|\/)(?:package-lock\.json|pnpm-lock\.yaml|yarn\.lock|poetry\.lock|uv\.lock|Cargo\.lock|Gemfile\.lock)$/.test(relPath);
}

/** Cargo.lock is Rust's, poetry.lock and uv.lock Python's: one parser, the ecosystem by file name. */
function lockEcosystem(relPath: string): Ecosystem | null {
  return /(?:^|\/)Cargo\.lock$/.test(relPath) ? 'cargo' : null;
}

/** "requests[socks]>=2.0; python_version>'3'" → "requests". */
function requirementName(spec: string): string {
  return /^\s*([A-Za-z0-9][\w.-]*)/.exec(spec)?.[1] ?? '';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
