/**
 * unknown-script: a command the plan prescribes (`npm run X`, `pnpm run X`, `bun run X`, `yarn X`, `pnpm X`, `make X`,
 * `just X`, `task X`) names a script or target that the workspace does not define where the command runs. Read only in
 * code (fenced blocks and inline spans, code-lines.ts), except `npm run` / `pnpm run`, which are never prose. A
 * package.json script is looked up in the package the command runs in (package-commands.ts: the root, or the package
 * a `cd`, `-w`, `--filter`, `yarn workspace` names), not in any package: a root `bun run lint` where only two
 * workspace packages define "lint" fails. Runners that fall back to a binary or a file (`bun run`, `yarn`, bare
 * `pnpm X`) are reported only when another package defines the script (the name is a script, in the wrong place). Silent where the workspace cannot tell (no
 * such file, one that did not parse, a Makefile with includes or pattern rules: workspace-manifests.ts), and where the
 * plan brings the script into being: it writes its definition ("\"test:e2e\": …" in a package.json snippet, "e2e:"
 * in a Makefile block) or a line names it with an add/create verb ("Add a `test:e2e` script").
 */
import type { Plan } from '../../plan';
import type { RuleEnvironment } from '../catalog';
import type { Draft } from '../text-rules';
import type { Runner } from '../../index/scripts';
import type { ManifestFacts } from '../../index/workspace-manifests';
import { codeTexts, shellCommands } from './code-lines';
import { closestName } from '../../index/closest';
import { joinFolder, packageRun, type PackageRun } from './package-commands';

export interface ScriptMention {
  runner: Runner;
  name: string;
  line: number;
  startChar: number;
  command: string;
  /** A package.json script: the package the command runs in, and whether a binary or file of that name runs too. */
  package?: Pick<PackageRun, 'where' | 'orBin'>;
}

const NPM_RUN = /\b(?:npm|pnpm)((?:\s+--?[\w-]+(?:=\S+|\s+(?!run\b)[^\s-]\S*)?)*)\s+run(?:-script)?((?:\s+--?[\w-]+(?:=\S+)?)*)\s+([A-Za-z0-9_][\w:.@/-]*)/g;
const TOKEN = /\S+/g;

