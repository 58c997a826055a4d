import net from "node:net";
import type { AppLoadContext } from "@remix-run/node";

/**
 * The client's address as Express resolved it under TRUST_PROXY (server.ts), the key of every per-client rate
 * limit. Tests and direct calls have none and share one bucket.
 *
 * An IPv6 address is grouped by its /64 network: a home or phone connection is handed a whole /64, so counting
 * single IPv6 addresses would give one client 2^64 separate budgets. An IPv4 address written as IPv6 (`::ffff:…`)
 * is the IPv4 address.
 */
export function clientAddress(context: AppLoadContext | undefined): string {
  const address = context?.clientAddress;
  return address ? rateLimitAddress(address) : "unknown";
}

/** The client's whole address as Express resolved it, for the activity log (null in tests and direct calls). */
export function auditAddress(context: AppLoadContext | undefined): string | null {
  return context?.clientAddress ?? null;
}

/** The part of an address that per-client limits count: the IPv4 address, or the IPv6 /64 network. */
export function rateLimitAddress(address: string): string {
  const bare = address.split("%")[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1];
  if (net.isIPv6(bare)) return `${ipv6Groups(bare).slice(0, 4).join(":")}::/64`;
  return address;
}

/** The eight groups of an IPv6 address, without leading zeros, in lower case. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest === undefined ? [] : rest ? rest.split(":") : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
