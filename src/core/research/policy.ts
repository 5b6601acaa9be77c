/**
 * What the research tools may read: the built-in secret deny list, the
 * user's extra deny globs, and every ignore source git itself uses, the way
 * `git check-ignore` sees them: `.gitignore` at every level (a deeper file
 * wins over a shallower one, and nothing below an ignored folder comes
 * back), `$GIT_DIR/info/exclude`, then `core.excludesFile` (default
 * `$XDG_CONFIG_HOME/git/ignore`). Rules use gitignore syntax (the `ignore`
 * package), so `*.pem` matches at any depth and `secrets/` matches a
 * directory and everything below it.
 *
 * Ignore files are workspace input too: each is read through
 * readConfinedFile (regular file, not a symlink, at most 256 KiB, never
 * blocking), and git is only asked where its files are, with no program of
 * the repository's able to run.
 *
 * Cost: a folder's rule chain is built once (from its parent's) and cached,
 * so judging every entry of a walk is linear in the number of entries.
 */
import { spawn } from 'node:child_process';
import ignore, { type Ignore } from 'ignore';
import * as path from 'node:path';
import { readConfinedFile } from './confined-read';

/**
 * Secrets and credentials never read or sent. Users can add to this list
 * (setting `denyGlobs`), never remove from it: their globs live in a second
 * rule set, and `!` entries are refused. Sources: the project's first
 * list, the file signatures of gitrob (michenriksen/gitrob,
 * `filesignatures.json`: credential stores, key files, auth configs, shell
 * histories) and the files a hostile-workspace review found missing; see README.md
 * ("Secret deny list") for each entry's origin and what was left out.
 */
export const DEFAULT_DENY_GLOBS: readonly string[] = [
  // A `.git` FILE (`gitdir: ../other/.git`) names a repository elsewhere
  '.git',
  '.git/',
  // Environment files (gitrob "Environment configuration file": .envrc, .env_local)
  '*.env',
  '.env',
  '.env.*',
  '.env_*',
  '.env-*',
  '.envrc',
  // Private keys and certificates (gitrob key/bundle extensions: *.ppk, *.p8)
  '*.pem',
  '*.key',
  '*.ppk',
  '*.p8',
  '*_rsa',
  '*_dsa',
  '*_ecdsa',
  '*_ed25519',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*.p12',
  '*.pfx',
  '*.pkcs12',
  '*.crt',
  '*.cer',
  '*.der',
  '*.jks',
  '*.keystore',
  '*.keychain',
  '*.agilekeychain',
  '*.keyring',
  '*.kdb',
  '*.kdbx',
  '*.kwallet',
  '*.psafe3',
  '*.ovpn',
  '*.tpm',
  '*.bek',
  'otr.private_key',
  // Package-manager, cloud and tool credentials (gitrob: .pgpass, .kube/config, .vault-token)
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.gem/credentials',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.htpasswd',
  '.pgpass',
  '.my.cnf',
  '.s3cfg',
  '.boto',
  '.dockercfg',
  '.docker/config.json',
  '.kube/config',
  'kubeconfig',
  '.vault-token',
  '.terraformrc',
  'terraform.rc',
  'credentials.json',
  'credentials.xml',
  'credentials.db',
  'adc.json',
  'application_default_credentials.json',
  'doctl/config.yaml',
  'sftp-config.json',
  'secret_token.rb',
  'master.key',
  'secrets.yaml',
  'secrets.yml',
  'secrets.json',
  // Credential files found readable by name in a hostile-repository review: env files under other names,
  // OAuth client and token files, Cloudflare, Streamlit, Azure Functions, Yarn 1, Cargo, gh, Maven,
  // Terraform Cloud, GCP service accounts, deploy keys and AWS credential files outside .aws/
  '.dev.vars',
  'client_secret*.json',
  'token.json',
  'secrets.toml',
  'local.settings.json',
  '.yarnrc',
  'credentials.toml',
  '**/.cargo/credentials',
  '**/gh/hosts.yml',
  '**/.m2/settings.xml',
  '**/.m2/settings-security.xml',
  'credentials.tfrc.json',
  'service-account*.json',
  '*service_account*.json',
  'deploy_key',
  'deploy_key.*',
  '*_deploy_key',
  'credentials',
  'aws-credentials',
  // Shell and client histories (gitrob)
  '.bash_history',
  '.zsh_history',
  '.sh_history',
  '.history',
  '.psql_history',
  '.mysql_history',
  '.irb_history',
  '.python_history',
  // Folders that hold only credentials
  '.ssh/',
  '.aws/',
  '.gnupg/',
  '.azure/',
  '.config/gcloud/',
  'secrets/',
  '.secrets/',
  // Infrastructure state and variables
  '*.tfstate',
  '*.tfstate.backup',
  '*.tfvars',
];

