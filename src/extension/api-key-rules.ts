/** What counts as a plausible API key. Pure (no `vscode`); gateways may use non-Anthropic key formats, so only obvious mistakes are refused. */
export function validateApiKey(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return 'The key is empty.';
  if (/\s/.test(v)) return 'The key must not contain spaces or line breaks.';
  if (v.length < 8) return 'That is too short to be an API key.';
  return undefined;
}
