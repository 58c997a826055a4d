import type { MetaDescriptor } from "@remix-run/node";

/**
 * Canonical and hreflang links. The language of most pages lives in a cookie, so both languages share one URL
 * (x-default too); the legal pages pass their separate /ar/ address.
 */
export function seoLinks({ appUrl, path, alternates }: { appUrl: string; path: string; alternates?: { en: string; ar: string } }): MetaDescriptor[] {
  const urls = alternates ?? { en: path, ar: path };
  return [
    { tagName: "link", rel: "canonical", href: `${appUrl}${path}` },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: `${appUrl}${urls.ar}` },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: `${appUrl}${urls.en}` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${appUrl}${urls.ar}` },
  ];
}
