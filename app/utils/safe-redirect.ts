const SHOP_ORIGIN = "http://shop.invalid";

/**
 * Only paths of this shop: `//evil.example`, `/\evil.example`, `https://…` and paths with control characters
 * (`/%09/evil.example`, which browsers strip to `//evil.example`) would turn a redirect into an open redirect.
 * The value is resolved the way a browser would resolve it, and must stay on the shop's origin.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(decoded) || decoded.startsWith("//")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, SHOP_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== SHOP_ORIGIN) return fallback;
  return value;
}
