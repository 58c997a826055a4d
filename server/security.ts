import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { bilingual, forRequest } from "../app/i18n/bilingual.server";
import { languageHeaders } from "./remix-request";

export function assignNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
}

/**
 * An enforced CSP: scripts run only from our origin or with this request's nonce. Forms post only to us; the
 * payment form's answer redirects to the gateway's hosted page, and browsers check that redirect against
 * form-action too, so the active gateway's page origins are allowed there (`gatewayPageOrigins`).
 */
export function securityHeaders({ isProduction, formActionOrigins = [] }: { isProduction: boolean; formActionOrigins?: string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'", ...formActionOrigins],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        ...(isProduction ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: isProduction ? { maxAge: 63072000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookies are SameSite=Lax, and on top of that a state-changing request that a browser marks as coming from
 * another site is refused. API clients without browser headers (curl, apps) are unaffected.
 */
export function rejectCrossSiteWrites(allowedOrigins: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const originAllowed = !origin || origin === ownOrigin || allowedOrigins.includes(origin);
    if (fetchSite === "cross-site" || !originAllowed) {
      res.status(403).json({ message: forRequest(languageHeaders(req), bilingual("api.crossSiteRefused")) });
      return;
    }
    next();
  };
}

/** Where a gateway's hosted payment pages live: its own domains, and the API host (which is where a local fake serves it). */
export function gatewayPageOrigins(env: { paymentProvider: string; myfatoorah: { baseUrl: string } | null; tap: { baseUrl: string } | null }): string[] {
  if (env.paymentProvider === "myfatoorah" && env.myfatoorah) return ["https://*.myfatoorah.com", new URL(env.myfatoorah.baseUrl).origin];
  if (env.paymentProvider === "tap" && env.tap) return ["https://*.tap.company", new URL(env.tap.baseUrl).origin];
  return [];
}

/**
 * CONTRACT.md: every 429 carries `Retry-After`. The API's refusals say how long through `tooManyRequests`; a page
 * (login, registration, payment, tracking) answers its 429 with the form and its message, and where it does not know
 * the wait exactly this says a minute, the shortest window of the shop's limits, so a client never waits unbounded.
 */
export const RETRY_AFTER_FALLBACK_SECONDS = 60;

export function retryAfterOnEvery429(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 429 && !res.hasHeader("Retry-After")) res.setHeader("Retry-After", String(RETRY_AFTER_FALLBACK_SECONDS));
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
}
