#!/usr/bin/env bash
# The project's postinstall, after patch-package (decision 0100): on Node 24 or later, build better-sqlite3 again
# from its patched source.
#
# npm runs better-sqlite3's own install (a prebuilt binary, or a build from source) before the project's postinstall
# applies patches/better-sqlite3+11.10.0.patch. Node 24.19's headers make every native object remove a cleanup hook
# when it is collected, which aborts the process (the patch says why), so a binary built before the patch, or a
# prebuilt one from headers nobody can check, must not be what the shop runs on Node 24. This builds the patched
# source the way the package's own install falls back to (`node-gyp rebuild --release`, with the node-gyp that npm
# puts on the PATH of every install script). The Dockerfile's build stage has the compiler for it.
#
# Before Node 24 there is nothing to do: Node's ObjectWrap has no cleanup hooks there, so the binary npm built is the
# same as one built from the patched source (the development machines' Node 20 keeps its install as it is).
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 24 ]; then exit 0; fi

echo "better-sqlite3: building it from its patched source for Node $(node -v) (scripts/sqlite-binding.sh)"
(cd node_modules/better-sqlite3 && node-gyp rebuild --release --loglevel=warn)
node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"
