/**
 * The state key of the test "user" (src/core/state-integrity.ts): the CLI
 * under test finds it in its config folder (test/cli/run-cli.ts), and a test
 * that writes or reads run files in-process with the same key sees what that
 * user's CLI sees.
 */
export const TEST_STATE_KEY = Buffer.from('5a'.repeat(32), 'hex');
