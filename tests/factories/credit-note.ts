import crypto from "node:crypto";
import type { PrismaClient } from "../../app/generated/prisma/client";

/**
 * A refund the gateway accepted and its credit note, written straight into the database on `issuedAt` (the refund
 * path itself, through the gateways, has its own tests): what the sales report and the dashboard count. The order
 * needs no payment of its own; one is recorded for the refund to point at.
 */
export async function createCreditNote(db: PrismaClient, order: { id: string; totalFils: number }, amountFils: number, issuedAt: Date) {
  const payment = await db.payment.create({
    data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` },
  });
  const { refundedFils } = await db.order.update({ where: { id: order.id }, data: { refundedFils: { increment: amountFils } }, select: { refundedFils: true } });
  const refund = await db.refund.create({
    data: { orderId: order.id, paymentId: payment.id, amountFils, status: "refunded", providerRefundId: `tr_${crypto.randomUUID()}`, requestedBy: "owner@example.com", createdAt: issuedAt },
  });
  return db.creditNote.create({
    data: {
      number: `CN-${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}`,
      refundId: refund.id,
      orderId: order.id,
      amountFils,
      refundedBeforeFils: refundedFils - amountFils,
      remainingPaidFils: order.totalFils - refundedFils,
      createdAt: issuedAt,
    },
  });
}
