/** Does an `If-None-Match` header name this entity tag? Weak comparison (RFC 9110 13.1.2), as GET allows. */
export function noneMatchHits(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
