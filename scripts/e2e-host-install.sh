#!/usr/bin/env bash
# Installs the offline VS Code hosts used by `npm run test:vscode` into
# .e2e-host/<code-server version>/ at the repo root (gitignored), side by side:
# one per entry of test/e2e-host/hosts.json (code-server = VS Code server + web
# workbench, plus playwright-core driving Debian's Chromium), each pinned by
# test/e2e-host/<version>/package.json + package-lock.json.
#
#   bash scripts/e2e-host-install.sh              # every host in hosts.json
#   bash scripts/e2e-host-install.sh 4.100.3      # only these code-server versions
#
# Needs only the npm registry and apt. Idempotent: a finished install is
# detected by a stamp file (a copy of its lockfile) and skipped.
# Recipe and the reasons for every patch: ../shared/vscode-offline/notes.md.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PINS="$ROOT/test/e2e-host"
HOSTS="$ROOT/.e2e-host"

# "<codeServer> <vscode> <node major>" per line, from the manifest.
manifest() {
  node -e 'for (const h of require(process.argv[1]).hosts) console.log(h.codeServer, h.vscode, h.node)' "$PINS/hosts.json"
}
step() { echo "==> [$CS] $*"; }

# Before hosts lived side by side, .e2e-host/ held the 4.96.4 host itself.
# Move such an install to its new place instead of downloading it again.
migrate_flat_install() {
  [ -f "$HOSTS/.installed" ] || return 0
  local first
  first="$(manifest | head -n1 | cut -d' ' -f1)"
  if cmp -s "$HOSTS/.installed" "$PINS/$first/package-lock.json" && [ ! -e "$HOSTS/$first" ]; then
    echo "==> moving the existing .e2e-host/ install to .e2e-host/$first/"
    mkdir -p "$HOSTS/$first"
    for f in node_modules package.json package-lock.json .npmrc; do
      [ -e "$HOSTS/$f" ] && mv "$HOSTS/$f" "$HOSTS/$first/"
    done
    mv "$HOSTS/.installed" "$HOSTS/$first/.installed"
  else
    echo "==> removing an outdated single-host install from .e2e-host/"
    rm -rf "$HOSTS/node_modules" "$HOSTS/package.json" "$HOSTS/package-lock.json" "$HOSTS/.npmrc" "$HOSTS/.installed"
  fi
}

