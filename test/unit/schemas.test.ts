import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { renderSchemas } from '../../src/core/schema-export';

describe('schemas/', () => {
  const dir = path.resolve(__dirname, '../../schemas');
  it('matches what npm run schemas generates from protocol.ts (fails when stale)', () => {
    const rendered = renderSchemas();
    const onDisk = readdirSync(dir)
      .filter((f) => f.endsWith('.schema.json'))
      .sort();
    assert.deepEqual(onDisk, Object.keys(rendered).sort(), 'the set of schema files differs: run npm run schemas');
    for (const [file, text] of Object.entries(rendered)) {
      assert.equal(readFileSync(path.join(dir, file), 'utf8'), text, `${file} is stale: run npm run schemas`);
    }
  });
  it('exports every seed 002 entity', () => {
    const names = Object.keys(renderSchemas());
    for (const n of ['challenge', 'unknown', 'surfaced-context', 'probed-risk', 'iteration-state']) assert.ok(names.includes(`${n}.schema.json`));
  });
});
