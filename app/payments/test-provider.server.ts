import crypto from "node:crypto";
import { prisma } from "~/db.server";
import type { PaymentProvider, RemotePayment } from "./provider.server";

/** CONTRACT.md: every valid card is approved except this one. */
export const DECLINED_TEST_CARD = "4000000000000002";

function toRemote(row: { id: string; reference: string; status: string; amountFils: number; cardLast4: string | null; message: string | null }): RemotePayment {
  return {
    status: row.status as RemotePayment["status"],
    providerPaymentId: row.id,
    reference: row.reference,
    amountFils: row.amountFils,
    currency: "KWD",
    cardLast4: row.cardLast4 ?? undefined,
    message: row.message ?? undefined,
  };
}

/**
 * Plays the part of the gateway's own records, which the shop only reads through `getPaymentStatus`. They live in
 * their own table (not in the shop's Payment rows), so every server worker and a restart see the same payment.
 * Only the last four digits of a card are kept.
 */
export const testProvider: PaymentProvider & {
  submitCard(providerPaymentId: string, card: { cardNumber: string }): Promise<RemotePayment | null>;
} = {
  name: "test",
  choosesMethodOnShop: false,
  declinesAreFinal: true,

  async listMethods() {
    return [{ id: "card", kind: "card" }];
  },

  async createPayment(input) {
    const providerPaymentId = `tp_${crypto.randomBytes(16).toString("base64url")}`;
    await prisma.testProviderPayment.create({
      data: { id: providerPaymentId, status: "pending", amountFils: input.amountFils, reference: input.reference, returnUrl: input.returnUrl },
    });
    return { providerPaymentId, redirectUrl: `/payment?orderSessionId=${encodeURIComponent(input.reference)}` };
  },

  async getPaymentStatus(providerPaymentId) {
    const payment = await prisma.testProviderPayment.findUnique({ where: { id: providerPaymentId } });
    if (!payment) return { status: "failed", providerPaymentId, reference: null, amountFils: 0, currency: "KWD", message: "Unknown payment" };
    return toRemote(payment);
  },

  /** CONTRACT.md: with the test provider a refund is only recorded; no money moves. */
  async refund() {
    return { refundId: `tr_${crypto.randomBytes(12).toString("base64url")}`, status: "refunded" };
  },

  /** A test refund is only recorded, never lost on the way: there is nothing to find. */
  async findRefund() {
    return null;
  },

  async parseWebhook() {
    // The test provider has no webhooks: its card page and the shop share a process.
    return null;
  },

  /** The hosted card page's submit: approves or declines once; a second submit changes nothing. */
  async submitCard(providerPaymentId, card) {
    const declined = card.cardNumber === DECLINED_TEST_CARD;
    // Only a pending payment changes, in one statement: two submits racing cannot both decide it.
    await prisma.testProviderPayment.updateMany({
      where: { id: providerPaymentId, status: "pending" },
      data: { status: declined ? "declined" : "paid", cardLast4: card.cardNumber.slice(-4), message: declined ? "Card declined" : null },
    });
    const payment = await prisma.testProviderPayment.findUnique({ where: { id: providerPaymentId } });
    return payment ? toRemote(payment) : null;
  },
};
