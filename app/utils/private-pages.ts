/**
 * Addresses whose answers carry someone's personal data or session (issue 13): the account pages, the cart (a
 * shopper's own lines, and for a signed-in shopper the cart kept with her account), checkout and payment, invoices
 * and tracking, the admin area. They are answered `Cache-Control: no-store` whatever the route says, and the
 * shared-page cache never looks them up (decision 0099), but for a guest's cart page, which it keeps per cart's lines
 * (decision 0119).
 */
const PRIVATE_PATHS = [
  /^\/account(\/|$)/,
  /^\/cart(\/|$)/,
  /^\/my-orders(\/|$)/,
  /^\/change-password(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/view-invoice(\/|$)/,
  /^\/payment([/_-]|$)/,
  /^\/invoice(\/|$)/,
  /^\/uploads\/invoices(\/|$)/,
  /^\/admin(\/|$)/,
  /^\/review(\/|$)/,
  /^\/(register|forgot-password|verify-reset-code|reset-password)(\/|$)/,
];

/**
 * Matched as the router matches routes: without regard to case (`/ACCOUNT` renders the account page), with any run
 * of slashes taken as one. A page's data for a client navigation (Remix's single fetch asks `/my-orders.data`) is
 * what the page shows, so it is as private as the page.
 */
export function isPrivatePath(pathname: string): boolean {
  const path = pathname.replace(/\/{2,}/g, "/").toLowerCase().replace(/\.data$/, "");
  return PRIVATE_PATHS.some((pattern) => pattern.test(path));
}
