import type { Env } from "../app/env.server";
import { logger } from "../app/utils/logger.server";

/** What each gateway does with a local APP_URL. */
const LOCAL_ADDRESS = {
  myfatoorah: "MyFatoorah refuses it as the address to send the shopper back to, so every payment fails",
  tap: "Tap cannot call its webhook there, and sends the shopper back to a page their phone cannot open",
} as const;
const GATEWAYS = { myfatoorah: "MyFatoorah", tap: "Tap" } as const;

/** A name only this machine answers to: localhost and its subdomains, the loopback addresses, and the "any" address. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1" || host === "0.0.0.0" || host === "::";
}

/**
 * What a payment gateway will make of APP_URL, or null when nothing (probe 3, item 7). The shop gives the gateway the
 * pages under APP_URL where the shopper comes back and where its webhook calls: with APP_URL unset they are
 * http://localhost:PORT, which MyFatoorah refuses outright ("The localhost is not allowed to be set as a domain", so
 * every payment fails) and Tap can never call; and MyFatoorah's webhook needs HTTPS ("SSL is required"). `level`: an
 * error when no payment can work, a warning for plain http.
 */
export function gatewayAppUrlProblem(env: Pick<Env, "appUrl" | "paymentProvider">): { level: "error" | "warn"; message: string } | null {
  if (env.paymentProvider === "test") return null;
  const gateway = GATEWAYS[env.paymentProvider];
  const url = URL.canParse(env.appUrl) ? new URL(env.appUrl) : null;
  if (!url || isLocalHost(url.hostname)) {
    return {
      level: "error",
      message: `APP_URL is ${env.appUrl}, an address only this machine knows: ${LOCAL_ADDRESS[env.paymentProvider]}. Set APP_URL to the shop's public https:// address (PAYMENT_PROVIDER=${env.paymentProvider})`,
    };
  }
  if (url.protocol !== "https:") {
    return {
      level: "warn",
      message: `APP_URL is ${env.appUrl}, not https: ${gateway} would send the shopper back and call its webhook over plain http, and a webhook needs HTTPS. Set APP_URL to the shop's https:// address (PAYMENT_PROVIDER=${env.paymentProvider})`,
    };
  }
  return null;
}

/** Said once at start (the primary process): the start goes on, as CONTRACT.md stops it only for an invalid value. */
export function logGatewayAppUrlProblem(env: Pick<Env, "appUrl" | "paymentProvider">): void {
  const problem = gatewayAppUrlProblem(env);
  if (problem) logger[problem.level]({ appUrl: env.appUrl, paymentProvider: env.paymentProvider }, problem.message);
}
