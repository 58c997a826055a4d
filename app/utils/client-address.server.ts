import type { AppLoadContext } from "@remix-run/node";

/**
 * The client's address as Express resolved it under TRUST_PROXY (server.ts), the key of every per-client rate
 * limit. Tests and direct calls have none and share one bucket.
 */
export function clientAddress(context: AppLoadContext | undefined): string {
  return context?.clientAddress ?? "unknown";
}
