import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { rawCookies } from "../app/utils/raw-cookies";
import { SHARED_PAGE_HEADER } from "../app/utils/shared-page";
import { isPrivatePath } from "../app/utils/private-pages";
import { sharedDatabaseVersion } from "../app/utils/database-version.server";
import { createRemixRequest } from "./remix-request";

/**
 * Serves Remix, keeping a rendered copy of the pages routes mark as shared (the home page, product pages, the legal
 * pages) for visitors who carry no state: no cookie but the language, no Authorization header. Most visitors to a
 * shop arrive like that, and for them a page is a function of its URL, their language and the database, so it is
 * rendered once and sent again until the database changes (docs/decisions/0012-shared-page-cache.md).
 *
 * Freshness: the cache asks the database's version (app/utils/database-version.server.ts: SQLite's data_version,
 * PostgreSQL's current snapshot), which changes with every commit made by any connection (this worker's, another
 * worker's or another server's, an import); a cached page is only sent if no commit has happened since it was
 * rendered, so a product hidden through one server is never served from another's cache. The only per-visitor part of such a page is the CSP nonce, which
 * is replaced with the current request's on every hit.
 */
const MAX_ENTRIES = 300;
const MAX_KEY_PART = 512;

type SharedPage = { version: string; status: number; headers: [string, string][]; parts: string[] };

export function createPageCache(databaseUrl: string, maxEntries = MAX_ENTRIES) {
  const databaseVersion = sharedDatabaseVersion(databaseUrl);
  const pages = new Map<string, SharedPage>();
  let pagesVersion = "";

  /** The database's version now; one equal to nothing (so nothing is sent or kept) if the database cannot say. */
  async function version(): Promise<string> {
    const now = await databaseVersion.read();
    if (now !== pagesVersion) {
      pages.clear();
      pagesVersion = now;
    }
    return now;
  }

  return {
    version,
    /** The key a request's page would be shared under, or null when the visitor carries anything of their own. */
    keyOf(req: Request): string | null {
      if (req.method !== "GET" || req.get("authorization") || isPrivatePath(pathOf(req.originalUrl))) return null;
      const cookies = rawCookies(req.get("cookie"));
      if ([...cookies.keys()].some((name) => name !== "lang")) return null;
      const url = `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
      const language = `${cookies.get("lang") ?? ""}|${req.get("accept-language") ?? ""}`;
      if (url.length > MAX_KEY_PART || language.length > MAX_KEY_PART) return null;
      return `${url}\n${language}`;
    },
    /** The page shared under `key`, if it was rendered at the version `now` read. */
    get(key: string, now: string): SharedPage | undefined {
      const page = pages.get(key);
      return page && page.version === now ? page : undefined;
    },
    /** Keeps a page unless a newer version has been read since it started rendering. */
    set(key: string, page: SharedPage) {
      if (page.version !== pagesVersion) return;
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    },
    close: () => databaseVersion.close(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

function pathOf(originalUrl: string): string {
  const path = originalUrl.split("?")[0].replace(/\/{2,}/g, "/");
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function isShareable(response: globalThis.Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(SHARED_PAGE_HEADER) === "1" &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/i.test(response.headers.get("cache-control") ?? "") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

function sendPage(res: Response, page: SharedPage, nonce: string) {
  const body = page.parts.join(nonce);
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/** Express handler for Remix with the shared-page cache in front; `getLoadContext` is as in @remix-run/express. */
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
      const nonce = res.locals.cspNonce as string;
      const key = pageCache.keyOf(req);
      // Read before rendering: a commit made while the page renders makes this copy stale at once.
      const version = key ? await pageCache.version() : "";
      const cached = key ? pageCache.get(key, version) : undefined;
      if (cached) return sendPage(res, cached, nonce);

      const response = await handleRequest(createRemixRequest(req, res), getLoadContext(req, res));
      if (key && isShareable(response)) {
        const headers = [...response.headers.entries()].filter(([name]) => name.toLowerCase() !== SHARED_PAGE_HEADER.toLowerCase());
        const page: SharedPage = { version, status: response.status, headers, parts: (await response.text()).split(nonce) };
        pageCache.set(key, page);
        return sendPage(res, page, nonce);
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      const privatePage = isPrivatePath(pathOf(req.originalUrl));
      for (const [name, value] of response.headers.entries()) {
        const lower = name.toLowerCase();
        if (lower === SHARED_PAGE_HEADER.toLowerCase() || (privatePage && lower === "cache-control")) continue;
        res.append(name, value);
      }
      if (privatePage) res.setHeader("Cache-Control", "no-store");
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
