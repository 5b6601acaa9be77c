/**
 * The VS Code versions the real-editor suite runs on (test/e2e-host/hosts.json)
 * and what package.json promises must agree: engines.vscode claims exactly the
 * oldest VS Code we test, @types/vscode offers no API newer than it, and each
 * host is pinned by its own package.json + package-lock.json.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PINS = path.join(ROOT, 'test', 'e2e-host');

interface Host {
  codeServer: string;
  vscode: string;
  node: string;
  why: string;
}
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const hosts = (readJson(path.join(PINS, 'hosts.json')) as { hosts: Host[] }).hosts;
const pkg = readJson(path.join(ROOT, 'package.json')) as {
  engines: Record<string, string>;
  devDependencies: Record<string, string>;
};
const parts = (version: string): number[] => version.split('.').map(Number);
const compare = (a: string, b: string): number => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

describe('VS Code hosts of the real-editor suite', () => {
  it('lists at least two hosts, oldest first, with distinct VS Code versions', () => {
    assert.ok(hosts.length >= 2, 'the suite runs on the engine minimum and a newer VS Code');
    for (const h of hosts) assert.match(h.vscode, /^\d+\.\d+\.\d+$/);
    for (let i = 1; i < hosts.length; i++) assert.ok(compare(hosts[i - 1]!.vscode, hosts[i]!.vscode) < 0, `${hosts[i - 1]!.vscode} before ${hosts[i]!.vscode}`);
  });

  it('engines.vscode claims exactly the oldest tested VS Code (^major.minor.0)', () => {
    const [major, minor] = parts(hosts[0]!.vscode);
    assert.equal(pkg.engines.vscode, `^${major}.${minor}.0`);
  });

  it('@types/vscode is the oldest tested VS Code, pinned, so no newer API type-checks', () => {
    const [major, minor] = parts(hosts[0]!.vscode);
    assert.equal(pkg.devDependencies['@types/vscode'], `${major}.${minor}.0`);
  });

  for (const h of hosts) {
    it(`code-server ${h.codeServer} (VS Code ${h.vscode}) is pinned by its own package.json and lockfile`, () => {
      const dir = path.join(PINS, h.codeServer);
      const manifest = readJson(path.join(dir, 'package.json')) as { dependencies: Record<string, string> };
      assert.equal(manifest.dependencies['code-server'], h.codeServer);
      const lock = readJson(path.join(dir, 'package-lock.json')) as {
        packages: Record<string, { version?: string; engines?: Record<string, string> }>;
      };
      const entry = lock.packages['node_modules/code-server'];
      assert.equal(entry?.version, h.codeServer);
      // The extension host runs on the machine's Node: the host must declare the Node major we run on.
      assert.equal(entry?.engines?.node, h.node);
      assert.ok(existsSync(path.join(PINS, '.npmrc')), 'the shared .npmrc (ignore-scripts) is copied into every host');
    });
  }
});
