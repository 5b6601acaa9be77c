import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseManifest } from '../../src/core/index/manifests';
import { parseScripts } from '../../src/core/index/scripts';
import { WorkspaceFileIndex } from '../../src/core/file-index';

describe('manifests: what each file declares', () => {
  it('package.json: every dependency table and the package name; a broken file is unparsed', () => {
    const m = parseManifest(
      'web/package.json',
      JSON.stringify({ name: '@acme/web', dependencies: { react: '^19' }, devDependencies: { vitest: '3' }, peerDependencies: { zod: '*' } }),
    );
    assert.deepEqual(m?.dependencies.sort(), ['react', 'vitest', 'zod']);
    assert.deepEqual(m?.ownNames, ['@acme/web']);
    assert.equal(parseManifest('package.json', '{ "dependencies": ')?.unparsed, true);
  });

  it('pyproject.toml (PEP 621, optional groups, Poetry), requirements, go.mod, Cargo.toml, pom.xml, Gradle, Gemfile, composer, Package.swift', () => {
    const py = parseManifest(
      'pyproject.toml',
      '[project]\nname = "svc"\ndependencies = ["requests[socks]>=2", "PyYAML; python_version>\'3\'"]\n[project.optional-dependencies]\ndev = ["pytest"]\n[tool.poetry.dependencies]\npython = "^3.11"\nhttpx = "*"\n',
    );
    assert.deepEqual(py?.dependencies.sort(), ['PyYAML', 'httpx', 'pytest', 'requests']);
    assert.deepEqual(parseManifest('requirements-dev.txt', '# tools\nblack==24.1 # fmt\n-r base.txt\nruff\n')?.dependencies, ['black', 'ruff']);
    const go = parseManifest(
      'go.mod',
      'module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n\tgolang.org/x/sync v0.6.0 // indirect\n)\nrequire github.com/a/b v1.0.0\n',
    );
    assert.deepEqual(go?.dependencies.sort(), ['github.com/a/b', 'github.com/spf13/cobra', 'golang.org/x/sync']);
    assert.deepEqual(go?.ownNames, ['example.com/app']);
    const cargo = parseManifest(
      'Cargo.toml',
      '[package]\nname = "tool"\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nfoo = { package = "real-foo", version = "1" }\n[target.\'cfg(unix)\'.dependencies]\nnix = "0.28"\n',
    );
    assert.deepEqual(cargo?.dependencies.sort(), ['foo', 'nix', 'real-foo', 'serde']);
    const pom = parseManifest(
      'pom.xml',
      '<project><groupId>g</groupId><artifactId>a</artifactId><dependencies><dependency><groupId>org.x</groupId><artifactId>y</artifactId></dependency></dependencies></project>',
    );
    assert.deepEqual(pom?.dependencies, ['org.x:y']);
    assert.deepEqual(
      parseManifest('app/build.gradle.kts', 'dependencies {\n  implementation("io.ktor:ktor-server-core:2.3.0")\n  testImplementation "junit:junit:4.13"\n}')?.dependencies,
      ['io.ktor:ktor-server-core', 'junit:junit'],
    );
    assert.deepEqual(parseManifest('Gemfile', "source 'https://rubygems.org'\ngem 'rails', '~> 7'\n  gem \"pg\"\n")?.dependencies, ['rails', 'pg']);
    assert.deepEqual(parseManifest('composer.json', '{"require": {"php": ">=8", "laravel/framework": "^11"}}')?.dependencies, ['php', 'laravel/framework']);
    assert.deepEqual(parseManifest('Package.swift', '.package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.0.0")')?.dependencies, ['swift-argument-parser']);
    assert.equal(parseManifest('Cargo.lock', '[[package]]\nname = "serde"\n')?.ecosystem, 'cargo');
    assert.equal(parseManifest('Cargo.lock', '[[package]]\nname = "serde"\n')?.direct, false);
  });

  it('scripts: package.json scripts, Makefile targets, justfile recipes, Taskfile tasks; includes and patterns leave them open', () => {
    assert.deepEqual(parseScripts('package.json', '{"scripts": {"build": "tsc", "test:unit": "mocha"}}'), { runner: 'npm', names: ['build', 'test:unit'], open: false });
    const make = parseScripts('Makefile', '.PHONY: build test\nVERSION := 1\nbuild: deps\n\tgo build ./...\ntest lint:\n\tgo test\nbin/app: main.go\n');
    assert.deepEqual(make, { runner: 'make', names: ['build', 'test', 'lint', 'bin/app'], open: false });
    assert.equal(parseScripts('Makefile', 'include common.mk\nbuild:\n')?.open, true);
    assert.equal(parseScripts('Makefile', '%.o: %.c\n\tcc $<\n')?.open, true);
    assert.deepEqual(parseScripts('justfile', 'set shell := ["bash"]\nversion := "1"\nalias b := build\n\n@build target="x":\n  cargo build\ntest *args:\n  cargo test\n'), {
      runner: 'just',
      names: ['b', 'build', 'test'],
      open: false,
    });
    assert.deepEqual(parseScripts('Taskfile.yml', "version: '3'\ntasks:\n  build:\n    aliases: [b]\n    cmds: [go build]\n  lint: {}\n"), {
      runner: 'task',
      names: ['build', 'b', 'lint'],
      open: false,
    });
    assert.equal(parseScripts('Taskfile.yml', 'includes:\n  docs: ./docs\ntasks:\n  a: {}\n')?.open, true);
  });
});

describe('manifests: the workspace reader beside the file index', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-manifests-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers true, false, or cannot tell; reads once, and again when a manifest changes', async () => {
    mkdirSync(path.join(dir, 'packages', 'api'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'root', scripts: { build: 'tsc' }, devDependencies: { typescript: '5' } }));
    writeFileSync(path.join(dir, 'packages', 'api', 'package.json'), JSON.stringify({ name: '@r/api', dependencies: { hono: '4' }, scripts: { dev: 'x' } }));
    const index = new WorkspaceFileIndex([dir]);
    assert.equal(index.manifests(), undefined, 'not listed yet');
    await index.start();
    let landed = 0;
    index.onDidChange(() => landed++);
    assert.equal(index.manifests(), undefined, 'the first question starts the reads');
    const deadline = Date.now() + 5000;
    while (index.manifests() === undefined && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    const facts = index.manifests();
    assert.ok(facts);
    assert.ok(landed >= 1, 'a landed read bumps the generation');
    assert.equal(facts.hasPackage('npm', 'hono'), true);
    assert.equal(facts.hasPackage('npm', '@r/api'), true);
    assert.equal(facts.hasPackage('npm', 'express'), false);
    assert.equal(facts.hasPackage('pypi', 'requests'), undefined, 'no Python manifest: cannot tell');
    assert.equal(facts.hasScript('npm', 'dev'), true);
    assert.equal(facts.hasScript('npm', 'deploy'), false);
    assert.equal(facts.hasScript('make', 'build'), undefined, 'no Makefile: cannot tell');
    writeFileSync(path.join(dir, 'package.json'), '{ broken');
    await index.applyChanges([{ fsPath: path.join(dir, 'package.json'), type: 'changed' }]);
    await index.loadManifests();
    assert.equal(index.manifests()?.hasPackage('npm', 'express'), undefined, 'a manifest that no longer parses: cannot tell');
    index.dispose();
  });
});