/** Every script or target the plan's commands name. */
export function scriptMentions(plan: Plan): ScriptMention[] {
  const out: ScriptMention[] = [];
  const seen = new Set<string>();
  const push = (m: ScriptMention): void => {
    const key = `${m.line}:${m.startChar}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(m);
  };
  const inCode = new Map<number, Array<[number, number]>>();
  // A `cd` in a fenced block holds for the block's next lines; a span or another block starts at the root again.
  let block: { line: number; cwd: string | null } = { line: -2, cwd: '' };
  for (const code of codeTexts(plan)) {
    inCode.set(code.line, [...(inCode.get(code.line) ?? []), [code.startChar, code.startChar + code.text.length]]);
    if (code.language !== null && !SHELL_LANGUAGES.has(code.language)) continue;
    if (code.language === null || code.line !== block.line + 1) block = { line: code.line, cwd: '' };
    block.line = code.line;
    for (const command of shellCommands(code.text)) {
      if (command.text.startsWith('#')) continue;
      const tokens = [...command.text.matchAll(TOKEN)].map((t) => ({ text: t[0], at: code.startChar + command.start + (t.index ?? 0) }));
      const runner = tokens[0]?.text;
      if (runner === 'cd') {
        const to = tokens[1]?.text;
        block.cwd = block.cwd === null || to === undefined ? null : joinFolder(block.cwd, to);
        if (code.language === null) block.line = -2;
        continue;
      }
      if (runner === 'npm' || runner === 'pnpm' || runner === 'yarn' || runner === 'bun') {
        const run =
          block.cwd === null
            ? null
            : packageRun(
                tokens.map((t) => t.text),
                block.cwd,
              );
        const at = run ? tokens[run.token] : undefined;
        if (run && at) push({ runner: 'npm', name: run.name, line: code.line, startChar: at.at, command: command.text, package: { where: run.where, orBin: run.orBin } });
        continue;
      }
      if (runner !== 'make' && runner !== 'just' && runner !== 'task') continue;
      for (const target of targetsOf(runner, tokens.slice(1))) push({ runner, name: target.text, line: code.line, startChar: target.at, command: command.text });
    }
    if (code.language === null) block.line = -2;
  }
  // `npm run X` and `pnpm run X` in prose too (never prose words); in the root.
  for (let line = 0; line < plan.lines.length; line++) {
    const text = plan.lines[line] ?? '';
    if (text.length > 4000 || !/\b(?:npm|pnpm)\b/.test(text)) continue;
    const code = inCode.get(line) ?? [];
    for (const m of text.matchAll(NPM_RUN)) {
      if (code.some(([from, to]) => (m.index ?? 0) >= from && (m.index ?? 0) < to)) continue;
      if (/--if-present\b|(?:^|\s)(?:-r|--recursive|-ws|--workspaces|-w|--workspace|-F|--filter|-C|--dir|--prefix)\b/.test(`${m[1] ?? ''} ${m[2] ?? ''}`)) continue;
      const name = (m[3] as string).replace(/[.:,]+$/, '');
      const startChar = (m.index ?? 0) + m[0].length - (m[3] as string).length;
      push({ runner: 'npm', name, line, startChar, command: m[0], package: { where: { dir: '' }, orBin: false } });
    }
  }
  return out.sort((a, b) => a.line - b.line || a.startChar - b.startChar);
}

const SHELL_LANGUAGES = new Set(['', 'sh', 'bash', 'shell', 'zsh', 'console', 'shell-session', 'powershell', 'ps1', 'fish', 'cmd', 'makefile', 'make', 'text']);

/** make: every operand that is not an option or "VAR=value" (several targets run in order); just: the first operand; task: every operand before "--". */
function targetsOf(runner: 'make' | 'just' | 'task', tokens: Array<{ text: string; at: number }>): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as { text: string; at: number };
    if (t.text === '--' || /^[<>2&]/.test(t.text)) break;
    if (t.text.startsWith('-')) {
      // "-C dir", "-f file", "--justfile x", "-d dir": an option that takes the next word.
      if (/^(?:-[CfIoW]|--(?:directory|file|makefile|justfile|working-directory|dir|taskfile)|-[dt])$/.test(t.text)) i++;
      continue;
    }
    if (t.text.includes('=')) continue;
    const name = t.text.replace(/[`'",.;)]+$/, '');
    if (!/^[A-Za-z_][\w:-]*$/.test(name)) return out;
    out.push({ text: name, at: t.at });
    if (runner === 'just') return out;
  }
  return out;
}

export function unknownScriptRule(plan: Plan, env: RuleEnvironment): Draft[] {
  const facts = env.manifests?.();
  if (!facts) return [];
  const mentions = scriptMentions(plan);
  if (mentions.length === 0) return [];
  const out: Draft[] = [];
  const defined = new Map<string, boolean>();
  const byPlan = (name: string): boolean => {
    let known = defined.get(name);
    if (known === undefined) defined.set(name, (known = planDefines(plan, name)));
    return known;
  };
  for (const m of mentions) {
    const draft = m.package ? packageScriptDraft(m, m.package, facts, plan.lines[m.line] ?? '') : targetDraft(m, facts);
    if (draft && !byPlan(m.name)) out.push(draft);
  }
  return out;
}

function rangeOf(m: ScriptMention): Draft['range'] {
  return { startLine: m.line, startChar: m.startChar, endLine: m.line, endChar: m.startChar + m.name.length };
}

/** make, just, task: a target no file of the runner defines. */
function targetDraft(m: ScriptMention, facts: ManifestFacts): Draft | null {
  if (facts.hasScript(m.runner, m.name) !== false) return null;
  const suggestion = closestName(m.name, facts.scriptNames(m.runner));
  const what = RUNNER_WORDS[m.runner];
  return {
    code: 'unknown-script',
    message: suggestion
      ? `"${m.command.trim()}": the workspace's ${what.files} define no ${what.kind} "${m.name}"; did you mean "${suggestion}"?`
      : `"${m.command.trim()}": the workspace's ${what.files} define no ${what.kind} "${m.name}": fix the name, or say the plan adds it.`,
    range: rangeOf(m),
    data: suggestion ? { name: m.name, runner: m.runner, suggestion } : { name: m.name, runner: m.runner },
  };
}

