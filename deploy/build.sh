#!/bin/sh
# Builds a release in place, as the container image's build stage does (Dockerfile): install exactly the lock file,
# build, then drop the dev dependencies. Needs Node, npm, and python3, make and g++: on Node 24 the install compiles
# better-sqlite3 from its patched source (scripts/sqlite-binding.sh, decision 0100). What is left runs with
# deploy/start.sh and no network, on the same Node (24 LTS): better-sqlite3 is built for the Node that runs this, so
# build again after changing Node.
set -eu
cd "$(dirname "$0")/.."
# DEPLOY_INSTALL replaces the install step; scripts/deploy.test.ts uses it (see there why).
${DEPLOY_INSTALL:-npm ci --no-audit --no-fund}
npx remix build
npm prune --omit=dev --no-audit --no-fund
