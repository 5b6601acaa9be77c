/**
 * Issue #17, twentieth round: conventions found on fresh batch 17 (the end
 * check of round 19, tuned on here). Each case is a small made-up plan or
 * workspace in the pattern's style, not a corpus excerpt, and each pairs
 * what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 20', () => {
  describe('paths inside a git submodule', () => {
    it("a file listing shows a submodule as one entry (its gitlink): a path below it cannot be told; a sibling folder's missing file can", () => {
      const files = ['.gitmodules', 'ircd', 'tools/run.sh'];
      const plan = ['# Plan', '', '**File**: `ircd/src/s_auth.c`', '', 'Then edit `tools/start.sh`.'].join('\n');
      assert.deepEqual(missingPaths(runRules(plan, files)), ['tools/start.sh']);
    });

    it('on disk, a submodule not checked out is an empty folder: a path below it cannot be told; below a folder with files it can', async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-submodule-'));
      const index = new WorkspaceFileIndex([root]);
      try {
        await fs.mkdir(path.join(root, 'ircd'), { recursive: true });
        await fs.mkdir(path.join(root, 'tools'), { recursive: true });
        await fs.writeFile(path.join(root, 'tools/run.sh'), '');
        await fs.writeFile(path.join(root, '.gitmodules'), '[submodule "ircd"]\n\tpath = ircd\n');
        await index.start();
        assert.equal(index.lookup(null, 'ircd/src/s_auth.c'), undefined);
        assert.equal(index.lookup(null, 'tools/start.sh'), false);
        assert.equal(index.lookup(null, 'tools/run.sh'), true);
      } finally {
        index.dispose();
        await fs.rm(root, { recursive: true, force: true });
      }
    });
  });

  it('a top-level "## Testing" section (also "## Test plan", "## How to test", since round 25 "## Testing notes (draft)") speaks for the steps; "## Notes (draft)" does not', () => {
    const steps = ['# Plan', '', '## Implementation', '', '### Step 1: Broadcast the list', 'Send it on startup.', '', '### Step 2: Declare it', 'Add it to the header.', ''];
    for (const title of ['## Testing', '## Test plan', '## How to test']) {
      assert.deepEqual(findingLines(runRules([...steps, title, '1. Start the server: CAP LS shows the list'].join('\n')), 'no-success-criterion'), [], title);
    }
    assert.deepEqual(findingLines(runRules([...steps, '## Testing notes (draft)', '- ideas'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...steps, '## Notes (draft)', '- ideas'].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('"- [x] TODO: rework the previews" is a finished item; "- [ ] TODO: pick a codec" is an open point', () => {
    const run = (item: string): number[] => findingLines(runRules(['# Next steps', '', '## Library', item, '- [ ] Order by name'].join('\n')), 'unknown-signal');
    assert.deepEqual(run('- [x] TODO: rework the previews'), []);
    assert.deepEqual(run('- [ ] TODO: pick a codec'), [4]);
  });
});
