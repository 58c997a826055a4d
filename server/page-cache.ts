import crypto from "node:crypto";
import zlib from "node:zlib";
import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { pageCacheLookups } from "../app/utils/metrics.server";
import { rawCookies } from "../app/utils/raw-cookies";
import { noneMatchHits } from "../app/utils/etag";
import { SHARED_PAGE_HEADER } from "../app/utils/shared-page";
import { isPrivatePath } from "../app/utils/private-pages";
import { sharedCatalogueVersion, sharedDatabaseVersion, type CatalogueScope } from "../app/models/shop/index.server";
import { readVisitor, type Visitor } from "../app/auth/visitor.server";
import { readCartLines } from "../app/cookies/cart.server";
import type { CartLine } from "../app/shared/cart-line";
import { createRemixRequest } from "./remix-request";
import { gzipKeepingStyles } from "./kept-styles-gzip";
import { inNamedLanguage } from "../app/utils/api.server";
import { pageLanguage } from "../app/i18n/page-language.server";
import { ALLOW_LOCAL } from "./api-methods";

/**
 * Serves Remix, keeping a rendered copy of the pages routes mark as shared (the home page with every filter, sort
 * and page, product pages, the legal pages). Such a page is a function of its URL, the visitor's language, the
 * database, and the little the header shows of the visitor (`Visitor`: the cart count and whether they are signed
 * in), so it is rendered once per (URL, language, visitor) and sent again until the catalogue changes: to a
 * first-time visitor and to a shopper with a cart or a session alike (docs/decisions/0012-shared-page-cache.md).
 * A guest's cart page is kept the same way, filed under the cart's lines (decision 0119).
 * The catalogue answers of the JSON API (categories, products, search) are kept the same way.
 *
 * Freshness: the cache asks the catalogue's version (app/models/shop/database-version.server.ts, decision 0055), a row
 * that database triggers change in the same transaction as every write to what these pages show, by any connection
 * (this worker's, another worker's or another server's, an import); a cached page is only sent if no such commit has
 * happened since it was rendered, so a product hidden through one server is never served from another's cache,
 * while a failed login, a session or a job lease leaves the kept pages kept.
 *
 * A stored page is the same bytes for everyone: its inline scripts are allowed by their SHA-256 in the page's
 * Content-Security-Policy instead of the per-response nonce, so its gzip and brotli forms are made once and a hit
 * costs no render and no compression. Hits are answered before the rest of the middleware (`serveHits`), with the
 * security headers the page was first sent with.
 */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_KEY_PART = 512;
/** Cookies that give the visitor something of their own that a shared page would not show: the one flash (decision 0049). */
const PERSONAL_COOKIES = ["shop_flash"];
/** Cookies the header reads (cart badge, account link); a visitor with either is filed under their `Visitor`. */
const VISITOR_COOKIES = ["cart", "__session"];
/**
 * The one private page kept: a guest's cart (no session cookie, so the lines are the signed cookie's). It is a
 * function of the lines, the language and the catalogue, like a product page of several products, so shoppers with
 * the same lines are sent the same page until one of those products or the listing changes; each distinct cart is
 * rendered once. A signed-in shopper's cart is kept with her account and always rendered.
 */
const GUEST_CART_PAGE = /^\/cart\/?$/i;
/** Kept carts at most: each cart's lines make a page of their own, which must not push the catalogue's pages out. */
const MAX_CART_PAGES = 200;

type Encoding = "br" | "gzip" | "identity";
type SharedPage = {
  /** The version of what the page shows (its scope); `list`, the listing version it was rendered at. */
  version: string;
  list: string;
  status: number;
  headers: Record<string, string | string[]>;
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>>;
};
type Lookup = { key: string; version: string; list: string; visitor?: Visitor; isCart?: boolean };

