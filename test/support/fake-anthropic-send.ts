/**
 * Writing a served message to the client, as the Messages API does: one JSON
 * body, or (with `stream`) the SSE event sequence, paced by the reply's
 * `chunkDelayMs`. A `truncate` reply breaks either off before the end (cleanly
 * or by a socket reset); a `stream_error` reply is the API's 529 without
 * streaming and an `event: error` mid-stream with it.
 */
import type http from 'node:http';
import type { MessageReply } from './fake-anthropic';
import { delay } from './fake-anthropic-request';
import { blockEvents, chunkText, errorBody, messageEndEvents, messageJson, messageStartEvent, PING_EVENT, sse, type WireMessage } from './fake-anthropic-wire';

export interface SendOptions {
  stream: boolean;
  requestId: string;
  reply: MessageReply;
  /** The answer's text as served (what a broken-off stream sends before it breaks). */
  text: string;
  /** Aborts when the client is gone or the server stops: nothing more is written. */
  gone: AbortSignal;
  /** Called when the server itself ends the response early, so the request is not recorded as aborted by the client. */
  markEndedByServer: () => void;
}

export async function sendMessage(res: http.ServerResponse, message: WireMessage, o: SendOptions): Promise<void> {
  const { reply, text, gone } = o;
  const headers = { 'request-id': o.requestId };

  if (!o.stream) {
    const json = messageJson(message);
    if (reply.kind === 'stream_error') {
      res.writeHead(529, { ...headers, 'content-type': 'application/json', 'x-should-retry': 'false' });
      res.end(errorBody(529, reply.type ?? 'overloaded_error', reply.message));
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': 'application/json' });
    if (reply.kind === 'truncate') {
      o.markEndedByServer();
      res.write(json.slice(0, Math.floor(json.length / 2)));
      if (reply.mode === 'destroy') res.destroy();
      else res.end();
    } else res.end(json);
    return;
  }

  res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(messageStartEvent(message));
  res.write(PING_EVENT);
  if (reply.kind === 'truncate' || reply.kind === 'stream_error') {
    o.markEndedByServer();
    if (text) {
      res.write(sse('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
      for (const piece of chunkText(text)) {
        res.write(sse('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }));
      }
    }
    if (reply.kind === 'stream_error') {
      const type = reply.type ?? 'overloaded_error';
      res.end(sse('error', { type: 'error', error: { type, message: reply.message ?? `fake ${type}` } }));
    } else if (reply.mode === 'destroy') {
      // Destroy only once the deltas are flushed, so the client sees a stream that breaks mid-way.
      res.write('', () => res.destroy());
    } else res.end();
    return;
  }
  const chunkDelay = reply.chunkDelayMs ?? 0;
  for (const [i, block] of message.content.entries()) {
    for (const event of blockEvents(i, block)) {
      if (gone.aborted) return;
      res.write(event);
      if (chunkDelay > 0 && event.startsWith('event: content_block_delta')) await delay(chunkDelay, gone);
    }
  }
  if (gone.aborted) return;
  for (const event of messageEndEvents(message)) res.write(event);
  res.end();
}
