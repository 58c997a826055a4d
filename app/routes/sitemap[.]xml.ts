import { getEnv } from "~/env.server";
import { getVisibleCategories, getVisibleProductIds } from "~/models/catalogue/index.server";
import { addressIn } from "~/utils/seo.server";

const STATIC_PATHS = ["/", "/terms-and-conditions", "/ar/terms-and-conditions", "/privacy-policy", "/ar/privacy-policy", "/view-invoice"];

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

type Entry = { path: string; lastmod?: Date; images?: string[]; bilingual?: boolean };

/**
 * Every public page a search engine should find: home, each visible category and product, the legal pages. A page
 * whose language follows the visitor lists its Arabic and English addresses (`?lang=`, as its hreflang links do),
 * and a product its pictures (Google's sitemap extensions: https://developers.google.com/search/docs/specialty/
 * international/localized-versions#sitemap and https://developers.google.com/search/docs/crawling-indexing/sitemaps/
 * image-sitemaps).
 */
export async function loader() {
  const { appUrl } = getEnv();
  const [categories, products] = await Promise.all([getVisibleCategories(), getVisibleProductIds()]);
  const entries: Entry[] = [
    ...STATIC_PATHS.map((path) => ({ path, bilingual: path === "/" || path === "/view-invoice" })),
    ...categories.map((category) => ({ path: `/?category=${encodeURIComponent(category.slug)}`, bilingual: true })),
    ...products.map((product) => ({ path: `/product/${encodeURIComponent(product.id)}`, lastmod: product.updatedAt, images: product.images, bilingual: true })),
  ];
  const link = (language: string, path: string) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(appUrl + path)}"/>`;
  const url = (entry: Entry) =>
    [
      `<url><loc>${escapeXml(appUrl + entry.path)}</loc>`,
      entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "",
      entry.bilingual ? link("ar", addressIn(entry.path, "ar")) + link("en", addressIn(entry.path, "en")) + link("x-default", entry.path) : "",
      ...(entry.images ?? []).map((image) => `<image:image><image:loc>${escapeXml(appUrl + image)}</image:loc></image:image>`),
      "</url>",
    ].join("");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries.map(url),
    "</urlset>",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
