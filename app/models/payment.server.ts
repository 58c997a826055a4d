import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { onOrderPaid } from "~/mail/order-paid.server";
import { placeOrder, releaseReservation, type PlaceOrderInput, type PlacedOrder } from "~/models/order.server";
import { getPaymentProvider } from "~/payments/index.server";

/**
 * Asks the active provider for a payment and records it. The returned `orderSessionId` is our Payment row's
 * random id: it names the payment session in `/payment` and `POST /api/orders/pay`.
 */
export async function startPayment(order: PlacedOrder): Promise<{ orderSessionId: string; paymentUrl: string }> {
  const provider = getPaymentProvider();
  const reference = `ps_${crypto.randomBytes(18).toString("base64url")}`;
  try {
    const created = await provider.createPayment({
      reference,
      orderNumber: order.orderNumber,
      amountFils: order.totalFils,
      customerEmail: order.email,
      language: order.language === "en" ? "en" : "ar",
      returnUrl: `${getEnv().appUrl}/payment/return?orderId=${encodeURIComponent(order.id)}`,
    });
    await prisma.payment.create({
      data: {
        id: reference,
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: created.providerPaymentId,
        amountFils: order.totalFils,
      },
    });
    return { orderSessionId: reference, paymentUrl: created.redirectUrl };
  } catch (error) {
    await releaseReservation(order.id);
    throw error;
  }
}

/** The checkout form's action and `POST /api/orders` both come here; they also free expired reservations. */
export async function placeOrderAndStartPayment(input: PlaceOrderInput, now = new Date()) {
  await sweepExpiredReservations(now);
  const order = await placeOrder(input, now);
  const payment = await startPayment(order);
  return { order, ...payment };
}

export type PaymentState = "paid" | "unpaid" | "failed";

export async function getPaymentSession(orderSessionId: string) {
  return prisma.payment.findUnique({
    where: { id: orderSessionId },
    select: {
      id: true,
      provider: true,
      providerPaymentId: true,
      status: true,
      amountFils: true,
      order: { select: { id: true, orderNumber: true, totalFils: true, paymentStatus: true } },
    },
  });
}

/**
 * Marks an order paid only after the provider says so, server to server, for the right amount. The conditional
 * update from "unpaid" makes it happen exactly once, however many return pages, API calls and retries arrive
 * together; only the call that made the change renders the invoice and sends the e-mail.
 */
export async function confirmPayment(orderSessionId: string): Promise<{ state: PaymentState; orderId: string; orderNumber: string } | null> {
  const payment = await getPaymentSession(orderSessionId);
  if (!payment) return null;
  const { order } = payment;
  const result = (state: PaymentState) => ({ state, orderId: order.id, orderNumber: order.orderNumber });
  if (order.paymentStatus === "paid") return result("paid");
  if (!payment.providerPaymentId) return result(order.paymentStatus === "failed" ? "failed" : "unpaid");

  const remote = await getPaymentProvider(payment.provider).getPaymentStatus(payment.providerPaymentId);
  if (remote.status === "pending") return result(order.paymentStatus === "failed" ? "failed" : "unpaid");
  if (remote.status !== "paid" || remote.amountFils !== payment.amountFils || payment.amountFils !== order.totalFils) {
    await prisma.payment.updateMany({ where: { id: payment.id, status: "initiated" }, data: { status: remote.status === "paid" ? "failed" : remote.status } });
    await releaseReservation(order.id);
    return result("failed");
  }

  const won = await prisma.$transaction(async (tx) => {
    const changed = await tx.order.updateMany({
      where: { id: order.id, paymentStatus: "unpaid" },
      data: { paymentStatus: "paid", paidAt: new Date(), reservedUntil: null },
    });
    await tx.payment.update({ where: { id: payment.id }, data: { status: "paid", cardLast4: remote.cardLast4 ?? null } });
    return changed.count === 1;
  });
  if (won) {
    await onOrderPaid(order.id);
    return result("paid");
  }
  const current = await prisma.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
  if (current?.paymentStatus === "paid") return result("paid");
  // Paid after the reservation ran out: the stock may be sold, so the order stays failed and is refunded by hand.
  process.stdout.write(`payment ${payment.id} for expired order ${order.orderNumber} was paid: refund it\n`);
  return result("failed");
}

/** A gateway webhook names its own payment id; the payment is then verified with the provider like any other. */
export async function confirmPaymentByProviderId(provider: string, providerPaymentId: string) {
  const payment = await prisma.payment.findUnique({ where: { providerPaymentId }, select: { id: true, provider: true } });
  if (!payment || payment.provider !== provider) return null;
  return confirmPayment(payment.id);
}

/** The state of an order's payment, verifying its latest payment with the provider first. */
export async function verifyOrderPayment(orderId: string): Promise<{ state: PaymentState; orderId: string; orderNumber: string } | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { id: true, orderNumber: true, paymentStatus: true, payments: { orderBy: { createdAt: "desc" }, take: 1, select: { id: true } } },
  });
  if (!order) return null;
  if (order.paymentStatus !== "unpaid" || order.payments.length === 0) {
    return { state: order.paymentStatus === "paid" ? "paid" : order.paymentStatus === "failed" ? "failed" : "unpaid", orderId: order.id, orderNumber: order.orderNumber };
  }
  return confirmPayment(order.payments[0].id);
}

/**
 * Releases reservations older than RESERVATION_MINUTES. A payment the provider reports as paid is confirmed
 * instead, so a shopper who paid at the last second is not turned away.
 */
export async function expireReservations(now = new Date()): Promise<number> {
  const due = await prisma.order.findMany({
    where: { paymentStatus: "unpaid", reservedUntil: { lt: now } },
    select: { id: true, payments: { orderBy: { createdAt: "desc" }, take: 1, select: { id: true } } },
    take: 200,
  });
  let released = 0;
  for (const order of due) {
    const latest = order.payments[0];
    if (latest && (await confirmPayment(latest.id))?.state === "paid") continue;
    if (await releaseReservation(order.id)) {
      released++;
      if (latest) await prisma.payment.updateMany({ where: { id: latest.id, status: "initiated" }, data: { status: "expired" } });
    }
  }
  return released;
}

let lastSweep = 0;

/** Runs `expireReservations` at most every 30 seconds, from the paths that sell stock. */
async function sweepExpiredReservations(now: Date) {
  if (now.getTime() - lastSweep < 30_000 && now.getTime() >= lastSweep) return;
  lastSweep = now.getTime();
  await expireReservations(now);
}
