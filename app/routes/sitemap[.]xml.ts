import { getEnv } from "~/env.server";
import { getVisibleCategories, getVisibleProductIds } from "~/models/catalogue/index.server";

const STATIC_PATHS = ["/", "/terms-and-conditions", "/ar/terms-and-conditions", "/privacy-policy", "/ar/privacy-policy", "/view-invoice"];

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Every public page a search engine should find: home, each visible category and product, the legal pages. */
export async function loader() {
  const { appUrl } = getEnv();
  const [categories, products] = await Promise.all([getVisibleCategories(), getVisibleProductIds()]);
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null as Date | null })),
    ...categories.map((category) => ({ path: `/?category=${encodeURIComponent(category.slug)}`, lastmod: null })),
    ...products.map((product) => ({ path: `/product/${encodeURIComponent(product.id)}`, lastmod: product.updatedAt })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `<url><loc>${escapeXml(appUrl + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
