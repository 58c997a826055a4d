import { getLanguage } from "~/i18n/i18next.server";
import type { Language } from "~/shared/language";

/**
 * The language of a page with an optional language segment (`($lang).privacy-policy.tsx`): without one, the
 * visitor's chosen language; `/ar/…` is Arabic whatever they chose; any other segment is no page (404), as it was
 * before the segment was a parameter.
 */
export async function languageOfSegment(request: Request, segment: string | undefined): Promise<Language> {
  if (segment === undefined) return getLanguage(request);
  if (segment.toLowerCase() === "ar") return "ar";
  throw new Response("Not Found", { status: 404 });
}