/** Directories skipped by grep and list_files (not refused for read_file). */
export const SKIPPED_DIRS: readonly string[] = ['node_modules'];

export type Denial = { rule: string; message: string };

/** One ignore source that applies below `base` (workspace-relative folder, '' = root). */
interface Level {
  base: string;
  rules: Ignore;
  where: string;
}

const MAX_IGNORE_FILE_BYTES = 256 * 1024;
const GIT_QUERY_TIMEOUT_MS = 2000;

/**
 * One policy per workspace root. Holds the parsed ignore files (instance
 * fields, so they live as long as the toolbox that owns it).
 */
export class AccessPolicy {
  private readonly deny: Ignore;
  /** The user's globs in their own instance: a `!` entry there could otherwise re-include what the defaults deny. */
  private readonly userDeny: Ignore;
  /** Folder → the `.gitignore` levels that apply inside it, outermost first. */
  private readonly chains = new Map<string, Promise<Level[]>>();
  private outer: Promise<Level[]> | null = null;

  constructor(
    private readonly root: string,
    denyGlobs: readonly string[] = [],
  ) {
    this.deny = ignore().add([...DEFAULT_DENY_GLOBS]);
    this.userDeny = ignore().add(usableDenyGlobs(denyGlobs));
  }

  /**
   * Why `rel` (workspace-relative POSIX, non-empty) may not be read, or null.
   * `isDir` lets directory-only rules (`secrets/`) match the directory itself.
   * A rule that matches a folder above `rel` denies `rel` too.
   */
  async denialFor(rel: string, isDir = false): Promise<Denial | null> {
    if (rel === '') return null;
    try {
      return await this.check(rel, isDir);
    } catch {
      // `ignore` throws on path shapes it cannot judge; unjudgeable means unreadable.
      return { rule: 'unsupported-path', message: `refused: "${rel}" is a path the access rules cannot judge` };
    }
  }

