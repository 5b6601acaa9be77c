/**
 * Warm first, per model: the first request of a run to each model goes
 * alone; the requests to that model that arrive while it has not started
 * wait until its response starts, then go together. The cache is per model
 * and an entry becomes readable only once the response that writes it has
 * started, so parallel first calls would all pay the same write; waiting
 * calls read it instead (README "Prompt caching").
 *
 * Cost: the waiting calls start one time-to-first-byte later. Only the first
 * request of each model waits for anything; later ones go at once. A first
 * request that fails before it starts opens the gate all the same.
 */
import type { LlmProvider, ModelRequest } from './provider';

export function warmFirstPerModel(provider: LlmProvider): LlmProvider {
  const started = new Map<string, Promise<void>>();
  const send = async (request: ModelRequest) => {
    const gate = started.get(request.model);
    if (gate) {
      await gate;
      return provider.send(request);
    }
    let open: () => void = () => undefined;
    started.set(request.model, new Promise<void>((resolve) => (open = resolve)));
    const onStarted = request.onStarted;
    try {
      return await provider.send({
        ...request,
        onStarted: () => {
          open();
          onStarted?.();
        },
      });
    } finally {
      open();
    }
  };
  // Everything else the provider says about itself passes through unchanged.
  return Object.assign(Object.create(provider) as LlmProvider, { id: provider.id, send });
}
