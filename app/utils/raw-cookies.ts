/**
 * The plain (unsigned) cookies of a Cookie header by name, as sent; the first of two with the same name wins, as
 * browsers send the most specific first. For `plainCookie` (cookies.server.ts) and the page cache's check that a
 * visitor carries nothing else; signed cookies go through `signedCookie`.
 */
export function rawCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name && !cookies.has(name)) cookies.set(name, value.join("="));
  }
  return cookies;
}
