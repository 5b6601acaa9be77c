/**
 * A guard in front of vscode-jsonrpc's stdio reader. That reader takes any
 * `parseInt` of Content-Length: a negative length leaves it stuck on a bad
 * frame for good (every later message is lost), and a huge one is buffered
 * in memory without limit. The guard re-frames the byte stream so the reader
 * only ever sees `Content-Length: N` with 0 ≤ N ≤ maxMessageBytes:
 *
 * - a header block without a usable Content-Length (missing, negative, not
 *   decimal digits) is logged and dropped; reading resumes at the next header
 *   (the last `Content-Length:` before the next blank line);
 * - a declared length over the cap is logged and that many bytes are
 *   discarded as they arrive, never buffered;
 * - a header block that grows past 8 KB without its blank line is dropped.
 *
 * Memory: at most one header block (8 KB) here, and one capped body in the reader.
 */
import { Transform, type TransformCallback } from 'node:stream';

export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
const MAX_HEADER_BYTES = 8 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');
const CONTENT_LENGTH = 'content-length:';

type Mode = { kind: 'header' } | { kind: 'body' | 'skip'; remaining: number };

/** The declared body length, or why the header block is unusable. */
export function declaredLength(block: string): number | { problem: string } {
  const at = block.toLowerCase().lastIndexOf(CONTENT_LENGTH);
  if (at < 0) return { problem: 'no Content-Length header' };
  const value = (block.slice(at + CONTENT_LENGTH.length).split('\r\n')[0] ?? '').trim();
  if (!/^\d{1,15}$/.test(value)) return { problem: `Content-Length "${value.slice(0, 40)}" is not a byte count (decimal digits)` };
  return Number(value);
}

export function createFrameGuard(log: (line: string) => void, maxMessageBytes = MAX_MESSAGE_BYTES): Transform {
  let mode: Mode = { kind: 'header' };
  let header: Buffer = Buffer.alloc(0);

  const transform = function (this: Transform, chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data: Buffer = chunk;
    while (data.length > 0) {
      if (mode.kind !== 'header') {
        const n = Math.min(mode.remaining, data.length);
        if (mode.kind === 'body') this.push(data.subarray(0, n));
        mode = mode.remaining === n ? { kind: 'header' } : { kind: mode.kind, remaining: mode.remaining - n };
        data = data.subarray(n);
        continue;
      }
      header = header.length === 0 ? data : Buffer.concat([header, data]);
      const end = header.indexOf(HEADER_END);
      if (end < 0) {
        if (header.length > MAX_HEADER_BYTES) {
          log(`LSP input: dropped ${header.length} bytes without a header end (blank line) within ${MAX_HEADER_BYTES} bytes.`);
          header = Buffer.from(header.subarray(header.length - (HEADER_END.length - 1)));
        }
        break;
      }
      const block = header.subarray(0, end).toString('latin1');
      data = header.subarray(end + HEADER_END.length);
      header = Buffer.alloc(0);
      const length = declaredLength(block);
      if (typeof length !== 'number') {
        log(`LSP input: refused a message: ${length.problem}; its header was dropped and reading resumes at the next header.`);
        continue;
      }
      if (length > maxMessageBytes) {
        log(`LSP input: refused a message of ${length} bytes (limit ${maxMessageBytes}); its body is discarded unread.`);
        mode = { kind: 'skip', remaining: length };
        continue;
      }
      this.push(Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'));
      if (length > 0) mode = { kind: 'body', remaining: length };
    }
    done();
  };
  return new Transform({ transform });
}
