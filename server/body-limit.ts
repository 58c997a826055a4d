import type { NextFunction, Request, Response } from "express";
import { bilingual, forRequest, inLanguage } from "../app/i18n/bilingual.server";
import { requireAdminPermission } from "../app/auth/admin-session.server";
import { getCustomerFromRequest } from "../app/auth/session.server";
import { isValidReviewToken } from "../app/models/reviews/index.server";
import { normalizeOrderNumber } from "../app/shared/order-number";
import { escapeHtml } from "../app/utils/html";
import { pageLanguage } from "../app/i18n/page-language.server";
import { directionOf, type Language } from "../app/shared/language";
import { languageHeaders } from "./remix-request";
import { inNamedLanguage } from "../app/utils/api.server";

export const FORM_LIMIT_BYTES = 64 * 1024;
export const UPLOAD_LIMIT_BYTES = 6 * 1024 * 1024;

/** The review page of an order, whose form carries the buyer's photo (issue 47); with JavaScript Remix posts to `….data`. */
const REVIEW_PAGE = /^\/review\/([^/]+?)(?:\.data)?\/?$/;

/**
 * The addresses whose multipart bodies carry images: the upload call, the admin catalogue API, and the admin
 * product and category forms, which hold the image itself when JavaScript is off.
 */
const UPLOAD_PATHS = [
  /^\/api\/upload\/?$/,
  /^\/api\/admin\/(products|categories)(\/[^/]+)?\/?$/,
  /^\/admin\/timsar\/(products|categories)\/(new|edit\/[^/]+)\/?$/,
  /^\/admin\/timsar\/products\/import\/?$/,
  REVIEW_PAGE,
];

const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

export function bodyLimitOf(req: Pick<Request, "path" | "get">): number {
  const multipart = (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart && UPLOAD_PATHS.some((pattern) => pattern.test(req.path)) ? UPLOAD_LIMIT_BYTES : FORM_LIMIT_BYTES;
}

function tooLargeMessage(limit: number): string {
  return limit === UPLOAD_LIMIT_BYTES
    ? bilingual("api.uploadTooLarge", { limit: limit / 1024 / 1024 })
    : bilingual("api.formTooLarge", { limit: limit / 1024 });
}

export function wantsJson(req: Request): boolean {
  const type = (req.get("content-type") ?? "").toLowerCase();
  const accept = (req.get("accept") ?? "").toLowerCase();
  // `_data` marks Remix's own fetch of a route's data, which reads JSON, not a page.
  const remixData = new URLSearchParams(req.originalUrl.split("?")[1] ?? "").has("_data");
  return req.path.startsWith("/api/") || remixData || type.includes("json") || (accept.includes("application/json") && !accept.includes("text/html"));
}

/**
 * A refusal page in the one language a page of the request would be in (`pageLanguage`, CONTRACT.md "Language"),
 * as the shop's own pages are: the request never reaches them.
 */
export function messagePage(language: Language, title: string, message: string): string {
  const [heading, text] = [inLanguage(title, language), inLanguage(message, language)];
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(heading)}</title></head><body><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>` +
    `<p><a href="/">${escapeHtml(inLanguage(bilingual("errors.backHome"), language))}</a></p></body></html>`
  );
}

export function languageOf(req: Pick<Request, "originalUrl" | "get">): Language {
  const asked = new URLSearchParams(req.originalUrl.split("?")[1] ?? "").get("lang");
  return pageLanguage({ asked, cookie: req.get("cookie"), acceptLanguage: req.get("accept-language") });
}

function refuse(req: Request, res: Response, limit: number) {
  const message = tooLargeMessage(limit);
  // The rest of the body is never read, so the connection cannot carry another request.
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  if (wantsJson(req)) res.status(413).json({ message: forRequest(languageHeaders(req), message) });
  else {
    const language = languageOf(req);
    res.setHeader("Content-Language", language);
    res.status(413).type("html").send(messagePage(language, bilingual("api.tooLargeTitle"), message));
  }
}

/**
 * The answer the route's own guard would give a request that may not change the catalogue (401 or 403 for the API,
 * the way to the admin login or the 403 page for the pages), or null for a member who may. Only the headers are read.
 * The answer never reaches server/page-cache.ts, which puts an API error in the one language a request names, so
 * it is put in that language here (CONTRACT.md "The JSON API").
 */
async function strangerAnswer(req: Request): Promise<globalThis.Response | null> {
  const headers = new Headers();
  for (const name of ["cookie", "authorization", "accept-language"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  const request = new globalThis.Request(`http://shop${req.path}`, { headers });
  const review = REVIEW_PAGE.exec(req.path);
  if (review) return reviewStrangerAnswer(request, review[1], req.query.token, languageOf(req));
  try {
    // Every upload address is the catalogue's (products, categories, their images).
    await requireAdminPermission(request, "catalogue:write");
    return null;
  } catch (answer) {
    if (answer instanceof globalThis.Response) return inNamedLanguage(request, answer);
    throw answer;
  }
}

/**
 * A buyer's photo is read only from who may review the order: the holder of its signed link, or a signed-in shopper
 * (the page checks the order is hers). Anyone else gets a 403 page before a byte is read; the phone's way in leads
 * to the signed link first, so no real shopper meets it.
 */
async function reviewStrangerAnswer(request: globalThis.Request, orderNumber: string, token: unknown, language: Language): Promise<globalThis.Response | null> {
  const number = decodedOrNull(orderNumber);
  if (typeof token === "string" && number !== null && isValidReviewToken(normalizeOrderNumber(number), token)) return null;
  if (await getCustomerFromRequest(request)) return null;
  const page = messagePage(language, bilingual("reviews.title"), bilingual("reviews.errors.photoNeedsLink"));
  return new globalThis.Response(page, { status: 403, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": language } });
}

/** A path segment decoded, or null when its escapes are malformed (`%E0%A4%A`): no order has such a number. */
function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function sendUnread(res: Response, answer: globalThis.Response) {
  // The body is never read, so the connection cannot carry another request.
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.status(answer.status);
  for (const [name, value] of answer.headers.entries()) res.setHeader(name, value);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * Reads every request body before Remix does, counting the bytes as they arrive: a body over its limit is answered
 * 413 as soon as the limit is passed, whatever Content-Length said or whether there was one (chunked). A body within
 * its limit is kept in `res.locals.body` for `createRemixRequest`. An upload (up to 6 MB) is read only once its
 * headers show the administrator's session: anyone else gets the guard's answer before a byte of the body is read.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (BODYLESS_METHODS.has(req.method)) return next();
  const limit = bodyLimitOf(req);
  if (limit !== UPLOAD_LIMIT_BYTES) return readBody(req, res, next, limit);
  strangerAnswer(req)
    .then((answer) => (answer ? sendUnread(res, answer) : readBody(req, res, next, limit)))
    .catch(next);
}

function readBody(req: Request, res: Response, next: NextFunction, limit: number) {
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return refuse(req, res, limit);

  const chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  function stop() {
    settled = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  }
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > limit) {
      stop();
      req.pause();
      refuse(req, res, limit);
      return;
    }
    chunks.push(chunk);
  }
  function onEnd() {
    if (settled) return;
    stop();
    res.locals.body = Buffer.concat(chunks, received);
    next();
  }
  function onError(error: Error) {
    if (settled) return;
    stop();
    next(error);
  }
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onError);
}
