import { getEnv } from "~/env.server";

/** Shoppers' private pages and the admin area stay out of search engines; the catalogue is open. */
export function loader() {
  const { appUrl } = getEnv();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /api/",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /payment",
    "Disallow: /account",
    "Disallow: /my-orders",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
