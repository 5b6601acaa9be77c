/** Which editor model (`vscode.lm`) runs each role: the selector from the settings, no silent fallback, the legacy preference order. */
import assert from 'node:assert/strict';
import { chooseLanguageModels, describeLmModel, lmSelector, type LmModelInfo, type LmPreference } from '../../src/extension/lm-selection';
import { readSettings } from '../../src/extension/settings';

const model = (vendor: string, family: string, id = family, name = family): LmModelInfo => ({ vendor, family, id, name });

const GPT = model('copilot', 'gpt-4o', 'gpt-4o', 'GPT-4o');
const SONNET = model('copilot', 'claude-sonnet-4', 'claude-sonnet-4', 'Claude Sonnet 4');
const OPUS = model('copilot', 'claude-opus-4.1', 'claude-opus-41', 'Claude Opus 4.1');
const LOCAL = model('ollama', 'llama3', 'llama3:8b', 'Llama 3');
const LOCAL_CLAUDE = model('acme', 'claude-sonnet-4', 'acme-sonnet', 'Acme Sonnet');
const ALL = [GPT, SONNET, OPUS, LOCAL, LOCAL_CLAUDE];

const ANY: LmPreference = { vendor: '', family: '' };

/** What the editor returns for the selector: VS Code matches each given field exactly. */
function editorSelect(models: readonly LmModelInfo[], preference: LmPreference): LmModelInfo[] {
  const s = lmSelector(preference);
  return models.filter((m) => (s.vendor === undefined || m.vendor === s.vendor) && (s.family === undefined || m.family === s.family));
}

function choose(preference: LmPreference, wanted: string[], models: readonly LmModelInfo[] = ALL) {
  return chooseLanguageModels(editorSelect(models, preference), models, preference, wanted);
}

function chosen(preference: LmPreference, wanted: string, models: readonly LmModelInfo[] = ALL): string {
  const c = choose(preference, [wanted], models);
  assert.ok(c.ok, c.ok ? '' : c.message);
  return describeLmModel(c.byModelId.get(wanted)!);
}

describe('editor model selection (vscode.lm)', () => {
  it('turns the settings into a LanguageModelChatSelector, leaving out what is not set', () => {
    assert.deepEqual(lmSelector(ANY), {});
    assert.deepEqual(lmSelector({ vendor: ' copilot ', family: '' }), { vendor: 'copilot' });
    assert.deepEqual(lmSelector({ vendor: '', family: 'gpt-4o' }), { family: 'gpt-4o' });
    assert.deepEqual(lmSelector({ vendor: 'copilot', family: 'gpt-4o' }), { vendor: 'copilot', family: 'gpt-4o' });
  });

  it('the settings default to no preference and are read from verifyPlan.languageModel.*', () => {
    assert.deepEqual(readSettings(() => undefined).settings.languageModel, ANY);
    const raw: Record<string, unknown> = { 'languageModel.vendor': ' ollama ', 'languageModel.family': 'llama3' };
    const { settings, problems } = readSettings((k) => raw[k]);
    assert.deepEqual(problems, []);
    assert.deepEqual(settings.languageModel, { vendor: 'ollama', family: 'llama3' });
  });

  it('names a model vendor/family/id', () => {
    assert.equal(describeLmModel(OPUS), 'copilot/claude-opus-4.1/claude-opus-41');
  });

  it('vendor only: a model of that vendor, Claude preferred within it', () => {
    assert.equal(chosen({ vendor: 'copilot', family: '' }, 'claude-opus-5-5'), 'copilot/claude-sonnet-4/claude-sonnet-4');
    assert.equal(chosen({ vendor: 'ollama', family: '' }, 'claude-opus-5-5'), 'ollama/llama3/llama3:8b', 'the only ollama model, though others are Claude');
  });

  it('family only: a model of that family from whichever vendor offers it', () => {
    assert.equal(chosen({ vendor: '', family: 'gpt-4o' }, 'claude-opus-5-5'), 'copilot/gpt-4o/gpt-4o');
    assert.equal(chosen({ vendor: '', family: 'llama3' }, 'claude-sonnet-5-5'), 'ollama/llama3/llama3:8b');
  });

  it('vendor and family: exactly that model', () => {
    assert.equal(chosen({ vendor: 'acme', family: 'claude-sonnet-4' }, 'claude-opus-5-5'), 'acme/claude-sonnet-4/acme-sonnet');
    assert.equal(chosen({ vendor: 'copilot', family: 'claude-sonnet-4' }, 'claude-opus-5-5'), 'copilot/claude-sonnet-4/claude-sonnet-4');
  });

  it('within the preference, a role whose configured id names a model gets that model', () => {
    const c = choose({ vendor: 'copilot', family: '' }, ['claude-opus-41', 'gpt-4o', 'claude-sonnet-5-5']);
    assert.ok(c.ok);
    assert.equal(c.byModelId.get('claude-opus-41'), OPUS, 'by id');
    assert.equal(c.byModelId.get('gpt-4o'), GPT, 'by family');
    assert.equal(c.byModelId.get('claude-sonnet-5-5'), SONNET, 'no match: the first Claude family');
  });

  it('no preference: the legacy order over every model (configured id or family, else Claude, else the first)', () => {
    assert.equal(chosen(ANY, 'llama3'), 'ollama/llama3/llama3:8b');
    assert.equal(chosen(ANY, 'claude-opus-5-5'), 'copilot/claude-sonnet-4/claude-sonnet-4');
    assert.equal(chosen(ANY, 'claude-opus-5-5', [LOCAL, GPT]), 'ollama/llama3/llama3:8b');
  });

  it('no match: fails naming the selector and listing every available model, and never falls back to another vendor', () => {
    const c = choose({ vendor: 'anthropic', family: '' }, ['claude-opus-5-5']);
    assert.ok(!c.ok);
    assert.match(c.message, /No editor language model matches verifyPlan\.languageModel \(vendor "anthropic"\)/);
    for (const m of ALL) assert.ok(c.message.includes(`${describeLmModel(m)} (${m.name})`), `lists ${describeLmModel(m)}`);
    assert.match(c.message, /clear them to use any model/);

    const both = choose({ vendor: 'copilot', family: 'llama3' }, ['claude-opus-5-5']);
    assert.ok(!both.ok, 'llama3 exists, but not from copilot');
    assert.match(both.message, /vendor "copilot", family "llama3"/);
  });

  it('a selector is matched exactly, as VS Code matches it, even if the editor returned more', () => {
    const c = chooseLanguageModels(ALL, ALL, { vendor: 'Copilot', family: '' }, ['x']);
    assert.ok(!c.ok, '"Copilot" is not "copilot"');
  });

  it('no editor models at all: says so', () => {
    const c = choose(ANY, ['claude-opus-5-5'], []);
    assert.ok(!c.ok);
    assert.match(c.message, /The editor offers no language models/);
  });
});
