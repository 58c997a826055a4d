import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { feedChangedAt, listFeedItems, type FeedItem } from "~/models/catalogue/index.server";
import { cachedCatalogue, getShopFace } from "~/models/shop/index.server";
import type { Language } from "~/shared/language";
import { bilingual, forRequest } from "~/i18n/bilingual.server";
import { FeedQuerySchema } from "~/shared/schemas.server";
import { writeCsv } from "~/utils/csv.server";
import { notModified } from "~/utils/etag";
import { escapeHtml } from "~/utils/html";

/**
 * The product feeds (issue 46, CONTRACT.md "Product feeds"), written field by field from the channels' published
 * specifications:
 * - Google Merchant Center, "Product data specification" https://support.google.com/merchants/answer/7052112 and its
 *   RSS 2.0 page https://support.google.com/merchants/answer/160589 (`<rss version="2.0">` with the namespace
 *   `xmlns:g="http://base.google.com/ns/1.0"`, a channel's title, link and description, then one `<item>` of `g:`
 *   attributes per product): `id` and `item_group_id` 1–50 characters (answer/6324507: the variants of one product
 *   share it), `title` up to 150 characters, `description` up to 5,000 of plain text, `link` and `image_link`
 *   absolute, `availability` `in_stock` | `out_of_stock` (answer/6324448), `price` a number and its ISO 4217 code
 *   ("15.00 USD", answer/6324371) and `sale_price` the same, only while on sale (answer/6324471), `condition`
 *   `new`, `brand`.
 * - Meta, "Reference - Catalog" https://developers.facebook.com/docs/marketing-api/catalog/reference (a CSV whose
 *   first row names the columns, a field with a comma, a quote or a line break in double quotes, quotes doubled;
 *   `availability` `in stock` | `out of stock`, `condition` `new`, `price` and `sale_price` as "9.99 USD", `title` up
 *   to 200 characters, `description` up to 9,999 of plain text, `item_group_id` shared by a product's variants) and
 *   its best practices https://developers.facebook.com/docs/marketing-api/catalog/best-practices (no HTML in the
 *   description, `sale_price` for the items on sale).
 * Both name prices in KWD with its three decimals ("12.500 KWD"), as the checkout charges them.
 */

/** Google's variant attributes (answer/6324507: variants of one item_group_id differ by these), from the options' names. */
const VARIANT_ATTRIBUTES = ["color", "size", "material", "pattern"] as const;

export const FEED_FORMATS = ["google", "meta"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const META_FEED_HEADER = ["id", "item_group_id", "title", "description", "availability", "condition", "price", "sale_price", "link", "image_link", "brand"] as const;

const LIMITS: Record<FeedFormat, { title: number; description: number }> = {
  google: { title: 150, description: 5000 },
  meta: { title: 200, description: 9999 },
};

/**
 * A feed as it is sent: the body, its entity tag (a hash of the bytes, so every server names the same bytes alike)
 * and when these bytes first appeared, the same on every server (`feedChangedAt`).
 */
export type ProductFeed = { body: string; contentType: string; etag: string; lastModified: Date };

/** "12.500 KWD": fils as KD with the three decimals the dinar has, and the ISO 4217 code after the number. */
export function feedPrice(fils: number): string {
  return `${Math.floor(fils / 1000)}.${String(fils % 1000).padStart(3, "0")} KWD`;
}

/** The shop's addresses of a feed (the admin settings page shows them to copy). */
export function feedUrl(format: FeedFormat, language: Language): string {
  return `${getEnv().appUrl}/feeds/${format === "google" ? "google.xml" : "meta.csv"}?lang=${language}`;
}

/** Text cut to a channel's limit, at a whole character (never half of a surrogate pair). */
function within(text: string, limit: number): string {
  const characters = [...text.trim()];
  return characters.length <= limit ? characters.join("") : `${characters.slice(0, limit - 1).join("").trimEnd()}…`;
}

// eslint-disable-next-line no-control-regex -- these are the characters matched
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

type Written = FeedItem & { link: string; imageLink: string };

function written(item: FeedItem, appUrl: string): Written {
  return {
    ...item,
    link: `${appUrl}/product/${encodeURIComponent(item.productId)}?variant=${encodeURIComponent(item.id)}`,
    // A picture is a path under the shop (as the product page's absolute image addresses are made), or already absolute.
    imageLink: /^https?:\/\//.test(item.imageUrl) ? item.imageUrl : `${appUrl}${item.imageUrl.startsWith("/") ? "" : "/"}${item.imageUrl}`,
  };
}

function googleXml(items: Written[], channel: { title: string; link: string; description: string; brand: string }): string {
  // escapeHtml escapes & < > " ', all XML text needs; the control characters XML 1.0 has no place for are dropped.
  const element = (name: string, value: string) => `<${name}>${escapeHtml(value.replace(NOT_IN_XML, ""))}</${name}>`;
  const limits = LIMITS.google;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
  ];
  for (const item of items) {
    lines.push(
      [
        "<item>",
        element("g:id", item.id),
        item.itemGroupId ? element("g:item_group_id", item.itemGroupId) : "",
        element("g:title", within(item.title, limits.title)),
        element("g:description", within(item.description || item.title, limits.description)),
        element("g:link", item.link),
        element("g:image_link", item.imageLink),
        element("g:availability", item.inStock ? "in_stock" : "out_of_stock"),
        element("g:price", feedPrice(item.priceFils)),
        item.salePriceFils === null ? "" : element("g:sale_price", feedPrice(item.salePriceFils)),
        ...VARIANT_ATTRIBUTES.map((name) => (item.attributes[name] ? element(`g:${name}`, item.attributes[name]) : "")),
        element("g:condition", "new"),
        element("g:brand", channel.brand),
        // The shop's own goods have no GTIN or MPN: Google asks for identifier_exists "no" then (answer/6324478).
        element("g:identifier_exists", "no"),
        "</item>",
      ].join(""),
    );
  }
  lines.push("</channel>", "</rss>", "");
  return lines.join("\n");
}

