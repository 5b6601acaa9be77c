/**
 * unknown-script: a command the plan prescribes (`npm run X`, `pnpm run X`, `make X`, `just X`, `task X`) names a
 * script or target that no script file of the workspace defines. Read only in code (fenced blocks and inline spans,
 * code-lines.ts), except `npm run` / `pnpm run`, which are never prose. Silent where the workspace cannot tell (no
 * such file, one that did not parse, a Makefile with includes or pattern rules: workspace-manifests.ts), and where the
 * plan brings the script into being: it writes its definition ("\"test:e2e\": …" in a package.json snippet, "e2e:"
 * in a Makefile block) or a line names it with an add/create verb ("Add a `test:e2e` script").
 */
import type { Plan } from '../../plan';
import type { RuleEnvironment } from '../catalog';
import type { Draft } from '../text-rules';
import type { Runner } from '../../index/scripts';
import { codeTexts, shellCommands } from './code-lines';
import { closestName } from '../../index/closest';

export interface ScriptMention {
  runner: Runner;
  name: string;
  line: number;
  startChar: number;
  command: string;
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
  for (let line = 0; line < plan.lines.length; line++) {
    const text = plan.lines[line] ?? '';
    if (text.length > 4000 || !/\b(?:npm|pnpm)\b/.test(text)) continue;
    for (const m of text.matchAll(NPM_RUN)) {
      if (/--if-present\b/.test(`${m[1] ?? ''} ${m[2] ?? ''}`)) continue;
      const name = (m[3] as string).replace(/[.:,]+$/, '');
      push({ runner: 'npm', name, line, startChar: (m.index ?? 0) + m[0].length - (m[3] as string).length, command: m[0] });
    }
  }
  for (const code of codeTexts(plan)) {
    if (code.language !== null && !SHELL_LANGUAGES.has(code.language)) continue;
    for (const command of shellCommands(code.text)) {
      if (command.text.startsWith('#')) continue;
      const tokens = [...command.text.matchAll(TOKEN)].map((t) => ({ text: t[0], at: code.startChar + command.start + (t.index ?? 0) }));
      const runner = tokens[0]?.text;
      if (runner !== 'make' && runner !== 'just' && runner !== 'task') continue;
      for (const target of targetsOf(runner, tokens.slice(1))) push({ runner, name: target.text, line: code.line, startChar: target.at, command: command.text });
    }
  }
  return out;
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
  for (const m of mentions) {
    if (facts.hasScript(m.runner, m.name) !== false) continue;
    let byPlan = defined.get(m.name);
    if (byPlan === undefined) defined.set(m.name, (byPlan = planDefines(plan, m.name)));
    if (byPlan) continue;
    const suggestion = closestName(m.name, facts.scriptNames(m.runner));
    const what = RUNNER_WORDS[m.runner];
    out.push({
      code: 'unknown-script',
      message: suggestion
        ? `"${m.command.trim()}": the workspace's ${what.files} define no ${what.kind} "${m.name}"; did you mean "${suggestion}"?`
        : `"${m.command.trim()}": the workspace's ${what.files} define no ${what.kind} "${m.name}": fix the name, or say the plan adds it.`,
      range: { startLine: m.line, startChar: m.startChar, endLine: m.line, endChar: m.startChar + m.name.length },
      data: suggestion ? { name: m.name, runner: m.runner, suggestion } : { name: m.name, runner: m.runner },
    });
  }
  return out;
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
