/** What an audit entry may be about (CONTRACT.md: order status, refund, return decision, product, category, coupon, settings, staff; and delivery areas, issue 43). */
export const AUDIT_ENTITY_TYPES = ["order", "refund", "return", "product", "category", "coupon", "settings", "staff", "deliveryArea", "review"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
