/**
 * The real SDK against a fresh fake server per test, for the suites that
 * check the fake itself: mocha hooks that start and stop the server, and the
 * APIError a request is expected to end in.
 */
import assert from 'node:assert/strict';
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { FakeAnthropicServer, type FakeServerOptions } from './fake-anthropic';

/** Registers beforeEach/afterEach in the calling `describe`; read `server` and `client` inside a test. */
export function useFakeAnthropicClient(options: FakeServerOptions = {}): { readonly server: FakeAnthropicServer; readonly client: Anthropic } {
  let current: { server: FakeAnthropicServer; client: Anthropic } | undefined;
  beforeEach(async () => {
    const server = await FakeAnthropicServer.start(options);
    current = { server, client: new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 }) };
  });
  afterEach(() => current?.server.stop());
  const now = () => {
    if (!current) throw new Error('useFakeAnthropicClient: read server/client inside a test');
    return current;
  };
  return {
    get server() {
      return now().server;
    },
    get client() {
      return now().client;
    },
  };
}

/** The APIError `promise` rejects with; fails the test when it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof APIError, String(error));
    return error;
  }
  assert.fail('expected the request to be rejected');
}
