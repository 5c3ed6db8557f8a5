#!/usr/bin/env bash
# Puts the project's Node (the exact version in .node-version) first on PATH, on a machine whose
# own Node is older. The runtime comes from the npm registry as `node-linux-<arch>@<version>`
# (bin/node and include/node), fetched with `npm pack` so the registry's integrity check applies,
# and is kept in ${GAMEON_NODE_CACHE:-~/.cache/gameon}/node-<version>, reused when present.
#
# npm_config_nodedir is pointed at that Node's own headers: these machines' ~/.npmrc says
# nodedir=/usr (the system Node 20's headers), so native modules (better-sqlite3) would otherwise
# compile for the wrong ABI and fail to load (ERR_DLOPEN_FAILED, NODE_MODULE_VERSION).
#
# Usage:  source .ci/use-node.sh            (this shell; what .ci/run does)
#         eval "$(bash .ci/use-node.sh)"    (the same, from a shell that cannot source bash)
# npm itself is the machine's: it runs on whichever node is first on PATH.

_gameon_use_node() {
  local root version arch cache dir tmp tgz
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  version=$(tr -d ' \n\r' <"$root/.node-version")
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "use-node: no node-linux package for $(uname -m)" >&2; return 1 ;;
  esac
  cache=${GAMEON_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gameon}
  dir="$cache/node-$version"

  if [ "$(node -v 2>/dev/null)" = "v$version" ] && [ "$(command -v node)" = "$dir/bin/node" ]; then
    return 0 # already in place (sourced twice)
  fi
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
    echo "use-node: fetching node-linux-$arch@$version into $dir" >&2
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/.node-$version.XXXXXX")
    tgz=$(cd "$tmp" && npm pack --silent "node-linux-$arch@$version") || { rm -rf "$tmp"; return 1; }
    tar -xzf "$tmp/$tgz" -C "$tmp" || { rm -rf "$tmp"; return 1; }
    chmod +x "$tmp/package/bin/node"
    # Renamed into place whole, so an interrupted fetch never leaves a half folder that looks ready.
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Executed, not sourced: prepare, then print the lines a shell evaluates.
  set -euo pipefail
  _gameon_use_node >&2
  printf 'export PATH=%q\nexport npm_config_nodedir=%q\n' "$PATH" "$npm_config_nodedir"
else
  _gameon_use_node || return 1
  echo "use-node: $(node -v) at $(command -v node) (npm $(npm -v), headers from $npm_config_nodedir)" >&2
fi
unset -f _gameon_use_node
