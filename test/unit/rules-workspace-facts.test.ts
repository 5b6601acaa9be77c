import assert from 'node:assert/strict';
import { fixesFor, RULES, type RuleEnvironment } from '../../src/core/rules';
import { applyEdits, check, only } from '../support/rules-check';
import { ruleWorkspace, type RuleWorkspace } from '../support/rules-workspace';

/** A made-up workspace on disk: a Node app with scripts, a Makefile, a Python service, a Go module and a Rust crate. */
const WORKSPACE: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'shop',
    scripts: { build: 'tsc', test: 'mocha', 'test:e2e': 'playwright test' },
    dependencies: { express: '4', '@prisma/client': '5' },
    devDependencies: { typescript: '5' },
  }),
  Makefile: '.PHONY: build lint\nbuild:\n\tgo build ./...\nlint:\n\tgolangci-lint run\n',
  'src/lib/db.ts': '',
  'svc/pyproject.toml': '[project]\nname = "svc"\ndependencies = ["fastapi", "PyYAML", "python-dotenv"]\n',
  'svc/app/models.py': '',
  'go.mod': 'module example.com/shop\n\nrequire github.com/spf13/cobra v1.8.0\n',
  'Cargo.toml': '[package]\nname = "shop-cli"\n[dependencies]\nserde_json = "1"\n',
};

describe('rules: unknown-script and unknown-package over a workspace', () => {
  let env: RuleEnvironment;
  let workspace: RuleWorkspace;
  before(async () => {
    workspace = await ruleWorkspace('vp-facts-', WORKSPACE, { manifests: true });
    ({ env } = workspace);
  });
  after(() => workspace.dispose());

  it('levels: unknown-script warns, unknown-package informs (see the README for the measure behind each)', () => {
    assert.equal(RULES['unknown-script'].defaultLevel, 'warning');
    assert.equal(RULES['unknown-package'].defaultLevel, 'info');
  });

  it('unknown-script flags a script or target no file defines, with the closest name as a quick fix', () => {
    const { plan, findings } = check('# Plan\n\n## Steps\n\n1. Run `npm run tset` and then `make lnit`\n2. Run `npm run deploy`\n', env);
    const flagged = only(findings, 'unknown-script');
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { name: string }).name, (f.data as { suggestion?: string }).suggestion]),
      [
        [4, 'tset', 'test'],
        [4, 'lnit', 'lint'],
        [5, 'deploy', undefined],
      ],
    );
    const fix = fixesFor(plan, flagged[0] as (typeof flagged)[0]);
    assert.match(applyEdits(plan, fix[0]?.edits ?? []), /`npm run test` and then `make lnit`/);
  });

  it('unknown-script does not flag defined scripts, prose, --if-present, or a script the plan adds', () => {
    const plan = [
      '# Plan',
      '',
      '1. Run `npm run build`, `npm run test:e2e` and `make build lint`.',
      '2. Make sure the build passes; make the docs clearer.',
      '3. `npm run --if-present typecheck`',
      '4. Add a `seed` script to package.json:',
      '```json',
      '"scripts": { "seed": "tsx prisma/seed.ts" }',
      '```',
      '5. Run `npm run seed`.',
      '6. Add a `release` target to the Makefile, then run `make release`.',
      '```bash',
      '# make sure nothing is left running',
      'make build VERBOSE=1 && make -C tools lint',
      '```',
    ].join('\n');
    assert.deepEqual(only(check(plan, env).findings, 'unknown-script'), []);
  });

  it('unknown-script is silent where the workspace cannot tell: no justfile, no manifests read', () => {
    assert.deepEqual(only(check('1. Run `just deploy`\n2. Run `task ship`\n', env).findings, 'unknown-script'), []);
    assert.deepEqual(only(check('1. Run `npm run deploy`\n', { fileExists: () => undefined }).findings, 'unknown-script'), []);
  });

  it('unknown-package flags an import no manifest declares, in each language', () => {
    const plan = [
      '# Plan',
      '```ts',
      "import { z } from 'zod';",
      "import express from 'express';",
      '```',
      '```python',
      'import httpx',
      'from fastapi import FastAPI',
      '```',
      '```go',
      'import "github.com/gin-gonic/gin"',
      '```',
      '```rust',
      'use anyhow::Result;',
      'use serde_json::Value;',
      '```',
    ].join('\n');
    const flagged = only(check(plan, env).findings, 'unknown-package');
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { name: string }).name]),
      [
        [2, 'zod'],
        [6, 'httpx'],
        [10, 'github.com/gin-gonic/gin'],
        [13, 'anyhow'],
      ],
    );
    assert.equal(check(plan, env).plan.lines[2]?.slice(flagged[0]?.range.startChar, flagged[0]?.range.endChar), 'zod');
  });

  it('unknown-package does not flag built-ins, own code, aliases, removed lines, or a package the plan installs', () => {
    const plan = [
      '# Plan',
      '1. `npm install zod`, then `uv add httpx`.',
      '```ts',
      "import { readFile } from 'node:fs/promises';",
      "import path from 'path';",
      "import { z } from 'zod';",
      "import { db } from '@/lib/db';",
      "import { db as d } from 'lib/db';",
      "import { PrismaClient } from '@prisma/client';",
      "import type { Config } from './config';",
      '```',
      '```diff',
      "-import old from 'left-pad';",
      "+import express from 'express';",
      '```',
      '```python',
      'import os, json',
      'import yaml',
      'from dotenv import load_dotenv',
      'from app.models import User',
      'import httpx',
      'from __future__ import annotations',
      '```',
      '```go',
      'import "example.com/shop/internal/cart"',
      'import "github.com/spf13/cobra/doc"',
      '```',
      '```rust',
      'use std::fs;',
      'use crate::config;',
      'use serde_json::json;',
      '```',
    ].join('\n');
    assert.deepEqual(only(check(plan, env).findings, 'unknown-package'), []);
  });
});