export function createPageCache(databaseUrl: string, maxBytes = MAX_BYTES) {
  const catalogueVersion = sharedCatalogueVersion(databaseUrl);
  // A signed-in shopper's session answer is kept while nothing at all is committed (a logout, a password change).
  const databaseVersion = sharedDatabaseVersion(databaseUrl);
  const pages = new Map<string, SharedPage>();
  /** The kept cart pages' keys, oldest first. */
  const cartKeys = new Set<string>();
  let pagesVersion = "";
  let bytes = 0;

  const sizeOf = (page: SharedPage) => Object.values(page.bodies).reduce((sum, body) => sum + body.length, 0);

  function forget(key: string) {
    const page = pages.get(key);
    if (!page) return;
    bytes -= sizeOf(page);
    pages.delete(key);
    cartKeys.delete(key);
  }

  /**
   * The version now of what a page of `path` shows (`scopeOf`); one equal to nothing (so nothing is sent or kept) if
   * the database cannot say. A new listing version empties the cache, as every page shows the listing's parts; a
   * product's own version only passes that product's pages by.
   */
  async function version(path = "/", scope = scopeOf(path)): Promise<{ list: string; scoped: string }> {
    const now = await catalogueVersion.read(scope);
    if (now.list !== pagesVersion) {
      pages.clear();
      cartKeys.clear();
      bytes = 0;
      pagesVersion = now.list;
    }
    return now;
  }

  /**
   * `version`, for the requests that arrived in this turn of the event loop, read together once they have all
   * arrived (setImmediate runs after the turn's network reads): each reading is still taken after its request
   * arrived, so it shows every commit that request could have seen, and on SQLite one `data_version` serves them all.
   */
  let waiting: { path: string; scope: CatalogueScope; resolve: (reading: { list: string; scoped: string }) => void; reject: (error: unknown) => void }[] = [];
  function versionSoon(path: string, scope = scopeOf(path)): Promise<{ list: string; scoped: string }> {
    return new Promise((resolve, reject) => {
      if (waiting.length === 0) {
        setImmediate(() => {
          const batch = waiting;
          waiting = [];
          for (const request of batch) version(request.path, request.scope).then(request.resolve, request.reject);
        });
      }
      waiting.push({ path, scope, resolve, reject });
    });
  }

  function makeRoom(needed: number) {
    for (const key of pages.keys()) {
      if (bytes + needed <= maxBytes) return;
      forget(key);
    }
  }

  return {
    version,
    versionSoon,
    /**
     * Whether a request's page could be shared at all: a GET of a page (not a file, not a private address) without
     * anything of the visitor's own beyond `Visitor` (a one-time message, an API client's token). Answers without
     * touching the database, so files and private pages cost nothing here.
     */
    mayShare(req: Request): boolean {
      if (req.method !== "GET" || req.get("authorization")) return false;
      const path = pathOf(req.originalUrl);
      // A file name (a script, an image, /favicon.svg, a route's .data) is never a shared page.
      if (path.slice(path.lastIndexOf("/")).includes(".")) return false;
      const cookies = rawCookies(req.get("cookie"));
      if (isPrivatePath(path) && !(GUEST_CART_PAGE.test(path) && !cookies.has("__session"))) return false;
      return !PERSONAL_COOKIES.some((name) => cookies.has(name));
    },
    /**
     * What a request's page shows of the catalogue (`scopeOf`), and for a guest's cart page the lines it shows, read
     * from the signed cookie as the page reads them: the cart's products are its scope, the lines its key.
     */
    async pageOf(req: Request): Promise<{ scope: CatalogueScope; cart?: CartLine[] }> {
      const path = pathOf(req.originalUrl);
      if (!GUEST_CART_PAGE.test(path)) return { scope: scopeOf(path) };
      const cart = await readCartLines(new globalThis.Request("http://shop/cart", { headers: { cookie: req.get("cookie") ?? "" } }));
      return { scope: { productIds: [...new Set(cart.map((line) => line.productId))].sort() }, cart };
    },
    /**
     * The key a request's page would be shared under, or null when it may not be shared (`mayShare`). Reads the
     * visitor when they carry a cart or session cookie, and returns what it read so the render uses the very same.
     * With `rememberSessions`, the database's version is read so a signed-in shopper's session can be answered from
     * memory while nothing is committed (app/auth/visitor.server.ts).
     */
    async lookupKey(req: Request, rememberSessions = false, cart?: CartLine[]): Promise<{ key: string; visitor?: Visitor; isCart?: boolean } | null> {
      if (!this.mayShare(req)) return null;
      const cookieHeader = req.get("cookie");
      const cookies = rawCookies(cookieHeader);
      const url = `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
      // Filed under the language the page is rendered in, chosen as the page chooses it: a key of the raw headers
      // would be another rule, which one change can make disagree with the page's.
      const language = pageLanguage({ asked: new URLSearchParams(req.originalUrl.split("?")[1] ?? "").get("lang"), cookie: cookieHeader, acceptLanguage: req.get("accept-language") });
      if (url.length > MAX_KEY_PART) return null;
      if (GUEST_CART_PAGE.test(pathOf(req.originalUrl))) {
        // Filed under its lines alone: never under the count the catalogue pages are filed under.
        if (!cart) return null;
        const visitor = { cartCount: cart.reduce((sum, line) => sum + line.quantity, 0), isSignedIn: false };
        return { key: `${url}\n${language}\ncart:${JSON.stringify(cart)}`, visitor, isCart: true };
      }
      if (!VISITOR_COOKIES.some((name) => cookies.has(name))) return { key: `${url}\n${language}\n-` };
      const version = rememberSessions && cookies.has("__session") ? await databaseVersion.read() : undefined;
      const visitor = await readVisitor(new globalThis.Request(url, { headers: { cookie: cookieHeader ?? "" } }), version);
      return { key: `${url}\n${language}\n${visitor.cartCount}|${visitor.isSignedIn ? 1 : 0}`, visitor };
    },
    /** The page shared under `key`, if it was rendered at the version `now` read. */
    get(key: string, now: string): SharedPage | undefined {
      const page = pages.get(key);
      return page && page.version === now ? page : undefined;
    },
    /** Keeps a page unless a newer version has been read since it started rendering; a cart's among the newest carts. */
    set(key: string, page: SharedPage, isCart = false) {
      if (page.list !== pagesVersion) return;
      forget(key);
      const size = sizeOf(page);
      if (size > maxBytes) return;
      makeRoom(size);
      pages.set(key, page);
      bytes += size;
      if (!isCart) return;
      cartKeys.add(key);
      if (cartKeys.size > MAX_CART_PAGES) forget(cartKeys.values().next().value as string);
    },
    /** The body of a kept page in an encoding, compressed the first time a browser asks for it. */
    body(key: string, page: SharedPage, encoding: Encoding): Buffer {
      const cached = page.bodies[encoding];
      if (cached) return cached;
      const identity = page.bodies.identity as Buffer;
      // Made once per kept page, so brotli may take longer for fewer bytes than a page made per visitor.
      const body = compress(identity, encoding, 6);
      if (pages.get(key) === page) {
        makeRoom(body.length);
        if (pages.get(key) === page) {
          page.bodies[encoding] = body;
          bytes += body.length;
        }
      }
      return body;
    },
    get size() {
      return { pages: pages.size, bytes };
    },
    close: async () => {
      await Promise.all([catalogueVersion.close(), databaseVersion.close()]);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

function varyWithCookie(current: ReturnType<Response["getHeader"]>): string {
  const names = (Array.isArray(current) ? current.join(",") : String(current ?? "")).split(",").map((name) => name.trim()).filter(Boolean);
  return names.some((name) => name.toLowerCase() === "cookie" || name === "*") ? names.join(", ") : [...names, "Cookie"].join(", ");
}

/**
 * What a page of `path` shows beyond the listing: a product page and a product's API answer show that product's
 * exact stock; the rest of the API (the product list, search) shows every product's; other pages (home, category,
 * search, legal) only the listing, whose cards say whether a product is for sale, not how many are left.
 */
export function scopeOf(path: string): CatalogueScope {
  const product = /^\/(?:product|api\/products)\/([^/]+)\/?$/.exec(path);
  if (product) return { productId: product[1] };
  return path.startsWith("/api/") ? "stock" : "list";
}

function pathOf(originalUrl: string): string {
  const path = originalUrl.split("?")[0].replace(/\/{2,}/g, "/");
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A page a route marked as shared, or a catalogue answer of the JSON API (app/utils/api.server.ts `catalogueJson`):
 * never one that sets a cookie or forbids keeping it. JSON is only kept under /api/, so the data requests of page
 * routes, which carry the header's visitor parts, never are.
 */
function isShareable(response: globalThis.Response, path: string): boolean {
  const type = response.headers.get("content-type") ?? "";
  return (
    response.status === 200 &&
    response.headers.get(SHARED_PAGE_HEADER) === "1" &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/i.test(response.headers.get("cache-control") ?? "") &&
    (type.startsWith("text/html") || (type.startsWith("application/json") && path.startsWith("/api/")))
  );
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The page as everyone can be sent it: the nonce attributes taken off, and the CSP's `'nonce-…'` replaced by the
 * SHA-256 of each inline script, which allows exactly those scripts. Null if the nonce appears anywhere else, as
 * the page would then carry something of this response's own.
 */
export function withoutNonce(html: string, csp: string, nonce: string): { html: string; csp: string } | null {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const shared = html.replace(INLINE_SCRIPT, (tag: string, attributes: string, content: string) => {
    if (!attributes.includes(attribute)) return tag;
    if (!/\bsrc=/.test(attributes) && content) hashes.add(`'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`);
    return `<script${attributes.replace(attribute, "")}>${content}</script>`;
  });
  if (shared.includes(nonce)) return null;
  const sources = [...hashes].join(" ");
  const sharedCsp = csp.replace(`'nonce-${nonce}'`, sources).replace(/ {2,}/g, " ");
  if (sharedCsp.includes(nonce)) return null;
  return { html: shared, csp: sharedCsp };
}

