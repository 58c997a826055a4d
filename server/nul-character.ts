import type { NextFunction, Request, Response } from "express";
import { bilingual, forRequest } from "../app/i18n/bilingual.server";
import { containsNul } from "../app/utils/api.server";
import { languageOf, messagePage, wantsJson } from "./body-limit";
import { languageHeaders, requestUrl } from "./remix-request";

/**
 * Answers 400 to an address whose decoded path or query holds U+0000 (`%00`), before any route looks it up:
 * PostgreSQL cannot compare or store that character and answered 500. No id, number or filter of the shop has one.
 * The API gets `{ message }`, a page the refusal page in its language. Bodies are judged where they are read
 * (`readJsonBody`, `readFormData`).
 */
export function refuseNulAddresses(req: Request, res: Response, next: NextFunction) {
  const url = requestUrl(req);
  if (!url || !addressHoldsNul(url)) return next();
  res.setHeader("Cache-Control", "no-store");
  const message = bilingual("api.nulCharacter");
  if (wantsJson(req)) {
    res.status(400).json({ message: forRequest(languageHeaders(req), message) });
    return;
  }
  const language = languageOf(req);
  res.setHeader("Content-Language", language);
  res.status(400).type("html").send(messagePage(language, bilingual("api.nulCharacterTitle"), message));
}

function addressHoldsNul(url: URL): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // refuseUnreadableRequests answers a path that does not decode.
    return false;
  }
  return containsNul(path) || [...url.searchParams].some(([name, value]) => containsNul(name) || containsNul(value));
}
