import { getLanguage } from "~/i18n/i18next.server";
import type { Language } from "~/shared/language";

/**
 * The language of a page with an optional `ar` segment (`(ar).privacy-policy.tsx` answers `/privacy-policy` and
 * `/ar/privacy-policy`): the `/ar/` address is Arabic whatever the visitor chose, the other is in their language.
 * The segment is static rather than a `($lang)` parameter, so any other first segment stays an unknown address
 * (the 404 page), and `/product/privacy-policy` is still a product's address.
 */
export async function languageOfArSegment(request: Request): Promise<Language> {
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  // The route matched, so a second segment can only be the page's own name after `ar`.
  return segments.length > 1 ? "ar" : getLanguage(request);
}
