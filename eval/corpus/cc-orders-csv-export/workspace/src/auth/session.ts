export async function verifySession(header: string | undefined) {
  if (!header?.startsWith('Bearer ')) return null;
  // Session lookup elided in this fixture.
  return { id: 'u1', tenantId: 't1', role: 'member' as const };
}
