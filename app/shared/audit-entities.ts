/** What an audit entry may be about (CONTRACT.md: order status, refund, return decision, product, category, coupon, settings, staff). */
export const AUDIT_ENTITY_TYPES = ["order", "refund", "return", "product", "category", "coupon", "settings", "staff"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
