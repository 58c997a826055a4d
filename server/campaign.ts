import type { NextFunction, Request, Response } from "express";
import { campaignCookieHeader } from "../app/cookies/campaign.server";
import { isPrivatePath } from "../app/utils/private-pages";

/**
 * Remembers the campaign of the first page a visitor opens from a campaign link (decision 0089). Runs before the
 * page cache answers, so a kept page sets the cookie too; the cache never keeps this header (server/page-cache.ts
 * `keepPage`), so one visitor's campaign is never handed to the next. Pages only: a file, the JSON API and the
 * admin are nobody's landing page.
 */
export function rememberCampaign(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const query = req.originalUrl.indexOf("?");
  if (query < 0) return next();
  const path = req.path;
  if (path.slice(path.lastIndexOf("/")).includes(".") || path.startsWith("/api/") || isPrivatePath(path)) return next();
  const header = campaignCookieHeader(req.originalUrl.slice(query), req.get("cookie"));
  if (header) res.append("Set-Cookie", header);
  next();
}
