/**
 * The check-then-open race of read_file: containment is judged on the real
 * path, and a concurrent process swaps a folder of the workspace with a link
 * to a folder outside it (`renameat2(RENAME_EXCHANGE)`, atomic) between the
 * check and the open. The research reader (the one the CLI's tools use)
 * checks the open descriptor against the path it resolved, so a swapped read
 * is refused, never answered with the outside file. Bounded: a few seconds
 * and a few thousand reads; the swapper is a Python child calling renameat2
 * through ctypes (Linux).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workspace } from '../../src/core/research/workspace';

const SWAPPER = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
a, b, seconds = sys.argv[1].encode(), sys.argv[2].encode(), float(sys.argv[3])
AT_FDCWD, RENAME_EXCHANGE = -100, 2
end = time.time() + seconds
print("ready", flush=True)
while time.time() < end:
    if libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0:
        sys.exit("renameat2 failed: %d" % ctypes.get_errno())
`;

const MAX_READS = 4000;
const MAX_MS = 4000;

describe('hostile workspace: a folder swapped for a link while read_file reads', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'vp-race-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('never returns the outside file (zero outside reads in a few thousand swapped reads)', async function () {
    if (process.platform !== 'linux') this.skip();
    const root = path.join(dir, 'ws');
    const outside = path.join(dir, 'outside');
    mkdirSync(path.join(root, 'a'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(root, 'a', 'file.txt'), 'INSIDE-CONTENT\n');
    writeFileSync(path.join(outside, 'file.txt'), 'OUTSIDE-RACE-MARK-9921\n');
    symlinkSync(outside, path.join(root, 'b'));
    const ws = await Workspace.open(root);

    const swapper = spawn('python3', ['-c', SWAPPER, path.join(root, 'a'), path.join(root, 'b'), String(MAX_MS / 1000 + 2)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    swapper.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    await new Promise<void>((resolve, reject) => {
      swapper.stdout.once('data', () => resolve());
      swapper.once('exit', (code) => reject(new Error(`the swapper ended (${code}): ${stderr}`)));
    });
    const counts = { inside: 0, outside: 0, refused: 0 };
    const started = Date.now();
    try {
      for (let i = 0; i < MAX_READS && Date.now() - started < MAX_MS; i++) {
        const read = await ws.readText('a/file.txt');
        if (!read.ok) counts.refused++;
        else if (read.text.includes('OUTSIDE-RACE-MARK-9921')) counts.outside++;
        else counts.inside++;
      }
    } finally {
      swapper.kill('SIGKILL');
    }
    const total = counts.inside + counts.outside + counts.refused;
    console.log(`      [read race] ${total} reads in ${Date.now() - started} ms: ${counts.inside} inside, ${counts.refused} refused, ${counts.outside} outside`);
    assert.ok(counts.inside > 0, 'positive control: reads between swaps succeed');
    assert.ok(counts.refused > 0, 'the swapper raced the reads (some were refused)');
    assert.equal(counts.outside, 0, `${counts.outside} of ${total} reads returned the file outside the workspace`);
  });
});
