import * as z from "./zod";

/**
 * The payment page's buttons besides the test card (parseWithZod on the server only, decision 0021): a gateway's way
 * to pay, and cancelling the unpaid order. Both name the order's payment session; a missing one is looked up as
 * "" and answered as a session not found, as an unknown one is.
 */
export const PaymentChoiceSchema = z.object({
  orderSessionId: z.string().max(64).default(""),
  /** blank: the gateway's answer for a way to pay it does not offer */
  methodId: z.string().max(64).default(""),
});

export const PaymentCancelSchema = z.object({
  intent: z.literal("cancel"),
  orderSessionId: z.string().max(64).default(""),
});

/** The stop link of a payment reminder (decision 0085): its signed token, posted back by the page's button. */
export const StopRemindersSchema = z.object({
  token: z.string().max(200).default(""),
});
