/**
 * The corpus of hostile plan files, as bytes on disk. Shared
 * by the CLI and language-server reliability tests and the real-VS-Code
 * suite. `refusal` is the clear message the CLI must give for a file it will
 * not verify (exit 4); null = the CLI must produce a result.
 */
export interface BadPlan {
  name: string;
  file: string;
  bytes: () => Buffer;
  refusal: RegExp | null;
}

function binaryBytes(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 7919 + 13) % 256;
  return out;
}

function tenThousandSteps(): string {
  const lines = ['# Plan: ten thousand steps', '', '## Steps', ''];
  for (let i = 1; i <= 10_000; i++) lines.push(`${i}. Update src/mod${i % 50}.ts for case ${i}. Depends on: Step ${Math.max(1, i - 1)}. Verify: tests pass.`);
  return `${lines.join('\n')}\n`;
}

export const BAD_PLANS: BadPlan[] = [
  { name: 'empty file', file: 'empty.md', bytes: () => Buffer.alloc(0), refusal: /is empty/ },
  { name: 'whitespace only', file: 'blank.md', bytes: () => Buffer.from(' \n\t\n\r\n   \n'), refusal: /is empty/ },
  {
    name: '5 MB plan',
    file: 'huge.md',
    bytes: () => Buffer.from(`# Huge plan\n\n## Steps\n\n${'- Change src/big.ts so the TBD handler batches writes.\n'.repeat(Math.ceil((5 * 1024 * 1024) / 54))}`),
    refusal: /too large/,
  },
  { name: 'binary bytes', file: 'binary.md', bytes: () => binaryBytes(64 * 1024), refusal: /not text/ },
  {
    name: 'invalid UTF-8',
    file: 'latin1.md',
    bytes: () => Buffer.concat([Buffer.from('# Plan\n\n## Steps\n\n1. Migrate the caf'), Buffer.from([0xe9, 0xff, 0xc3, 0x28]), Buffer.from(' table. Verify: rows match.\n')]),
    refusal: /not valid UTF-8/,
  },
  {
    name: 'CRLF line endings',
    file: 'crlf.md',
    bytes: () =>
      Buffer.from(
        '# Plan: sessions\r\n\r\n## Steps\r\n\r\n1. Add src/session.ts TBD\r\n   Depends on: Step 7\r\n2. Replace the map in src/server.ts. Verify: restart keeps sessions.\r\n\r\n## Risks\r\n\r\n- Redis outage.\r\n',
      ),
    refusal: null,
  },
  {
    name: 'UTF-8 BOM',
    file: 'bom.md',
    bytes: () =>
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Plan\n\n## Steps\n\n1. Add a cache to src/api.ts. Size TBD.\n2. Roll out. Verify: p99 below 200 ms.\n')]),
    refusal: null,
  },
  {
    name: 'no headings',
    file: 'prose.md',
    bytes: () =>
      Buffer.from(
        'We will move the orders table to Postgres, then switch reads in src/orders.ts, then delete the old store. Not sure about the backfill yet.\nAfter that we update the dashboards and tell support.\n',
      ),
    refusal: null,
  },
  { name: '10,000 steps', file: 'steps.md', bytes: () => Buffer.from(tenThousandSteps()), refusal: null },
  { name: 'one line of 1 MB', file: 'one-line.md', bytes: () => Buffer.from(`# x\n${'update src/a.ts TBD '.repeat(Math.ceil((1024 * 1024) / 20))}`), refusal: null },
];

/** What an editor shows for the bytes: UTF-8 decoded with replacement characters, never a throw. */
export function editorText(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}
