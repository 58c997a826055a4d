#!/bin/sh
# Starts a release built by deploy/build.sh: migrate and seed when needed, never build, then serve. `exec` makes the
# server this process, so the SIGTERM a container runtime or systemd sends reaches it and it drains
# (SHUTDOWN_TIMEOUT_SECONDS). No npm at start: npm is a build tool, and a process in between may swallow signals.
# `deploy/start.sh --migrate-only` migrates and seeds, then exits (compose.yaml's one-shot step).
set -eu
cd "$(dirname "$0")/.."
exec node --import tsx scripts/start.ts --built "$@"
