import type { MetaDescriptor } from "@remix-run/node";
import { isLanguage, type Language } from "~/shared/language";

/** A page's address in one language: `?lang=` added to what it has (the language detector reads it first). */
export function addressIn(path: string, language: Language): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set("lang", language);
  return `${url.pathname}${url.search}`;
}

/** The language a request's address asks for with `?lang=`, or null (then the cookie and the browser decide). */
export function askedLanguage(request: Request): Language | null {
  const asked = new URL(request.url).searchParams.get("lang");
  return isLanguage(asked) ? asked : null;
}

/**
 * Canonical and hreflang links, made by the loader (the page's meta spreads them, so none of this reaches the
 * browser's bundle). The language of most pages lives in a cookie, so each page has its address in each
 * language through `?lang=` (its canonical when the page was asked for that way) and its plain address as x-default;
 * the legal pages pass their separate /ar/ address.
 */
export function seoLinks({
  appUrl,
  path,
  alternates,
  asked = null,
}: {
  appUrl: string;
  path: string;
  alternates?: { en: string; ar: string };
  asked?: Language | null;
}): MetaDescriptor[] {
  const urls = alternates ?? { en: addressIn(path, "en"), ar: addressIn(path, "ar") };
  const canonical = !alternates && asked ? urls[asked] : path;
  return [
    { tagName: "link", rel: "canonical", href: `${appUrl}${canonical}` },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: `${appUrl}${urls.ar}` },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: `${appUrl}${urls.en}` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${appUrl}${alternates ? urls.ar : path}` },
  ];
}

/**
 * The picture a shared link shows: an uploaded picture's JPEG share copy (up to 1,200 pixels wide, made at upload or
 * on first request by server/image-variants.ts; WhatsApp's and Facebook's previews read JPEG everywhere, WebP not
 * always), else the picture itself.
 */
export function shareImageOf(image: string): string {
  return /^\/uploads\/[a-z]+\/[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*\.webp$/.test(image) && !/-(400|64|share)\.webp$/.test(image) ? image.replace(/\.webp$/, "-share.jpg") : image;
}