  private async check(rel: string, isDir: boolean): Promise<Denial | null> {
    const probe = isDir ? `${rel}/` : rel;
    let denied = this.deny.test(probe);
    if (!denied.ignored) denied = this.userDeny.test(probe);
    if (denied.ignored) {
      const rule = denied.rule?.pattern ?? 'deny list';
      return { rule: `deny:${rule}`, message: `refused: "${rel}" matches the secret deny rule "${rule}"; its content is never read or sent` };
    }
    const slash = rel.lastIndexOf('/');
    const levels = [...(await this.chainOf(slash < 0 ? '' : rel.slice(0, slash))), ...(await this.outerLevels())];
    // Deepest source first: the first one with a verdict (ignore or re-include) decides, as in git.
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i] as Level;
      const below = level.base === '' ? probe : probe.slice(level.base.length + 1);
      const result = level.rules.test(below);
      if (result.ignored) {
        return { rule: 'gitignore', message: `refused: "${rel}" is ignored by ${level.where} ("${result.rule?.pattern ?? '?'}"); ignored files are never read or sent` };
      }
      if (result.unignored) return null;
    }
    return null;
  }

  /** The `.gitignore` levels for entries of folder `dir`: its parent's chain plus its own file. Built once per folder. */
  private chainOf(dir: string): Promise<Level[]> {
    let chain = this.chains.get(dir);
    if (!chain) {
      const slash = dir.lastIndexOf('/');
      const parent = dir === '' ? Promise.resolve<Level[]>([]) : this.chainOf(slash < 0 ? '' : dir.slice(0, slash));
      chain = Promise.all([parent, this.readRules(path.join(this.root, dir, '.gitignore'))]).then(([above, own]) =>
        own ? [...above, { base: dir, rules: own, where: dir === '' ? '.gitignore' : `${dir}/.gitignore` }] : above,
      );
      this.chains.set(dir, chain);
    }
    return chain;
  }

  /** `info/exclude` and `core.excludesFile`, lowest precedence last (they apply from the repository top). */
  private outerLevels(): Promise<Level[]> {
    this.outer ??= this.loadOuter().catch(() => []);
    return this.outer.then((levels) => levels);
  }

  private async loadOuter(): Promise<Level[]> {
    const located = await gitQuery(this.root, ['rev-parse', '--show-prefix', '--git-path', 'info/exclude']);
    if (!located) return [];
    const [prefix = '', excludePath = ''] = located.split('\n');
    const configured = await gitQuery(this.root, ['config', '--path', '--get', 'core.excludesFile'], true);
    const xdg = process.env.XDG_CONFIG_HOME || (process.env.HOME ? path.join(process.env.HOME, '.config') : '');
    const excludesFile = configured?.trim() || (xdg ? path.join(xdg, 'git', 'ignore') : '');
    const levels: Level[] = [];
    // Patterns in these files are relative to the repository top; the workspace may be a folder below it.
    const sources: [string, string][] = [
      [excludesFile, 'core.excludesFile'],
      [excludePath.trim() === '' ? '' : path.resolve(this.root, excludePath.trim()), '.git/info/exclude'],
    ];
    for (const [file, where] of sources) {
      const rules = file ? await this.readRules(file) : null;
      if (rules) levels.push({ base: '', rules: prefix.trim() === '' ? rules : rebase(rules, prefix.trim()), where });
    }
    return levels;
  }

  private async readRules(file: string): Promise<Ignore | null> {
    const read = await readConfinedFile(file, { maxBytes: MAX_IGNORE_FILE_BYTES, singleLink: false });
    return read.ok ? ignore().add(read.buffer.toString('utf8')) : null;
  }
}

/**
 * The user's extra deny globs that can only add: blank entries and entries
 * starting with `!` (a re-include) are dropped. The settings reader refuses
 * the latter with a message naming them (settings/main.ts `denyGlobs`).
 */
export function usableDenyGlobs(globs: readonly unknown[]): string[] {
  return globs.filter((g): g is string => typeof g === 'string' && g.trim() !== '' && !g.trim().startsWith('!'));
}

/** Rules written for the repository top, judged on paths relative to a workspace `prefix` ("app/") below it. */
function rebase(rules: Ignore, prefix: string): Ignore {
  const shifted = Object.create(rules) as Ignore;
  shifted.test = (p: string) => rules.test(`${prefix}${p}`);
  return shifted;
}

/**
 * A read-only git query (where files are, one config value). Fresh
 * environment; `withUserConfig` lets the user's global config answer (for
 * core.excludesFile), never the system's pager or fsmonitor: these commands
 * run neither. stdin closed, deadline, output capped. null on any failure.
 */
function gitQuery(cwd: string, args: string[], withUserConfig = false): Promise<string | null> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_NO_LAZY_FETCH: '1' };
    if (withUserConfig) Object.assign(env, { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME });
    else env.GIT_CONFIG_GLOBAL = '/dev/null';
    let out = '';
    const child = spawn('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), GIT_QUERY_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (out.length < 16 * 1024) out += d;
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? out.replace(/\n$/, '') : null);
    });
  });
}
