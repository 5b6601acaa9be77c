export async function createAccount(email: string, _password: string) {
  return { id: '1', email, displayName: email.split('@')[0] };
}
