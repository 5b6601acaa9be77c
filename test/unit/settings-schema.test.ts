/**
 * The one settings schema (src/core/settings.ts): package.json agrees with it,
 * every front end reads the same default for every setting, and reading an
 * untrusted value never throws and never yields a value the schema rejects.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import * as z from 'zod';
import { defaultConfig } from '../../src/core/config';
import { AgentRole } from '../../src/core/protocol';
import { RULE_CODES } from '../../src/core/rules';
import { SETTINGS, SETTING_KEYS, contributesConfiguration, readSetting, settingDefault, settingDefaults, settingsReadBy, type SettingKey } from '../../src/core/settings';
import { parseCliArgs, type RunArgs } from '../../src/cli/args';
import { CliError } from '../../src/cli/exit-codes';
import { helpText } from '../../src/cli/help';
import { configFromArgs } from '../../src/cli/run-command';
import { SETTING_FLAGS, parseSettingFlag } from '../../src/cli/setting-flags';
import { DEFAULT_SETTINGS as EXTENSION_DEFAULTS, readSettings, toEngineConfig } from '../../src/extension/settings';
import { parseSettings } from '../../src/server/settings';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Record<string, unknown>> }[] };
};

/** The extension's value of a setting key, from its typed settings object. */
function extensionValue(settings: typeof EXTENSION_DEFAULTS, key: SettingKey): unknown {
  if (key.startsWith('models.')) return settings.models[key.slice('models.'.length) as AgentRole];
  if (key.startsWith('effort.')) return settings.effort[key.slice('effort.'.length) as AgentRole];
  if (key.startsWith('languageModel.')) return settings.languageModel[key.slice('languageModel.'.length) as 'vendor' | 'family'];
  return (settings as unknown as Record<string, unknown>)[key];
}

describe('settings schema (one source of truth)', () => {
  it('package.json contributes.configuration is exactly what the table generates (type, default, enum, min/max, description)', () => {
    assert.deepEqual(manifest.contributes.configuration, contributesConfiguration(), 'stale: run npm run schemas');
    const manifestKeys = manifest.contributes.configuration.flatMap((g) => Object.keys(g.properties)).sort();
    assert.deepEqual(manifestKeys, SETTING_KEYS.map((k) => `verifyPlan.${k}`).sort());
    for (const group of manifest.contributes.configuration) {
      for (const [name, entry] of Object.entries(group.properties)) {
        const key = name.slice('verifyPlan.'.length) as SettingKey;
        assert.deepEqual(entry.default, settingDefault(key), `${name} default`);
        assert.equal(typeof entry.markdownDescription, 'string', `${name} has a description`);
        assert.ok((entry.markdownDescription as string).length > 20, `${name} description says something`);
        if (Array.isArray(entry.enum)) assert.equal((entry.enumDescriptions as unknown[] | undefined)?.length ?? entry.enum.length, entry.enum.length, `${name} enum descriptions`);
      }
    }
  });

  it('every setting has one default across the manifest, the engine, the extension, the server and the CLI', () => {
    const defaults = settingDefaults();
    const engine = defaultConfig();
    // Extension: unset settings read as the table's defaults.
    const ext = readSettings(() => undefined);
    assert.deepEqual(ext.problems, []);
    for (const key of settingsReadBy('extension')) assert.deepEqual(extensionValue(ext.settings, key), defaults[key], `extension ${key}`);
    // Server: an empty section reads as the table's defaults.
    const server = parseSettings(undefined).settings;
    for (const code of RULE_CODES) assert.equal(server.rules[code], defaults[`rules.${code}`], `server rules.${code}`);
    assert.equal(server.threshold, defaults.threshold);
    assert.equal(server.team, defaults.team);
    // CLI: no flags give the same engine config as the extension's defaults and the engine's own.
    const cli = configFromArgs(parseCliArgs(['plan.md']) as RunArgs);
    assert.deepEqual(cli, engine);
    assert.deepEqual(toEngineConfig(ext.settings), engine);
    for (const key of ['team', 'threshold', 'maxIterations', 'spendingCapUsd', 'webSearch', 'denyGlobs'] as const) assert.deepEqual(engine[key], defaults[key], `engine ${key}`);
    for (const role of AgentRole.options) assert.equal(engine.models[role], defaults[`models.${role}`], `engine models.${role}`);
    for (const role of AgentRole.options) assert.equal(engine.effort[role], defaults[`effort.${role}`], `engine effort.${role}`);
    // The example: one spending cap everywhere.
    assert.equal(cli.spendingCapUsd, EXTENSION_DEFAULTS.spendingCapUsd);
    // --help states each setting flag's default.
    const help = helpText('0.0.0');
    for (const f of SETTING_FLAGS) {
      const value = defaults[f.key];
      const empty = value === '' || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
      const shown = Array.isArray(value) ? value.join(',') : empty ? 'none' : String(value as string | number | boolean);
      assert.ok(help.includes(`--${f.flag} ${f.arg}`) && help.includes(`(default ${shown})`), `--help shows --${f.flag} with its default ${shown}`);
    }
  });

  it('every CLI flag that sets a setting comes from the table, and each front end reads only keys the table has', () => {
    assert.deepEqual(
      SETTING_FLAGS.map((f) => f.key),
      settingsReadBy('cli').filter((k) => SETTINGS[k].cli),
    );
    for (const f of SETTING_FLAGS) {
      const value = settingDefault(f.key);
      // An empty table (--price) has no text form: the flag absent is its default.
      if (typeof value === 'object' && !Array.isArray(value)) {
        assert.deepEqual(value, {});
        continue;
      }
      const text = Array.isArray(value) ? value.join(',') : String(value);
      assert.doesNotThrow(() => parseCliArgs(['plan.md', `--${f.flag}=${text}`]), `--${f.flag} accepts its default`);
    }
  });

  it('reading any untrusted value never throws and yields a value the schema accepts (else the default, with a problem)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SETTING_KEYS), fc.jsonValue(), (key, raw) => {
        const read = readSetting(key, raw);
        assert.ok((SETTINGS[key].schema as z.ZodType).safeParse(read.value).success);
        if (read.problem !== null) {
          assert.deepEqual(read.value, settingDefault(key));
          assert.ok(read.problem.startsWith(`verifyPlan.${key}: `));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a CLI flag value is either accepted by the setting schema or a usage error naming the flag', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SETTING_FLAGS),
        fc.oneof(fc.string(), fc.integer({ min: -5, max: 40 }).map(String), fc.constantFrom('auto', 'base', 'scaled', '$3', '0.5', 'http://x.test', 'ftp://x')),
        (f, raw) => {
          try {
            const value = parseSettingFlag(f.key, raw);
            assert.ok((SETTINGS[f.key].schema as z.ZodType).safeParse(value).success);
          } catch (error) {
            assert.ok(error instanceof CliError, String(error));
            assert.ok(error.message.includes(`--${f.flag}`), error.message);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
