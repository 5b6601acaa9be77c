import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cleanReference, WorkspaceFileIndex } from '../../src/core/file-index';

async function tree(root: string, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), text);
  }
}

describe('server: workspace file index', () => {
  let root: string;
  let index: WorkspaceFileIndex;
  const plan = () => path.join(root, 'docs/plans/plan.md');

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-index-'));
    await tree(root, {
      '.gitignore': 'dist/\n*.log\n',
      'src/a.ts': '',
      'src/lib/.gitignore': 'generated.ts\n',
      'src/lib/generated.ts': '',
      'src/lib/kept.ts': '',
      'dist/out.js': '',
      'debug.log': '',
      'node_modules/x/index.js': '',
      'docs/plans/plan.md': '',
      'docs/plans/notes.md': '',
    });
    index = new WorkspaceFileIndex([root]);
  });
  afterEach(async () => {
    index.dispose();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers undefined until the first scan is done', async () => {
    assert.equal(index.lookup(plan(), 'src/a.ts'), undefined);
    await index.start();
    assert.equal(index.ready, true);
    assert.equal(index.lookup(plan(), 'src/a.ts'), true);
  });

  it('resolves workspace-relative and plan-relative paths, files and folders', async () => {
    await index.start();
    assert.equal(index.lookup(plan(), 'src/lib'), true);
    assert.equal(index.lookup(plan(), 'src/lib/'), true);
    assert.equal(index.lookup(plan(), './notes.md'), true);
    assert.equal(index.lookup(plan(), '../plans/notes.md'), true);
    assert.equal(index.lookup(plan(), 'src/a.ts:12:3'), true);
    assert.equal(index.lookup(plan(), '/src/a.ts'), true, 'a leading slash means the workspace root');
    assert.equal(index.lookup(plan(), 'src/b.ts'), false);
    assert.equal(index.lookup(null, 'src/a.ts'), true);
  });

  it('respects root and nested .gitignore files and skips node_modules', async () => {
    await index.start();
    assert.equal(index.lookup(plan(), 'dist/out.js'), undefined);
    assert.equal(index.lookup(plan(), 'debug.log'), undefined);
    assert.equal(index.lookup(plan(), 'src/lib/generated.ts'), undefined);
    assert.equal(index.lookup(plan(), 'node_modules/x/index.js'), undefined);
    assert.equal(index.lookup(plan(), 'src/lib/kept.ts'), true);
  });

  it('cannot tell for paths outside the workspace, globs, URLs and home paths', async () => {
    await index.start();
    assert.equal(index.lookup(plan(), '../../../../etc/passwd'), undefined);
    assert.equal(index.lookup(plan(), 'src/*.ts'), undefined);
    assert.equal(index.lookup(plan(), 'https://example.com/a.ts'), undefined);
    assert.equal(index.lookup(plan(), '~/notes.md'), undefined);
  });

  it('follows created and deleted files and folders, and notifies', async () => {
    await index.start();
    let notified = 0;
    index.onDidChange(() => notified++);
    const before = index.generation;
    await tree(root, { 'src/new/deep/c.ts': '' });
    await index.applyChanges([{ fsPath: path.join(root, 'src/new'), type: 'created' }]);
    assert.equal(index.lookup(plan(), 'src/new/deep/c.ts'), true);
    assert.ok(index.generation > before);
    assert.equal(notified, 1);
    await fs.rm(path.join(root, 'src/new'), { recursive: true });
    await index.applyChanges([{ fsPath: path.join(root, 'src/new'), type: 'deleted' }]);
    assert.equal(index.lookup(plan(), 'src/new/deep/c.ts'), false);
    assert.equal(index.lookup(plan(), 'src/new'), false);
    await index.applyChanges([{ fsPath: path.join(root, 'src/never-existed.ts'), type: 'created' }]);
    assert.equal(index.lookup(plan(), 'src/never-existed.ts'), false, 'a create event for a file already gone adds nothing');
  });

  it('re-reads ignore rules when a .gitignore changes', async () => {
    await index.start();
    await fs.writeFile(path.join(root, '.gitignore'), '');
    await index.applyChanges([{ fsPath: path.join(root, '.gitignore'), type: 'changed' }]);
    assert.equal(index.lookup(plan(), 'dist/out.js'), true);
  });

  it('stays silent beyond its size limit', async () => {
    const small = new WorkspaceFileIndex([root], { maxEntries: 3 });
    await small.start();
    assert.equal(small.truncated, true);
    assert.equal(small.lookup(plan(), 'src/zzz.ts'), undefined);
    small.dispose();
  });

  it('cleans references as plans write them', () => {
    assert.equal(cleanReference('`./src/a.ts`'), 'src/a.ts');
    assert.equal(cleanReference('src/a.ts#L10-L20'), 'src/a.ts');
    assert.equal(cleanReference('src\\win\\a.ts'), 'src/win/a.ts');
    assert.equal(cleanReference(''), null);
    assert.equal(cleanReference('a\0b'), null);
    assert.equal(cleanReference('src/**/x.ts'), null);
  });
  it('reads a Markdown document a plan names once listed, then again after it changes; the generation bumps when a text lands', async () => {
    await tree(root, { 'docs/specs/x-design.md': '# X\n\n## Error Handling\n' });
    await index.start();
    const before = index.generation;
    assert.equal(index.markdownText(plan(), 'docs/specs/x-design.md'), undefined, 'the first call starts the read');
    await index.loadMarkdown(plan(), ['docs/specs/x-design.md']);
    assert.ok(index.generation > before);
    assert.equal(index.markdownText(plan(), '../specs/x-design.md'), '# X\n\n## Error Handling\n', 'resolved like lookup, from the plan folder');
    await fs.writeFile(path.join(root, 'docs/specs/x-design.md'), '# X\n');
    await index.applyChanges([{ fsPath: path.join(root, 'docs/specs/x-design.md'), type: 'changed' }]);
    await index.loadMarkdown(plan(), ['docs/specs/x-design.md']);
    assert.equal(index.markdownText(plan(), 'docs/specs/x-design.md'), '# X\n');
  });

  it('never reads a symlink, a file over 256 KB, a file that is not Markdown or a path outside the workspace', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-outside-'));
    await fs.writeFile(path.join(outside, 'secret.md'), '## Risks\n');
    await fs.symlink(path.join(outside, 'secret.md'), path.join(root, 'docs/linked-design.md'));
    await tree(root, { 'docs/big-design.md': '#'.repeat(300 * 1024), 'src/design.ts': '// ## Risks' });
    await index.start();
    const refs = ['docs/linked-design.md', 'docs/big-design.md', 'src/design.ts', path.join(outside, 'secret.md')];
    await index.loadMarkdown(plan(), refs);
    for (const ref of refs) assert.equal(index.markdownText(plan(), ref), undefined, ref);
    await fs.rm(outside, { recursive: true, force: true });
  });
  it('never reads through a linked folder that leaves the workspace, even on a gitignored path it may name', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-outside-'));
    await fs.writeFile(path.join(outside, 'x-design.md'), '## Risks\n');
    await fs.writeFile(path.join(root, '.gitignore'), 'dist/\n*.log\nvendor-docs/\n');
    await fs.symlink(outside, path.join(root, 'vendor-docs'));
    await index.start();
    await index.loadMarkdown(plan(), ['/vendor-docs/x-design.md']);
    assert.equal(index.markdownText(plan(), '/vendor-docs/x-design.md'), undefined);
    await fs.rm(outside, { recursive: true, force: true });
  });
});
