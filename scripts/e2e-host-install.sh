#!/usr/bin/env bash
# Installs the offline VS Code host used by `npm run test:vscode` into
# .e2e-host/ at the repo root (gitignored): code-server 4.96.4 (= VS Code
# 1.96.4 server + web workbench) and playwright-core, driving Debian's
# Chromium. Needs only the npm registry and apt. Idempotent: a finished
# install is detected by a stamp file and skipped.
# Recipe and the reasons for every patch: ../shared/vscode-offline/notes.md.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HOST="$ROOT/.e2e-host"
PIN="$ROOT/test/e2e-host"
STAMP="$HOST/.installed"
VS="$HOST/node_modules/code-server/lib/vscode"

node -e 'if (process.versions.node.split(".")[0] !== "20") { console.error("code-server 4.96.4 needs Node 20, this is " + process.version); process.exit(1) }'

if [ -f "$STAMP" ] && cmp -s "$STAMP" "$PIN/package-lock.json"; then
  echo "e2e host already installed in $HOST"
  exit 0
fi

step() { echo "==> $*"; }

# 1. Browser + ripgrep from Debian (replaces downloads from GitHub).
if ! command -v chromium >/dev/null || ! command -v rg >/dev/null; then
  step "apt-get install chromium ripgrep"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium ripgrep >/dev/null
fi

# 2. code-server + playwright-core without install scripts: code-server's
#    postinstall needs GitHub (a git pin in lib/vscode's shrinkwrap).
mkdir -p "$HOST"
cp "$PIN/package.json" "$PIN/package-lock.json" "$PIN/.npmrc" "$HOST/"
step "npm install --ignore-scripts (code-server, playwright-core)"
(cd "$HOST" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error)

# 3. argon2: required by code-server's entry.js at start-up; built from source
#    because its install script fetches a prebuilt binary from GitHub.
step "build argon2 from source"
(cd "$HOST" && JOBS=max npm_config_build_from_source=true npm rebuild argon2 --ignore-scripts=false --loglevel=error)

# 4. lib/vscode runtime deps, with the git pin swapped for the registry tarball.
step "patch lib/vscode/npm-shrinkwrap.json (@vscode/proxy-agent git -> registry)"
node -e '
const fs = require("fs"); const f = process.argv[1];
const j = JSON.parse(fs.readFileSync(f, "utf8"));
const p = j.packages["node_modules/@vscode/proxy-agent"];
if (p && p.resolved && p.resolved.startsWith("git")) {
  p.resolved = "https://registry.npmjs.org/@vscode/proxy-agent/-/proxy-agent-" + p.version + ".tgz";
  delete p.integrity;
  fs.writeFileSync(f, JSON.stringify(j, null, 2) + "\n");
}' "$VS/npm-shrinkwrap.json"
step "npm install --omit=dev --ignore-scripts in lib/vscode"
(cd "$VS" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)

# 5. Native modules against the system Node headers (log files, terminal,
#    extension-host watchdog). @parcel/watcher ships a linux-x64 prebuild.
step "node-gyp build @vscode/spdlog node-pty native-watchdog"
(cd "$VS" && JOBS=max npm rebuild @vscode/spdlog node-pty native-watchdog --ignore-scripts=false --loglevel=error)

# 6. What code-server's postinstall would have done, minus the downloads.
step "ripgrep + asar symlinks"
mkdir -p "$VS/node_modules/@vscode/ripgrep/bin"
ln -sf "$(command -v rg)" "$VS/node_modules/@vscode/ripgrep/bin/rg"
ln -sfn node_modules "$VS/node_modules.asar"
(cd "$VS/bin/remote-cli" && ln -sf code-linux.sh code-server)
(cd "$VS/bin/helpers" && ln -sf browser-linux.sh browser.sh)

node -e 'for (const m of ["@vscode/spdlog","node-pty","native-watchdog","@parcel/watcher"]) require(process.argv[1] + "/node_modules/" + m)' "$VS"
cp "$PIN/package-lock.json" "$STAMP"
echo "e2e host installed in $HOST"
