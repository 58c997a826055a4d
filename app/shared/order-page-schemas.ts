import * as z from "./zod";
import { ORDER_STATUSES } from "./order-status";
import { RETURN_STATUSES } from "./returns";

/**
 * The admin order page's forms, one per `intent`, and the return page's decision (parsed with conform's
 * parseWithZod in their actions). Their refusals are a message on the page, so the schemas only check the shape;
 * an amount or a day is checked by the rule that owns it (refundAmountFils, checkDelayDate) for its own message.
 */
const id = z.string().trim().min(1).max(64);

/** The status form of the order page and of the list's rows; `mode=fetch` is the fetcher's post with JavaScript. */
export const OrderStatusFormSchema = z.object({ intent: z.literal("status").optional(), orderId: id, status: z.enum(ORDER_STATUSES), mode: z.literal("fetch").optional() });

export const OrderPageFormSchema = z.discriminatedUnion("intent", [
  OrderStatusFormSchema.extend({ intent: z.literal("status") }),
  z.object({ intent: z.literal("refund"), orderId: id, amount: z.string().max(32).optional() }),
  z.object({ intent: z.literal("resendMessage"), orderId: id, messageId: id }),
  z.object({ intent: z.literal("delay"), orderId: id, date: z.string().max(32).optional() }),
]);

/** A return's decision: the next status, the lines put back on the shelf, the amount refunded and the owner's note. */
export const ReturnDecisionFormSchema = z.object({
  returnId: id,
  status: z.enum(RETURN_STATUSES),
  restock: z.array(z.string().max(64)).max(100).default([]),
  refundAmount: z.string().max(32).optional(),
  note: z.string().max(1000).default(""),
});

/**
 * The shopper's "Cancel and get a full refund" (issue 48) on My Orders and on the order's page by phone: the order's
 * number, and its phone when the shopper is not signed in as its owner.
 */
export const LateCancelFormSchema = z.object({
  intent: z.literal("lateCancel"),
  orderNumber: z.string().trim().min(1).max(40),
  phone: z.string().max(40).optional(),
});