function metaCsv(items: Written[], brand: string): string {
  const limits = LIMITS.meta;
  return writeCsv([
    META_FEED_HEADER,
    ...items.map((item) => [
      item.id,
      item.itemGroupId ?? "",
      within(item.title, limits.title),
      within(item.description || item.title, limits.description),
      item.inStock ? "in stock" : "out of stock",
      "new",
      feedPrice(item.priceFils),
      item.salePriceFils === null ? "" : feedPrice(item.salePriceFils),
      item.link,
      item.imageLink,
      brand,
    ]),
  ], { forService: true });
}

/** A feed written now from the catalogue as it is. */
export async function writeProductFeed(format: FeedFormat, language: Language): Promise<ProductFeed> {
  // Taken before the catalogue is read: a change committed after this moment is after the feed's time too.
  const writtenAt = new Date();
  const { appUrl } = getEnv();
  const [items, shop] = await Promise.all([listFeedItems(language), getShopFace(language)]);
  const rows = items.map((item) => written(item, appUrl));
  const body =
    format === "google"
      ? googleXml(rows, { title: shop.name, link: `${appUrl}/`, description: fixedT(language)("pageTexts.feedDescription", { shop: shop.name }), brand: shop.name })
      : metaCsv(rows, shop.name);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const lastModified = await feedChangedAt(`${format}:${language}`, etag, writtenAt);
  return { body, contentType: format === "google" ? "application/xml; charset=utf-8" : "text/csv; charset=utf-8", etag, lastModified };
}

/**
 * The feed kept like the pages (decisions 0055 and 0059): written once per catalogue version and language, and again
 * as soon as anything it shows changes (a price, a picture, a variant selling out or coming back, a product or
 * category hidden, the shop's name), on every server alike. It follows the listing version, which moves with all
 * of these and not with a sale that leaves a variant in stock, so the shop's orders do not make it write again.
 */
export function keptProductFeed(format: FeedFormat, language: Language): Promise<ProductFeed> {
  return cachedCatalogue(`feed:${format}:${language}`, () => writeProductFeed(format, language), "list");
}

/**
 * `GET /feeds/google.xml` and `GET /feeds/meta.csv`: the kept feed in the language `?lang=` names (Arabic when left
 * out; another value is a 400 in the request's language), or a 304 when the client already has these bytes.
 * `no-cache`: a cache in between asks again each time, so a change shows at once, and a 304 costs nothing.
 */
export async function productFeedResponse(request: Request, format: FeedFormat): Promise<Response> {
  const query = FeedQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    return new Response(`${forRequest(request, bilingual("api.feedLanguage"))}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const feed = await keptProductFeed(format, query.data.lang);
  const headers = { "Cache-Control": "no-cache", ETag: feed.etag, "Last-Modified": feed.lastModified.toUTCString() };
  if (notModified(request.headers, feed.etag, feed.lastModified)) return new Response(null, { status: 304, headers });
  return new Response(feed.body, { headers: { ...headers, "Content-Type": feed.contentType } });
}
