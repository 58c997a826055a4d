import type { HeadersFunction } from "@remix-run/node";

/**
 * A route whose page depends only on its URL, the visitor's language and the database (the catalogue, the legal
 * texts) says so with this header; server/page-cache.ts then shares the rendered page between visitors who carry
 * no session, cart or message cookie, until the database changes. The server removes the header before sending.
 */
export const SHARED_PAGE_HEADER = "X-Shop-Shared-Page";

export const sharedPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  headers.set(SHARED_PAGE_HEADER, "1");
  return headers;
};
