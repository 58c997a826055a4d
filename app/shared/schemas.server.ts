/**
 * The form schemas and conform's zod helpers, as routes' loaders and actions import them. A route file that imported
 * them directly would pull zod (about 100 KB) into its page's first load, even though only the server runs that
 * code: esbuild files a module by every entry that imports it. A `.server` module is empty in the browser build, so
 * the browser gets zod only through app/lazy/form-validation.ts, after the page is up (decision 0021).
 */
export { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
export * from "./account-schemas";
export * from "./admin-schemas";
export * from "./staff-schemas";
export * from "./card-schema";
export * from "./checkout-schema";
export * from "./shop-settings";
export * from "./order-page-schemas";
export { CouponRowActionSchema } from "./coupon-schema";
export * from "./return-request-schema";
export * from "./storefront-schemas";
export * from "./payment-schemas";
export { DeliveryAreaFormSchema } from "./delivery-area-schema";
export { CouponSchema } from "./coupon-schema";
export * from "./feeds";
export * from "./catalogue-sheet-schemas";
export { DeliverySlotsBodySchema, DeliverySlotsFormSchema, deliverySlotsBodyOf } from "./delivery-slots";
export { ReviewFormSchema, ReviewModerationSchema } from "./review-schemas";
