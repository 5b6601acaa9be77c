/** GET /v2/changes?since=…&limit=500 → { changes, next_since, has_more }. Access tokens live 15 minutes. */
export async function fetchChanges(since: number, token: string) {
  const res = await fetch(`${process.env.API_URL}/v2/changes?since=${since}&limit=500`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`changes: ${res.status}`);
  return (await res.json()) as { changes: unknown[]; next_since: number; has_more: boolean };
}
