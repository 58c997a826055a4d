import * as z from "./zod";
import { RETURN_REASONS, RETURN_RESOLUTIONS } from "./returns";

/**
 * The shopper's return request form (/view-invoice/return): one entry per line still open for a return, its
 * quantity (0 leaves the line out), reason and, for an exchange, the variant wanted; refund or exchange; a note.
 * Whether the order, the phone and each line allow it is the returns domain's check, with its own messages.
 */
export const ReturnRequestFormSchema = z.object({
  orderNumber: z.string().trim().max(40).default(""),
  phone: z.string().trim().max(40).default(""),
  resolution: z.enum(RETURN_RESOLUTIONS),
  notes: z.string().max(1000).default(""),
  items: z
    .array(
      z.object({
        orderItemId: z.string().min(1).max(64),
        quantity: z.number().int().min(0).max(999),
        reason: z.enum(RETURN_REASONS),
        exchangeVariantId: z.string().max(64).optional(),
      }),
    )
    .max(100)
    .default([]),
});
