import { createReadableStreamFromReadable } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { bilingual, forRequest } from "../app/i18n/bilingual.server";

/**
 * An Express request as a Fetch request for Remix. @remix-run/express does the same inside its own handler but does
 * not export it; the page cache needs the request without that handler. As there: the host keeps its port, the URL
 * respects "trust proxy", and loaders are aborted when the client goes away before the answer is finished.
 */
export function createRemixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);
  if (!url) throw new Error("createRemixRequest: the request's URL cannot be read; refuseUnreadableRequests answers those first");

  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    // rejectCrossSiteWrites (server/security.ts) has judged every write's Origin before Remix sees it, accepting the
    // shop's public address (APP_URL) too. Remix's own check compares the Origin with the Host or X-Forwarded-Host
    // alone and answers a 500 with no body when they differ (behind a proxy that sends its own Host, or a client's
    // X-Forwarded-Host), so it is not given the header it would judge again.
    if (!values || name === "origin") continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }

  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // limitRequestBodies (server/body-limit.ts) has already read and counted the body.
    const buffered: unknown = res.locals.body;
    if (Buffer.isBuffer(buffered)) init.body = new Uint8Array(buffered);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

/** What names a language for an error message (CONTRACT.md): the request's cookies and Accept-Language. */
export function languageHeaders(req: Pick<ExpressRequest, "get">) {
  return { cookie: req.get("cookie"), acceptLanguage: req.get("accept-language") };
}

/**
 * The request's URL as Remix gets it, or null when the client made it unreadable: with TRUST_PROXY the host comes
 * from X-Forwarded-Host, which any client can set to "a b" or a port above 65535.
 */
export function requestUrl(req: ExpressRequest): URL | null {
  const port = [req.get("X-Forwarded-Host"), req.get("host")]
    .map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    return null;
  }
}

/**
 * Answers 400 to what Remix cannot be handed: a URL that does not parse or whose path does not decode, and Remix v1's `?_data=` requests, which
 * this single-fetch app never makes (Remix would log each one as an error and answer with a stack of its own).
 */
export function refuseUnreadableRequests(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const url = requestUrl(req);
  if (!url) {
    res.status(400).json({ message: forRequest(languageHeaders(req), bilingual("api.unreadableAddress")) });
    return;
  }
  try {
    // Remix decodes each path segment and only warns when one does not decode ("/%", "/%E0%A4%A").
    decodeURIComponent(url.pathname);
  } catch {
    res.status(400).json({ message: forRequest(languageHeaders(req), bilingual("api.unreadableAddress")) });
    return;
  }
  if (url.searchParams.has("_data")) {
    res.status(400).json({ message: forRequest(languageHeaders(req), bilingual("api.legacyDataRequest")) });
    return;
  }
  next();
}
