/**
 * Which of the editor's language models (`vscode.lm`) runs each role: pure
 * functions over plain model descriptors, so the rules are unit-tested in
 * plain Node. src/extension/lm-provider.ts feeds them the real models.
 *
 * Contracts:
 * - The user's preference (`verifyPlan.languageModel.vendor` / `.family`,
 *   empty = any) becomes a `LanguageModelChatSelector`, matched as VS Code
 *   matches one: each given field equals the model's field exactly.
 * - A preference is binding: when no model matches it, the choice fails with
 *   a message naming the selector and listing every available model; it never
 *   falls back to another vendor or family.
 * - Among the matching models (all of them when there is no preference), a
 *   role gets the one whose id or family is the role's configured model id,
 *   else a Claude family (the prompts are written for Claude), else the
 *   first the editor lists.
 */

/** The fields of `vscode.LanguageModelChat` the choice reads. */
export interface LmModelInfo {
  readonly id: string;
  readonly vendor: string;
  readonly family: string;
  readonly name: string;
}

export interface LmPreference {
  /** '' = any vendor. */
  vendor: string;
  /** '' = any family. */
  family: string;
}

/** `vscode.LanguageModelChatSelector` restricted to the fields a user can set. */
export interface LmSelector {
  vendor?: string;
  family?: string;
}

export const LM_SETTINGS_QUERY = 'verifyPlan.languageModel';

export function lmSelector(preference: LmPreference): LmSelector {
  const vendor = preference.vendor.trim();
  const family = preference.family.trim();
  return { ...(vendor ? { vendor } : {}), ...(family ? { family } : {}) };
}

export function matchesSelector(model: LmModelInfo, selector: LmSelector): boolean {
  return (selector.vendor === undefined || model.vendor === selector.vendor) && (selector.family === undefined || model.family === selector.family);
}

/** How a model is named in records, reports and the panel: `vendor/family/id`. */
export function describeLmModel(model: LmModelInfo): string {
  return `${model.vendor}/${model.family}/${model.id}`;
}

function describeSelector(selector: LmSelector): string {
  const parts = [selector.vendor !== undefined ? `vendor "${selector.vendor}"` : '', selector.family !== undefined ? `family "${selector.family}"` : ''];
  return parts.filter(Boolean).join(', ');
}

/** The best model for one configured model id among `candidates` (non-empty). */
function rank<T extends LmModelInfo>(candidates: readonly T[], wanted: string): T {
  const lower = wanted.toLowerCase();
  return (
    candidates.find((m) => m.id.toLowerCase() === lower || m.family.toLowerCase() === lower) ?? candidates.find((m) => m.family.toLowerCase().includes('claude')) ?? candidates[0]!
  );
}

export type LmChoice<T extends LmModelInfo> = { ok: true; byModelId: Map<string, T> } | { ok: false; message: string };

/**
 * One editor model per configured model id. `matching` is what the editor
 * returned for `lmSelector(preference)`; `available` is every model it offers
 * (read only to explain a failure).
 */
export function chooseLanguageModels<T extends LmModelInfo>(
  matching: readonly T[],
  available: readonly LmModelInfo[],
  preference: LmPreference,
  wantedIds: readonly string[],
): LmChoice<T> {
  const selector = lmSelector(preference);
  const candidates = matching.filter((m) => matchesSelector(m, selector));
  if (candidates.length === 0) return { ok: false, message: noMatchMessage(selector, available) };
  return { ok: true, byModelId: new Map(wantedIds.map((id) => [id, rank(candidates, id)])) };
}

export function noMatchMessage(selector: LmSelector, available: readonly LmModelInfo[]): string {
  if (available.length === 0) return 'The editor offers no language models. Install or sign in to a chat model provider (such as GitHub Copilot), or set an Anthropic API key.';
  const listed = available.map((m) => `${describeLmModel(m)} (${m.name})`).join(', ');
  const wanted = describeSelector(selector);
  if (!wanted) return `The editor's language models could not be used. Available: ${listed}.`;
  return `No editor language model matches ${LM_SETTINGS_QUERY} (${wanted}). Available models (vendor/family/id): ${listed}. Change ${LM_SETTINGS_QUERY}.vendor or .family to one of these, or clear them to use any model.`;
}
