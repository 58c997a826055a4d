/**
 * The zod schemas the JSON API validates its input with: the API routes check requests with them and
 * openapi.server.ts describes them, so the document cannot drift from what the routes accept.
 */
import { z } from "zod";
import { ORDER_STATUSES } from "~/shared/order-status";
import { readKuwaitiPhone } from "~/shared/phone";
import { RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES } from "~/shared/returns";

export const CategoryParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

export const ProductParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const ProductsQuerySchema = z.object({ category: z.string().regex(/^[a-z0-9-]{1,80}$/, "bad slug").optional() });

/**
 * SPEC section 3's order payload. Prices, the delivery fee and the total are accepted but ignored: the server
 * computes its own from the database, so a tampered payload cannot change what is charged.
 */
export const OrderPayloadSchema = z.object({
  // Left out or blank alike: the checkout's own rules then say which is required, in SPEC's words.
  fullName: z.unknown().optional(),
  email: z.unknown().optional(),
  phone: z.unknown().optional(),
  buildingType: z.unknown().optional(),
  address: z.object({
    city: z.unknown().optional(),
    street: z.unknown().optional(),
    streetNumber: z.unknown().optional(),
    block: z.unknown().optional(),
    buildingNumber: z.unknown().optional(),
    floor: z.unknown().optional(),
    apartmentNumber: z.unknown().optional(),
    notes: z.unknown().optional(),
  }),
  items: z
    .array(
      z.object({
        _id: z.string().min(1).max(64),
        /** the variant bought (issue 31): required when the product has options */
        variantId: z.string().min(1).max(64).optional(),
        quantity: z.number().int().min(1).max(999),
        customTags: z.array(z.string().max(200)).max(10).default([]),
      }),
    )
    .min(1)
    .max(100),
  /** a discount code (issue 16); the server checks it and computes the discount itself */
  couponCode: z.string().max(64).nullish(),
  /** the shopper agreed to hear of the order on WhatsApp (CONTRACT.md "Messages to shoppers"); false unless given, and kept only while the shop has WhatsApp configured */
  notifyWhatsApp: z.boolean().optional(),
  /** issue 48: a gift's note (up to 200 characters), wrapping (only when the owner set giftWrapKD), recipient */
  gift: z
    .object({
      note: z.string().max(2000).optional(),
      wrap: z.boolean().optional(),
      recipientName: z.string().max(200).optional(),
      recipientPhone: z.union([z.string().max(40), z.number()]).optional(),
    })
    .nullish(),
  /** issue 48: the delivery window chosen from GET /api/delivery-slots; required while the owner has windows */
  deliverySlot: z.object({ date: z.string().max(10), windowId: z.string().max(64) }).nullish(),
});

/**
 * The order's phone in a returns, reviews or cancel request: read as CONTRACT.md "Phone numbers" says (+965, 00965,
 * Arabic-Indic digits), and SPEC's field error when it is not a Kuwaiti phone, rather than "does not match".
 */
const OrderPhoneField = z
  .string({ error: "checkoutValidation.phoneInvalid" })
  .max(40, "checkoutValidation.phoneInvalid")
  .refine((value) => value.trim() === "" || readKuwaitiPhone(value) !== null, "checkoutValidation.phoneInvalid")
  .optional()
  .describe("The order's phone (its 8 digits, +965, 00965 or Arabic-Indic digits allowed); not needed by the signed-in owner of the order");

export const PayBodySchema = z.object({ orderSessionId: z.string().min(1).max(100) });

export const OrderStatusBodySchema = z.object({ status: z.enum(ORDER_STATUSES) });

/** CONTRACT.md "Gifts and delivery times": `POST /api/orders/{orderNumber}/cancel`, a late order's cancellation. */
export const LateCancelBodySchema = z.object({
  phone: OrderPhoneField,
});

/** CONTRACT.md "Returns and exchanges": `POST /api/orders/{orderNumber}/returns`. */
export const ReturnRequestBodySchema = z.object({
  phone: OrderPhoneField,
  items: z
    .array(
      z.object({
        productId: z.string().min(1).max(64),
        variantId: z.string().max(64).nullish().describe("The variant bought, for a product with options: which of its lines (two colours are two lines)"),
        exchangeVariantId: z
          .string()
          .min(1)
          .max(64)
          .nullish()
          .describe(
            "An exchange: the variant wanted instead (another size or colour of the same product, not hidden, for sale); 409 otherwise, 400 with a refund. Left out: the same item",
          ),
        quantity: z.number().int().min(1).max(999),
        reason: z.enum(RETURN_REASONS),
      }),
    )
    .min(1)
    .max(100),
  resolution: z.enum(RETURN_RESOLUTIONS),
  notes: z.string().max(1000).optional(),
});

/** `PUT /api/admin/returns/{id}/status`. */
export const ReturnStatusBodySchema = z.object({
  status: z.enum(RETURN_STATUSES),
  restock: z.boolean().optional().describe("`received`: put every line back on sale"),
  refundAmount: z.number().positive().optional().describe("`refunded`: KD, at most the items' price; left out: the items' price"),
  note: z.string().max(1000).optional().describe("A note to the shopper, sent with the decision"),
});

/** CONTRACT.md "Reviews": `POST /api/orders/{orderNumber}/reviews`. */
export const ReviewRequestBodySchema = z.object({
  phone: OrderPhoneField,
  productId: z.string().min(1).max(64),
  rating: z.number({ error: "reviews.errors.rating" }).int("reviews.errors.rating").min(1, "reviews.errors.rating").max(5, "reviews.errors.rating"),
  title: z.string().trim().max(120, "reviews.errors.title").nullish(),
  body: z.string({ error: "reviews.errors.body" }).trim().min(1, "reviews.errors.body").max(2000, "reviews.errors.body"),
});

/** CONTRACT.md "Reviews": `PUT /api/admin/reviews/{id}`. */
export const AdminReviewBodySchema = z
  .object({
    status: z.enum(["published", "hidden"], { error: "admin.reviews.errors.status" }).optional(),
    reply: z.string({ error: "admin.reviews.errors.replyText" }).max(2000, "admin.reviews.errors.reply").nullable().optional().describe("the owner's reply; \"\" or null takes it away"),
  })
  .refine((body) => body.status !== undefined || body.reply !== undefined, { message: "admin.reviews.errors.nothing" });

