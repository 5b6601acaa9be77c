/**
 * The workspace's manifests and script files, read beside the file index: which packages it declares and which
 * scripts and targets it defines, for the unknown-package and unknown-script rules and the agents' fact block.
 * Contract: every answer is three-valued. `true` = declared; `false` = every file of that ecosystem or runner was read
 * and none declares it; `undefined` = cannot tell (nothing read yet, no such file, a file that did not parse or was
 * skipped, a Makefile with includes…), and the rules stay silent. Files are read through readConfinedFile (regular
 * file, one link, size capped), at most MAX_FILES of them; what is skipped is counted. Reads start on the first
 * question and `landed` runs when they finish, so the language server re-runs its rules instead of waiting.
 */
import { readConfinedFile } from '../research/confined-read';
import { ecosystemOf, isLockfile, manifestKind, parseManifest, type Ecosystem, type ManifestContribution } from './manifests';
import { parseScripts, scriptFileRunner, type Runner, type ScriptContribution } from './scripts';

/** A manifest bigger than this is generated or vendored data (a lockfile of a huge monorepo): skipped and counted. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** Manifests and script files read per workspace; a repository of more packages answers "cannot tell" for the rest. */
const MAX_FILES = 600;

export interface ManifestFacts {
  hasPackage(ecosystem: Ecosystem, name: string): boolean | undefined;
  hasScript(runner: Runner, name: string): boolean | undefined;
  /** The names a runner's files define (for a did-you-mean); empty when none. */
  scriptNames(runner: Runner): readonly string[];
  /**
   * The scripts of the package.json in folder `dir` ('' = a root), or undefined when the folder has none or it did not
   * parse (cannot tell): what `npm run`, `bun run`, `yarn`, `pnpm` run there.
   */
  packageScripts(dir: string): readonly string[] | undefined;
  /** The folder of the package.json whose "name" is `name`; undefined when none (or several) has it. */
  packageDir(name: string): string | undefined;
  /** The folders whose package.json defines script `name`, sorted. */
  packagesDefining(name: string): readonly string[];
  /** Direct dependencies per manifest, workspace-relative path first (the agents' fact block). */
  directDependencies(): ReadonlyArray<{ file: string; ecosystem: Ecosystem; names: readonly string[] }>;
  /** Files read, and files skipped (too large, unreadable, over MAX_FILES). */
  readonly counts: { read: number; skipped: number };
}

interface FileFacts {
  rel: string;
  manifest: ManifestContribution | null;
  scripts: ScriptContribution | null;
  /** Exists but was not read (too large, a link, unreadable). */
  skipped: boolean;
}

/** Is this workspace-relative path one the reader wants (a manifest, a lockfile, a script file)? */
export function isFactFile(rel: string): boolean {
  return manifestKind(rel) !== null || scriptFileRunner(rel) !== null;
}

export class WorkspaceManifests {
  private readonly texts = new Map<string, FileFacts>();
  private readonly reads = new Map<string, Promise<void>>();
  private listed: { generation: number; files: Array<{ abs: string; rel: string }>; overflow: number } | null = null;
  private aggregate: Aggregate | null = null;

  constructor(
    /** Every listed file (absolute path, root-relative path) of the index; walked once per index generation. */
    private readonly listFiles: () => Iterable<{ abs: string; rel: string }>,
    private readonly generation: () => number,
    private readonly landed: () => void,
  ) {}

  /** The facts when every wanted file has been read; `undefined` while reads are pending (they start here). */
  facts(): ManifestFacts | undefined {
    const listed = this.list();
    const missing = listed.files.filter((f) => !this.texts.has(f.abs));
    if (missing.length > 0) {
      for (const f of missing) void this.read(f.abs, f.rel, true);
      return undefined;
    }
    this.aggregate ??= new Aggregate(
      listed.files.map((f) => this.texts.get(f.abs) as FileFacts),
      listed.overflow,
    );
    return this.aggregate;
  }

  /** Reads every wanted file now (a one-shot caller: the CLI). */
  async load(): Promise<ManifestFacts> {
    const listed = this.list();
    await Promise.all(listed.files.filter((f) => !this.texts.has(f.abs)).map((f) => this.read(f.abs, f.rel, false)));
    return this.facts() ?? new Aggregate([], 0);
  }

  /** A file changed or went away: drop its facts; true when there were some. */
  forget(abs: string): boolean {
    const had = this.texts.delete(abs);
    if (had) this.aggregate = null;
    return had;
  }

  private list(): { files: Array<{ abs: string; rel: string }>; overflow: number } {
    const generation = this.generation();
    if (this.listed?.generation !== generation) {
      const files: Array<{ abs: string; rel: string }> = [];
      let overflow = 0;
      for (const f of this.listFiles()) {
        if (!isFactFile(f.rel)) continue;
        if (files.length < MAX_FILES) files.push(f);
        else overflow++;
      }
      const changed = !this.listed || this.listed.files.length !== files.length || files.some((f, i) => this.listed?.files[i]?.abs !== f.abs);
      this.listed = { generation, files, overflow };
      if (changed) this.aggregate = null;
    }
    return this.listed;
  }

