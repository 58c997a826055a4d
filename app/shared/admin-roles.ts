/**
 * Staff roles and what each may do (CONTRACT.md "Staff and roles"). The server checks a permission on every admin
 * page, action and API call (`requireAdminPermission`); the menu and the dashboard read the same table, so what a
 * member is shown and what the server lets them do cannot drift apart.
 */
export const ADMIN_ROLES = ["owner", "orders", "catalogue"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_PERMISSIONS = [
  /** see orders (list, grouped, detail, packing slips, invoices and credit notes) */
  "orders:read",
  /** change an order's status, delay notices, resend a message */
  "orders:write",
  /** see returns */
  "returns:read",
  /** refund an order */
  "refunds:write",
  /** decide a return (approve, reject, receive, refund, exchange, close) */
  "returns:decide",
  /** products, categories, uploads */
  "catalogue:write",
  "coupons",
  "settings",
  /** the sales report and its CSV */
  "sales",
  /** registered customers and their orders by phone */
  "customers",
  "staff",
  "audit",
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<AdminRole, readonly AdminPermission[]> = {
  owner: ADMIN_PERMISSIONS,
  orders: ["orders:read", "orders:write", "returns:read"],
  catalogue: ["catalogue:write"],
};

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** An unknown role (a row written by a later version) may do nothing. */
export function roleMay(role: string, permission: AdminPermission): boolean {
  return isAdminRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
