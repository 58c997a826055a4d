/** Does an `If-None-Match` header name this entity tag? Weak comparison (RFC 9110 13.1.2), as GET allows. */
export function noneMatchHits(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/**
 * Whether a GET may be answered 304 (RFC 9110 13.2.2): by `If-None-Match` when the request has one, else by
 * `If-Modified-Since` against the answer's `Last-Modified` (a date the client read from us, to the second).
 */
export function notModified(headers: Headers, etag: string, lastModified: Date): boolean {
  const noneMatch = headers.get("if-none-match");
  if (noneMatch) return noneMatchHits(noneMatch, etag);
  const since = Date.parse(headers.get("if-modified-since") ?? "");
  return Number.isFinite(since) && lastModified.getTime() <= since;
}