  private read(abs: string, rel: string, notify: boolean): Promise<void> {
    const pending = this.reads.get(abs);
    if (pending) return pending;
    const read = readConfinedFile(abs, { maxBytes: MAX_MANIFEST_BYTES, singleLink: true }).then(
      (result) => {
        this.reads.delete(abs);
        const text = result.ok ? result.buffer.toString('utf8') : null;
        this.texts.set(abs, {
          rel,
          skipped: text === null,
          manifest: text === null ? null : parseManifest(rel, text),
          scripts: text === null ? null : parseScripts(rel, text),
        });
        this.aggregate = null;
        if (notify && this.reads.size === 0) this.landed();
      },
      () => {
        this.reads.delete(abs);
        this.texts.set(abs, { rel, skipped: true, manifest: null, scripts: null });
      },
    );
    this.reads.set(abs, read);
    return read;
  }
}

/** The folder of a workspace-relative file: '' for one at a root. */
function folderOf(rel: string): string {
  const slash = rel.lastIndexOf('/');
  return slash === -1 ? '' : rel.slice(0, slash);
}

/** "PyYAML" and "pyyaml", "typing_extensions" and "typing-extensions": PEP 503's normal form; npm and others as written. */
export function normalPackageName(ecosystem: Ecosystem, name: string): string {
  return ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : ecosystem === 'composer' || ecosystem === 'cargo' ? name.toLowerCase().replace(/_/g, '-') : name;
}

class Aggregate implements ManifestFacts {
  private readonly packages = new Map<Ecosystem, Set<string>>();
  private readonly uncertainEcosystems = new Set<Ecosystem>();
  private readonly manifestEcosystems = new Set<Ecosystem>();
  private readonly scripts = new Map<Runner, Set<string>>();
  private readonly openRunners = new Set<Runner>();
  /** package.json scripts by folder; null: the file did not parse or was skipped. */
  private readonly byPackage = new Map<string, Set<string> | null>();
  private readonly dirsByName = new Map<string, string[]>();
  private readonly direct: Array<{ file: string; ecosystem: Ecosystem; names: readonly string[] }> = [];
  readonly counts: { read: number; skipped: number };

  constructor(files: readonly FileFacts[], overflow: number) {
    let skipped = overflow;
    for (const f of files) {
      if (f.skipped) {
        skipped++;
        // A skipped manifest may declare anything; a skipped lockfile only adds names, so it leaves the answer as is.
        const eco = ecosystemOf(f.rel);
        if (eco && !isLockfile(f.rel)) this.uncertainEcosystems.add(eco);
        const runner = scriptFileRunner(f.rel);
        if (runner) this.openRunners.add(runner);
        if (runner === 'npm') this.byPackage.set(folderOf(f.rel), null);
        continue;
      }
      if (f.manifest) {
        const m = f.manifest;
        if (m.unparsed) this.uncertainEcosystems.add(m.ecosystem);
        if (m.direct) this.manifestEcosystems.add(m.ecosystem);
        const set = this.packages.get(m.ecosystem) ?? new Set<string>();
        for (const n of [...m.dependencies, ...m.ownNames]) set.add(normalPackageName(m.ecosystem, n));
        this.packages.set(m.ecosystem, set);
        if (m.direct && m.dependencies.length > 0) this.direct.push({ file: f.rel, ecosystem: m.ecosystem, names: m.dependencies });
      }
      if (f.scripts) {
        const s = f.scripts;
        if (s.open) this.openRunners.add(s.runner);
        const set = this.scripts.get(s.runner) ?? new Set<string>();
        for (const n of s.names) set.add(n);
        this.scripts.set(s.runner, set);
        if (s.runner === 'npm') {
          const dir = folderOf(f.rel);
          const known = this.byPackage.get(dir);
          // Two roots may both hold a package.json at '': their scripts add up; one that did not parse makes it unknown.
          this.byPackage.set(dir, s.open || known === null ? null : new Set([...(known ?? []), ...s.names]));
          if (s.packageName) this.dirsByName.set(s.packageName, [...(this.dirsByName.get(s.packageName) ?? []), dir]);
        }
      }
    }
    // Over the file budget, any ecosystem or runner may have more in the files not read.
    if (overflow > 0) {
      for (const e of this.manifestEcosystems) this.uncertainEcosystems.add(e);
      for (const r of this.scripts.keys()) this.openRunners.add(r);
    }
    this.counts = { read: files.length - (skipped - overflow), skipped };
  }

  hasPackage(ecosystem: Ecosystem, name: string): boolean | undefined {
    if (this.packages.get(ecosystem)?.has(normalPackageName(ecosystem, name))) return true;
    if (!this.manifestEcosystems.has(ecosystem) || this.uncertainEcosystems.has(ecosystem)) return undefined;
    return false;
  }

  hasScript(runner: Runner, name: string): boolean | undefined {
    const set = this.scripts.get(runner);
    if (set?.has(name)) return true;
    if (!set || this.openRunners.has(runner)) return undefined;
    return false;
  }

  scriptNames(runner: Runner): readonly string[] {
    return [...(this.scripts.get(runner) ?? [])];
  }

  packageScripts(dir: string): readonly string[] | undefined {
    const set = this.byPackage.get(dir);
    return set ? [...set] : undefined;
  }

  packageDir(name: string): string | undefined {
    const dirs = this.dirsByName.get(name);
    return dirs?.length === 1 ? dirs[0] : undefined;
  }

  packagesDefining(name: string): readonly string[] {
    const out: string[] = [];
    for (const [dir, set] of this.byPackage) if (set?.has(name)) out.push(dir);
    return out.sort();
  }

  directDependencies(): ReadonlyArray<{ file: string; ecosystem: Ecosystem; names: readonly string[] }> {
    return this.direct;
  }
}
