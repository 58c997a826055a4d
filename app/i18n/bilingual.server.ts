import type { ParseKeys, TFunction } from "i18next";
import { languageFromCookie } from "~/i18n/language-cookie.server";
import { isLanguage, type Language } from "~/shared/language";
import { fixedT } from "~/i18n/fixed-t.server";

/** A key of the translation files, checked by the typecheck ("admin.orders.statusUpdated"). */
export type MessageKey = ParseKeys;

/**
 * The one way to build a message for an API answer, which has no language of its own: "English / العربية".
 * Every text comes from the locale files, so the missing-translation test covers it.
 */
export function bilingual(key: MessageKey, options: Record<string, unknown> = {}): string {
  return bilingualFrom((t) => String(t(key as never, options as never)));
}

/** The same, for a message that is put together from several keys by `render`. */
export function bilingualFrom(render: (t: TFunction, language: Language) => string): string {
  return `${render(fixedT("en"), "en")} / ${render(fixedT("ar"), "ar")}`;
}

/** conform's field errors carry translation keys; API clients get each one in both languages. */
export function bilingualFieldErrors(errors: Record<string, string[] | null | undefined> | null | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(errors ?? {})) {
    if (field && keys?.length) result[field] = keys.map((key) => bilingual(key as MessageKey));
  }
  return result;
}

/**
 * Where a bilingual message splits: the first " / " followed by Arabic before any Latin letter, so an English half
 * that itself holds " / " (a size "S / M") is not cut there.
 */
const HALVES = / \/ (?=[^A-Za-z]*[\u0600-\u06FF])/;

/** One side of a bilingual message, for a page that shows only the visitor's language. */
export function inLanguage(message: string, language: Language): string {
  const cut = HALVES.exec(message);
  if (!cut) return message;
  return language === "en" ? message.slice(0, cut.index) : message.slice(cut.index + cut[0].length);
}

/** The ranges of an Accept-Language header, most wanted first (ties keep their order), without those of weight 0. */
function acceptedRanges(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag, ...parameters] = part.trim().split(";");
      const weight = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), weight: weight === undefined ? 1 : Number(weight), order };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((range) => range.tag.split("-")[0]);
}

/** The first language of an Accept-Language header, by weight: "en-GB,ar;q=0.5" → "en". */
function firstAcceptedLanguage(header: string | null): string | null {
  return acceptedRanges(header)[0] ?? null;
}

/**
 * The language of the shop's that an Accept-Language header wants most, whatever it ranks above it: "fr, en;q=0.5"
 * → "en". CONTRACT.md "Language": the page's language when there is no `lang` cookie, Arabic when this is null.
 */
export function acceptedShopLanguage(header: string | null | undefined): Language | null {
  return acceptedRanges(header ?? null).find(isLanguage) ?? null;
}

/** The headers that name a language: a web Request's, or an Express request's `cookie` and `accept-language`. */
type LanguageHeaders = Request | { cookie?: string | null; acceptLanguage?: string | null };

/**
 * The one language a request names for its error messages (CONTRACT.md, "The JSON API"): the `lang` cookie, else an
 * Accept-Language whose first language is `ar` or `en`. Null when it names neither: errors then speak both.
 */
export function namedLanguage(request: LanguageHeaders): Language | null {
  const web = request instanceof Request ? request : new Request("http://localhost/", { headers: { Cookie: request.cookie ?? "" } });
  const cookie = languageFromCookie(web);
  if (cookie) return cookie;
  const accepted = firstAcceptedLanguage(request instanceof Request ? request.headers.get("Accept-Language") : (request.acceptLanguage ?? null));
  return isLanguage(accepted) ? accepted : null;
}

/** A bilingual error message as the request wants it: in the language it names, else both. */
export function forRequest(request: LanguageHeaders, message: string): string {
  const language = namedLanguage(request);
  return language ? inLanguage(message, language) : message;
}
