import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { bilingual } from "../app/i18n/bilingual.server";

export function assignNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
}

/** An enforced CSP: scripts run only from our origin or with this request's nonce. */
export function securityHeaders({ isProduction }: { isProduction: boolean }) {
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
        "form-action": ["'self'"],
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
      res.status(403).json({ message: bilingual("api.crossSiteRefused") });
      return;
    }
    next();
  };
}
