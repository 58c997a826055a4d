import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { fixedT } from "~/i18n/fixed-t.server";
import type { Language } from "~/shared/language";
import { isToastName, toastLook, type PageToast, type ToastName, type ToastPlace } from "~/shared/toast-messages";
import { plainCookie } from "~/utils/cookies.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * The one flash cookie (decision 0049): a form that succeeded answers 303 to a page (Post/Redirect/Get) and leaves
 * its message here; the root loader reads it once, removes it and shows it as the page's toast. The value is a known
 * name (`toast-messages.ts`) and a few checked values, never text from the request, so it cannot inject a message.
 * The name stays `shop_flash`: server/page-cache.ts never shares a page with a visitor who carries it.
 */
const flashCookie = plainCookie("shop_flash", 60);

export type Flash = {
  name: ToastName;
  /** The cart's "Added to cart" stays longer on a product page than on a grid. */
  place?: ToastPlace;
  /** Where SPEC's timed step goes once the message has been read (a path of this shop). */
  next?: string;
};

export function flashHeader(flash: Flash): string {
  const values = new URLSearchParams();
  if (flash.place) values.set("place", flash.place);
  if (flash.next) values.set("next", flash.next);
  const query = values.toString();
  return flashCookie.serialize(query ? `${flash.name}?${query}` : flash.name);
}

/** Post/Redirect/Get with a message: a 303, so a refresh of the page it lands on never posts again. */
export function redirectWithToast(url: string, flash: Flash, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", flashHeader(flash));
  return redirect(url, { ...init, status: 303, headers });
}

function parseFlash(value: string): Flash | null {
  const [name, query = ""] = value.split("?", 2);
  if (!isToastName(name)) return null;
  const values = new URLSearchParams(query);
  const place = values.get("place");
  const next = values.get("next");
  return {
    name,
    place: place === "grid" ? "grid" : "product",
    next: next ? safeRedirectPath(next, "") || undefined : undefined,
  };
}

/** The flash as the root shows it, in the visitor's language, and the header that removes it once read. */
export function readToast(request: Request, language: Language): { toast: PageToast | null; headers: Record<string, string> } {
  const value = flashCookie.read(request);
  if (value === null) return { toast: null, headers: {} };
  const headers = { "Set-Cookie": flashCookie.clear() };
  const flash = parseFlash(value);
  if (!flash) return { toast: null, headers };
  const look = toastLook(flash.name, flash.place);
  const t = fixedT(language);
  return {
    toast: {
      // A fresh id each time, so the same message twice in a row shows twice.
      id: randomUUID(),
      message: t(look.key),
      kind: look.kind,
      durationMs: look.durationMs,
      next: flash.next && "nextAfterMs" in look ? { to: flash.next, afterMs: look.nextAfterMs } : null,
    },
    headers,
  };
}

/** The page a form was posted from (path and query), for a 303 back to it. */
export function currentPage(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return pathname + search;
}
