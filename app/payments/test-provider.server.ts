import crypto from "node:crypto";
import type { CardInput } from "~/components/checkout/card-schema";
import type { PaymentProvider, RemotePayment } from "./provider.server";

/** CONTRACT.md: every valid card is approved except this one. */
export const DECLINED_TEST_CARD = "4000000000000002";

type TestPayment = RemotePayment & { reference: string; returnUrl: string };

declare global {
  var __testProviderPayments: Map<string, TestPayment> | undefined;
}

/**
 * Plays the part of the gateway's own records. It lives in this process's memory, as a real gateway's records
 * live on its servers: the shop only reads them through `getPaymentStatus`. Only the last four digits are kept.
 */
const payments = (globalThis.__testProviderPayments ??= new Map<string, TestPayment>());

export const testProvider: PaymentProvider & {
  submitCard(providerPaymentId: string, card: Pick<CardInput, "cardNumber">): RemotePayment | null;
} = {
  name: "test",

  async createPayment(input) {
    const providerPaymentId = `tp_${crypto.randomBytes(16).toString("base64url")}`;
    payments.set(providerPaymentId, {
      status: "pending",
      amountFils: input.amountFils,
      reference: input.reference,
      returnUrl: input.returnUrl,
    });
    return { providerPaymentId, redirectUrl: `/payment?orderSessionId=${encodeURIComponent(input.reference)}` };
  },

  async getPaymentStatus(providerPaymentId) {
    const payment = payments.get(providerPaymentId);
    if (!payment) return { status: "failed", amountFils: 0, message: "Unknown payment" };
    return { status: payment.status, amountFils: payment.amountFils, cardLast4: payment.cardLast4, message: payment.message };
  },

  async parseWebhook() {
    // The test provider has no webhooks: its card page and the shop share a process.
    return null;
  },

  /** The hosted card page's submit: approves or declines once; a second submit changes nothing. */
  submitCard(providerPaymentId, card) {
    const payment = payments.get(providerPaymentId);
    if (!payment) return null;
    if (payment.status !== "pending") return payment;
    const declined = card.cardNumber === DECLINED_TEST_CARD;
    payment.status = declined ? "declined" : "paid";
    payment.cardLast4 = card.cardNumber.slice(-4);
    payment.message = declined ? "Card declined" : undefined;
    return payment;
  },
};
