# syntax=docker/dockerfile:1
# The shop as a container image (issue 35). Build: docker build -t timsar-shop .
# Run one server on SQLite:   docker run -p 3000:3000 -v shop-data:/app/data timsar-shop
# Several servers on PostgreSQL, behind nginx: compose.yaml. Every variable: docs/configuration.md.
# The build and start steps are deploy/build.sh and deploy/start.sh, which tests/integration/deploy-scripts.test.ts
# runs from a fresh clone (no registry is reachable in the tests, so the image itself is not built there).

# Node 24 LTS in both stages (Node 20's life ended on 2026-04-30; decision 0073): better-sqlite3, the one native
# module not built on N-API, is compiled in the build stage for this same Node, and the runtime stage runs
# the build stage's node_modules as they are. Change both lines together.
FROM node:24-bookworm-slim AS build
# better-sqlite3 is compiled with these from its patched source (decision 0100); openssl for Prisma's engines.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ openssl ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN sh deploy/build.sh

FROM node:24-bookworm-slim AS runtime
# openssl for Prisma's engines, curl for the health check; nothing else.
RUN apt-get update \
 && apt-get install -y --no-install-recommends openssl ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    UPLOADS_DIR=/app/uploads
WORKDIR /app
# The pruned release: production dependencies, the build, the migrations and the sources tsx runs at start.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data /app/uploads && chown node:node /app/data /app/uploads
# The image's own `node` user (uid 1000): never root.
USER node
VOLUME ["/app/data", "/app/uploads"]
EXPOSE 3000
# Liveness: the process and its database answer. Readiness for a proxy is /readyz (docs/configuration.md).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/healthz" || exit 1
# The server itself receives SIGTERM (deploy/start.sh execs node) and drains for SHUTDOWN_TIMEOUT_SECONDS (25);
# give `docker stop` more than that: docker stop -t 35, or stop_grace_period in compose.yaml.
STOPSIGNAL SIGTERM
CMD ["sh", "deploy/start.sh"]