/**
 * A package.json script, looked up in the package the command runs in. A root with no package.json (a repository of
 * separate packages) leaves the folder open: then, as for make, any package.json of the workspace may define it.
 */
function packageScriptDraft(m: ScriptMention, run: NonNullable<ScriptMention['package']>, facts: ManifestFacts, line: string): Draft | null {
  const dir = 'dir' in run.where ? run.where.dir : facts.packageDir(run.where.name);
  if (dir === undefined) return null;
  const scripts = facts.packageScripts(dir);
  if (scripts === undefined) {
    if (dir !== '' || run.orBin || facts.hasScript('npm', m.name) !== false) return null;
    return targetDraft(m, facts);
  }
  if (scripts.includes(m.name)) return null;
  const elsewhere = facts.packagesDefining(m.name).filter((d) => d !== dir);
  // A binary or a file may run under that name: only a script defined in another package says the plan meant a script.
  if (run.orBin && elsewhere.length === 0) return null;
  // "In `packages/web`, run `npm run dev`", "`npm run dev` for the web package": the line says where it runs.
  if (elsewhere.some((d) => namesFolder(line, d))) return null;
  const suggestion = elsewhere.length === 0 ? closestName(m.name, scripts) : null;
  const where = dir === '' ? 'the root package.json' : `${dir}/package.json`;
  const listed = elsewhere.length > 4 ? `${elsewhere.slice(0, 4).join(', ')} and ${elsewhere.length - 4} more` : elsewhere.join(', ');
  return {
    code: 'unknown-script',
    message:
      elsewhere.length > 0
        ? `"${m.command.trim()}": ${where} defines no script "${m.name}"; it is defined only in ${listed}: run it there (a workspace option or a cd), or add it.`
        : suggestion
          ? `"${m.command.trim()}": ${where} defines no script "${m.name}"; did you mean "${suggestion}"?`
          : `"${m.command.trim()}": ${where} defines no script "${m.name}": fix the name, or say the plan adds it.`,
    range: rangeOf(m),
    data: suggestion ? { name: m.name, runner: m.runner, suggestion } : { name: m.name, runner: m.runner },
  };
}

/** Does the line name the package folder (its path, or its last segment as a word: "the server package")? */
function namesFolder(line: string, dir: string): boolean {
  if (line.includes(dir)) return true;
  const last = dir.slice(dir.lastIndexOf('/') + 1);
  return last.length >= 3 && new RegExp(`(?<![\\w-])${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i').test(line);
}

const RUNNER_WORDS: Record<Runner, { files: string; kind: string }> = {
  npm: { files: 'package.json files', kind: 'script' },
  make: { files: 'Makefiles', kind: 'target' },
  just: { files: 'justfiles', kind: 'recipe' },
  task: { files: 'Taskfiles', kind: 'task' },
};

const ADD_VERB =
  /\b(?:add(?:s|ed|ing)?|creat(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|defin(?:e|es|ed|ing)|wir(?:e|es|ed|ing)|regist(?:er|ers|ered|ering)|expos(?:e|es|ed|ing)|append)\b/i;

/** Does the plan write the script's definition, or name it on a line that adds it? */
function planDefines(plan: Plan, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const definition = new RegExp(`^\\s*(?:[-+]\\s*)?(?:["']${escaped}["']\\s*:|@?${escaped}(?:\\s+[^:=\\n]*)?:(?!=)|${escaped}\\s*=)`, 'm');
  if (definition.test(plan.text)) return true;
  const named = new RegExp(`(?<![\\w:-])${escaped}(?![\\w:-])`);
  return plan.lines.some((l) => l.length < 4000 && named.test(l) && ADD_VERB.test(l));
}
