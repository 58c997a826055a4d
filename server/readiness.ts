import type express from "express";
import { pendingMigrations, type RawQuery } from "./migrations";

export type Readiness = { status: 200 | 503; body: { status: "ready" | "not ready"; reason: string; migrations?: string[] } };

/**
 * `/readyz`, apart from `/healthz` (which says the process lives): whether this server should be sent shoppers now.
 * Not while it drains after a signal, not while its database is unreachable, and not while this release's migrations
 * are pending (another server of the release is applying them, or they failed). Once every migration is seen applied
 * it is not asked again: a running release's migrations do not become pending.
 */
export function createReadiness(query: RawQuery, folder: string, isDraining: () => boolean) {
  let migrated = false;
  return async function readiness(): Promise<Readiness> {
    if (isDraining()) return { status: 503, body: { status: "not ready", reason: "draining" } };
    try {
      await query("SELECT 1");
    } catch {
      return { status: 503, body: { status: "not ready", reason: "database unreachable" } };
    }
    if (!migrated) {
      try {
        const pending = await pendingMigrations(query, folder);
        if (pending.length > 0) return { status: 503, body: { status: "not ready", reason: "migrations pending", migrations: pending } };
        migrated = true;
      } catch {
        return { status: 503, body: { status: "not ready", reason: "database unreachable" } };
      }
    }
    return { status: 200, body: { status: "ready", reason: "ok" } };
  };
}

export function readinessEndpoint(readiness: () => Promise<Readiness>): express.RequestHandler {
  return (_req, res, next) => {
    res.locals.route = "/readyz";
    readiness()
      .then(({ status, body }) => res.status(status).set("Cache-Control", "no-store").json(body))
      .catch(next);
  };
}