install_host() {
  local CS="$1" VSCODE="$2" NODE_MAJOR="$3"
  local HOST="$HOSTS/$CS" PIN="$PINS/$CS"
  local STAMP="$HOST/.installed" VS="$HOSTS/$CS/node_modules/code-server/lib/vscode"
  [ -f "$PIN/package-lock.json" ] || { echo "no pin for code-server $CS in $PIN" >&2; exit 1; }
  node -e 'if (process.versions.node.split(".")[0] !== process.argv[1]) { console.error(`code-server ${process.argv[2]} needs Node ${process.argv[1]}, this is ${process.version}`); process.exit(1) }' "$NODE_MAJOR" "$CS"

  if [ -f "$STAMP" ] && cmp -s "$STAMP" "$PIN/package-lock.json"; then
    echo "e2e host code-server $CS (VS Code $VSCODE) already installed in $HOST"
    return 0
  fi
  local t0=$SECONDS
  rm -f "$STAMP"

  # code-server + playwright-core without install scripts: code-server's
  # postinstall runs a plain `npm install` in lib/vscode, which needs GitHub
  # for 4.96.4 (a git pin in its shrinkwrap) and downloads prebuilt binaries.
  mkdir -p "$HOST"
  cp "$PIN/package.json" "$PIN/package-lock.json" "$HOST/"
  cp "$PINS/.npmrc" "$HOST/.npmrc"
  step "npm install --ignore-scripts (code-server, playwright-core)"
  (cd "$HOST" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error)
  local found
  found="$(node -p 'require(process.argv[1]).version' "$VS/package.json")"
  if [ "$found" != "$VSCODE" ]; then
    echo "code-server $CS contains VS Code $found, but test/e2e-host/hosts.json says $VSCODE" >&2
    exit 1
  fi

  # argon2: required by code-server's entry.js at start-up; built from source
  # because its install script fetches a prebuilt binary from GitHub.
  step "build argon2 from source"
  (cd "$HOST" && JOBS=max npm_config_build_from_source=true npm rebuild argon2 --ignore-scripts=false --loglevel=error)

  # lib/vscode runtime deps. 4.96.4 pins @vscode/proxy-agent to a git commit;
  # swap it for the registry tarball of the same version (4.100.3 already
  # resolves it from the registry, so nothing changes there).
  step "patch lib/vscode/npm-shrinkwrap.json (git pins -> registry)"
  node -e '
const fs = require("fs"); const f = process.argv[1];
const j = JSON.parse(fs.readFileSync(f, "utf8"));
let changed = 0;
for (const [key, p] of Object.entries(j.packages || {})) {
  if (!key || !p.resolved || !p.resolved.startsWith("git")) continue;
  const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
  p.resolved = `https://registry.npmjs.org/${name}/-/${name.split("/").pop()}-${p.version}.tgz`;
  delete p.integrity;
  changed++;
}
if (changed) fs.writeFileSync(f, JSON.stringify(j, null, 2) + "\n");
console.log(`    ${changed} git pin(s) replaced`);' "$VS/npm-shrinkwrap.json"
  step "npm install --omit=dev --ignore-scripts in lib/vscode"
  (cd "$VS" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)

  # Native modules against the system Node headers (log files, terminal,
  # extension-host watchdog). @parcel/watcher ships a linux-x64 prebuild.
  # node-pty is built with node-gyp directly rather than `npm rebuild`: its
  # postinstall only tidies build/ and, in 1.1.0-beta33 (VS Code 1.100), runs
  # `npx node-gyp configure -f compile_commands_json` (editor tooling), which
  # npx would fetch from the registry and, non-interactive, refuses to.
  step "node-gyp build @vscode/spdlog native-watchdog node-pty"
  (cd "$VS" && JOBS=max npm rebuild @vscode/spdlog native-watchdog --ignore-scripts=false --loglevel=error)
  # npm's own node-gyp, with npm's nodedir (headers) setting as npm would pass it.
  local npm_gyp nodedir
  npm_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  nodedir="$(npm config get nodedir 2>/dev/null || true)"
  [ "$nodedir" = undefined ] && nodedir=""
  (cd "$VS/node_modules/node-pty" &&
    JOBS=max node "$npm_gyp" rebuild --loglevel=error ${nodedir:+"--nodedir=$nodedir"} >/dev/null)

  # What code-server's postinstall would have done, minus the downloads.
  step "ripgrep + asar symlinks"
  mkdir -p "$VS/node_modules/@vscode/ripgrep/bin"
  ln -sf "$(command -v rg)" "$VS/node_modules/@vscode/ripgrep/bin/rg"
  ln -sfn node_modules "$VS/node_modules.asar"
  (cd "$VS/bin/remote-cli" && ln -sf code-linux.sh code-server)
  (cd "$VS/bin/helpers" && ln -sf browser-linux.sh browser.sh)

  node -e 'for (const m of ["@vscode/spdlog","node-pty","native-watchdog","@parcel/watcher"]) require(process.argv[1] + "/node_modules/" + m)' "$VS"
  cp "$PIN/package-lock.json" "$STAMP"
  echo "e2e host code-server $CS (VS Code $VSCODE) installed in $HOST in $((SECONDS - t0)) s"
}

# Browser + ripgrep from Debian (replaces downloads from GitHub).
if ! command -v chromium >/dev/null || ! command -v rg >/dev/null; then
  echo "==> apt-get install chromium ripgrep"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium ripgrep >/dev/null
fi

mkdir -p "$HOSTS"
migrate_flat_install
wanted=("$@")
mapfile -t hosts < <(manifest)
matched=0
for line in "${hosts[@]}"; do
  read -r cs vscode node_major <<<"$line"
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $cs "* ]]; then continue; fi
  install_host "$cs" "$vscode" "$node_major"
  matched=$((matched + 1))
done
if [ ${#wanted[@]} -gt 0 ] && [ "$matched" -ne ${#wanted[@]} ]; then
  echo "unknown code-server version in: ${wanted[*]} (test/e2e-host/hosts.json lists: $(manifest | cut -d' ' -f1 | tr '\n' ' '))" >&2
  exit 1
fi
