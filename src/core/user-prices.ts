/**
 * User-given prices (the spending cap never silently stops
 * working). A model the table in models.ts does not price (a newer model, a
 * gateway's own id, a negotiated rate) takes a price from the user, the
 * `verifyPlan.prices` setting or the CLI's `--price MODEL=IN/OUT`; then the
 * cap counts its calls. Without one, a run with a cap refuses to start
 * (config.ts `spendingCapProblem`).
 *
 * Shape: USD per million tokens, the unit and columns of the pricing page
 * (https://platform.claude.com/docs/en/about-claude/pricing): input, output,
 * and optionally the 5-minute cache write and the cache read ("cache hits").
 * Omitted cache prices take the standard multipliers of the input price that
 * page states for most models: writes 1.25×, reads 0.1×.
 *
 * Contracts:
 * - A user price replaces the table's entry for exactly that id (the id as
 *   configured for a role) and is one flat band: no long-prompt band.
 * - Every price is a finite number, 0 or from MIN_NONZERO_USD_PER_MTOK to
 *   MAX_USD_PER_MTOK; a cache price needs a non-zero input price (the engine
 *   stores cache prices as multipliers of it, so costs stay finite).
 */
import * as z from 'zod';
import type { ModelPriceSpec, PriceBand } from './models';

/**
 * Far above the dearest published price ($75 per MTok of Opus 4 output), so
 * any real rate fits, yet a price typed per billion tokens or with stray
 * digits is refused instead of making the cap meaningless.
 */
export const MAX_USD_PER_MTOK = 1000;
export const STANDARD_CACHE_READ = 0.1;
export const STANDARD_CACHE_WRITE = 1.25;

/** A model id as the API and gateways spell it: letters, digits and `. _ : @ / -`, no spaces, `=` or `,`. */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,199}$/;

/** The smallest non-zero price: cache prices become multipliers of the input price, which must stay finite (a denormal input price made them Infinity and a cost NaN). */
export const MIN_NONZERO_USD_PER_MTOK = 1e-6;

const usdPerMTok = z
  .number()
  .min(0)
  .max(MAX_USD_PER_MTOK)
  .refine((v) => v === 0 || v >= MIN_NONZERO_USD_PER_MTOK, { message: `a price is 0 or at least ${MIN_NONZERO_USD_PER_MTOK.toFixed(6)} USD per million tokens` });

export const UserPrice = z
  .object({
    inputPerMTok: usdPerMTok.describe('USD per million input tokens.'),
    outputPerMTok: usdPerMTok.describe('USD per million output tokens.'),
    cacheWritePerMTok: usdPerMTok.optional().describe(`USD per million 5-minute cache-write tokens; default ${STANDARD_CACHE_WRITE}× the input price.`),
    cacheReadPerMTok: usdPerMTok.optional().describe(`USD per million cache-read tokens; default ${STANDARD_CACHE_READ}× the input price.`),
  })
  .strict()
  .refine((p) => p.inputPerMTok > 0 || ((p.cacheWritePerMTok ?? 0) === 0 && (p.cacheReadPerMTok ?? 0) === 0), {
    message: 'a cache price needs a non-zero inputPerMTok',
  });
export type UserPrice = z.infer<typeof UserPrice>;

export const UserPrices = z.record(z.string().regex(MODEL_ID_PATTERN, { message: 'not a model id' }), UserPrice);
export type UserPrices = z.infer<typeof UserPrices>;

/** The engine's price (multipliers of the input price) for a user price. */
export function priceFromUser(p: UserPrice): PriceBand {
  const multiplier = (perMTok: number | undefined, standard: number) => (perMTok === undefined || p.inputPerMTok === 0 ? standard : perMTok / p.inputPerMTok);
  return {
    input: p.inputPerMTok,
    output: p.outputPerMTok,
    cacheRead: multiplier(p.cacheReadPerMTok, STANDARD_CACHE_READ),
    cacheWrite: multiplier(p.cacheWritePerMTok, STANDARD_CACHE_WRITE),
  };
}

/** The table with the user's prices laid over it: a user price wins for its id, and adds ids the table lacks. */
export function withUserPrices(table: Readonly<Record<string, ModelPriceSpec>>, user: UserPrices): Record<string, ModelPriceSpec> {
  return { ...table, ...Object.fromEntries(Object.entries(user).map(([id, p]) => [id, priceFromUser(p)])) };
}

const AMOUNT = /^\$?\d{1,15}(\.\d{1,15})?$/;
export const PRICE_FLAG_FORM = 'MODEL=IN/OUT or MODEL=IN/OUT/CACHE_WRITE/CACHE_READ (USD per million tokens, such as claude-opus-5-5=4/20)';

/**
 * `MODEL=IN/OUT[/CACHE_WRITE/CACHE_READ]` texts (the CLI's repeatable
 * `--price`) as the setting's raw value. Throws an Error naming the bad text;
 * bounds are the schema's to check.
 */
export function pricesFromTexts(texts: readonly string[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const raw of texts) {
    const text = raw.trim();
    const eq = text.indexOf('=');
    const id = eq > 0 ? text.slice(0, eq).trim() : '';
    const amounts = eq > 0 ? text.slice(eq + 1).split('/') : [];
    if (!MODEL_ID_PATTERN.test(id) || (amounts.length !== 2 && amounts.length !== 4) || !amounts.every((a) => AMOUNT.test(a.trim()))) {
      throw new Error(`must be ${PRICE_FLAG_FORM}, got "${raw}"`);
    }
    if (Object.hasOwn(out, id)) throw new Error(`names ${id} twice; give each model one price`);
    const [input, output, write, read] = amounts.map((a) => Number(a.trim().replace(/^\$/, '')));
    out[id] = { inputPerMTok: input!, outputPerMTok: output!, ...(write === undefined ? {} : { cacheWritePerMTok: write, cacheReadPerMTok: read! }) };
  }
  return out;
}