function sendPage(req: Request, res: Response, cache: PageCache, key: string, page: SharedPage) {
  res.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  // The page depends on these request headers: any cache between the shop and the browser must key on them too, so
  // one shopper's header (cart count, sign-in) is never handed to another.
  res.setHeader("Vary", "Accept-Encoding, Accept-Language, Cookie");
  res.setHeader("ETag", page.etag);
  if (noneMatchHits(req.get("if-none-match"), page.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = acceptedEncoding(req);
  const body = cache.body(key, page, encoding);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** A body in an encoding, in one call: brotli at `brotliQuality`, gzip at level 6. */
function compress(body: Buffer, encoding: Encoding, brotliQuality: number): Buffer {
  if (encoding === "br") return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return encoding === "gzip" ? zlib.gzipSync(body, { level: 6 }) : body;
}

function acceptedEncoding(req: Request): Encoding {
  const accepted = req.acceptsEncodings("br", "gzip", "identity");
  return accepted === "br" || accepted === "gzip" ? accepted : "identity";
}

/** Below this a compressed body saves less than its headers cost (the `compression` middleware's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A page rendered for this visitor alone (a cart, My Orders, the admin): no route defers data, so React has written
 * the whole document by the time the response is read. Sent in one piece rather than streamed: the `compression`
 * middleware would gzip or brotli its 2 KB chunks one by one on the thread pool, each a turn of the event loop
 * spent queued behind every other request, which made a cart page of 5 ms wait tens of milliseconds on a busy
 * worker (docs/decisions/0064).
 */
function isWholeDocument(req: Request, response: globalThis.Response): boolean {
  return req.method !== "HEAD" && response.status !== 204 && response.status !== 304 && (response.headers.get("content-type") ?? "").startsWith("text/html");
}

/**
 * Compressed at once at the middleware's levels (brotli 4, gzip 6), in the encoding chosen as for kept pages, gzip
 * with the shop's styles compressed once (./kept-styles-gzip.ts); the middleware then sees the Content-Encoding and
 * leaves it alone.
 */
function sendWhole(req: Request, res: Response, html: Buffer) {
  const encoding = html.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(req) : "identity";
  const body = encoding === "gzip" ? gzipKeepingStyles(html) : compress(html, encoding, 4);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * Answers a request from the cache when its page is kept, before compression, the nonce and the security headers
 * are worked out again (the kept page has its own); otherwise notes what it looked up for the Remix handler.
 */
export function serveHits(pageCache: PageCache) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!pageCache.mayShare(req)) return next();
      // Read before the visitor and the render: a commit made meanwhile makes what they read stale at once. A guest's
      // cart is the request's own cookie, read first for the products the page shows.
      const { scope, cart } = await pageCache.pageOf(req);
      const version = await pageCache.versionSoon(pathOf(req.originalUrl), scope);
      const found = await pageCache.lookupKey(req, true, cart);
      if (!found) return next();
      const cached = pageCache.get(found.key, version.scoped);
      pageCacheLookups.inc({ result: cached ? "hit" : "miss" });
      if (cached) return sendPage(req, res, pageCache, found.key, cached);
      res.locals.pageCacheLookup = { ...found, version: version.scoped, list: version.list } satisfies Lookup;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Express handler for Remix that keeps the shared pages it renders; `getLoadContext` is as in @remix-run/express. */
export function createCachingRequestHandler({
  build,
  pageCache,
  getLoadContext,
}: {
  build: ServerBuild;
  pageCache: PageCache;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}) {
  const handleRequest = createRequestHandler(build, "production");
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const lookup = res.locals.pageCacheLookup as Lookup | undefined;
      const context = getLoadContext(req, res);
      const request = createRemixRequest(req, res);
      // An API error speaks the one language the request names (CONTRACT.md), whichever route built it.
      const response = await inNamedLanguage(request, await handleRequest(request, lookup?.visitor ? { ...context, visitor: lookup.visitor } : context));
      const path = pathOf(req.originalUrl);
      const privatePage = isPrivatePath(path);
      res.statusMessage = response.statusText;
      res.status(response.status);
      // A route's own 405 names what the path takes, as the one guardApiMethods gives (server/api-methods.ts).
      if (response.status === 405 && typeof res.locals[ALLOW_LOCAL] === "string" && !response.headers.has("Allow")) res.setHeader("Allow", res.locals[ALLOW_LOCAL]);
      for (const [name, value] of response.headers.entries()) {
        const lower = name.toLowerCase();
        if (lower === SHARED_PAGE_HEADER.toLowerCase() || (privatePage && lower === "cache-control")) continue;
        res.append(name, value);
      }
      if (privatePage) {
        res.setHeader("Cache-Control", "no-store");
        // The answer is this visitor's own: a cache that ignores no-store must still not hand it to another cookie.
        res.setHeader("Vary", varyWithCookie(res.getHeader("Vary")));
      }
      if (lookup && isShareable(response, path)) {
        const html = await response.text();
        const page = keepPage(res, pageCache, lookup, response, html);
        if (page) sendPage(req, res, pageCache, lookup.key, page);
        else res.end(html);
      } else if (response.body && isWholeDocument(req, response)) {
        sendWhole(req, res, Buffer.from(await response.arrayBuffer()));
      } else if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

function keepPage(res: Response, pageCache: PageCache, lookup: Lookup, response: globalThis.Response, html: string): SharedPage | null {
  const nonce = res.locals.cspNonce as string;
  const shared = withoutNonce(html, String(res.getHeader("Content-Security-Policy") ?? ""), nonce);
  if (!shared) return null;
  // What Express has set by now: the security headers and what Remix answered (copied above), less the CSP's nonce.
  const headers: SharedPage["headers"] = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    // The request id is this request's own; each later answer of the kept page has its own. So is a cookie set in
    // front of the cache (the campaign's, server/campaign.ts): kept, it would be handed to every later visitor.
    if (name === "x-request-id" || name === "set-cookie") continue;
    if (value !== undefined) headers[name] = typeof value === "number" ? String(value) : value;
  }
  headers["content-security-policy"] = shared.csp;
  const body = Buffer.from(shared.html);
  // A catalogue answer brings its own tag, which its callers already hold.
  const etag = response.headers.get("etag") ?? `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const page: SharedPage = { version: lookup.version, list: lookup.list, status: response.status, headers, etag, bodies: { identity: body } };
  pageCache.set(lookup.key, page, lookup.isCart);
  return page;
}
