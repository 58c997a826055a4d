import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { holdAgain, queuePaidOrderMessages, releaseReservation, sellHeldUnits } from "~/models/orders/index.server";
import { takenAfterCancelNoticeMail } from "~/mail/owner-notices.server";
import { nudgeOutbox, queueEmail } from "~/models/messaging/index.server";
import { configuredProviderNames, getPaymentProvider } from "~/payments/index.server";
import { PaymentGatewayError, type PaymentProvider, type RemotePayment } from "~/payments/provider.server";
import { testProvider } from "~/payments/test-provider.server";
import { logger } from "~/utils/logger.server";
import { ordersPaid, paymentFailures } from "~/utils/metrics.server";

/**
 * Settling a payment (docs/decisions/0009 and 0014): an order becomes paid only in `confirmPayment`, after the
 * gateway said, server to server, that a payment made for this order, in KWD, for its whole total, is paid; a
 * conditional update makes that happen once. Payments start in payment-start.server.ts.
 */
export type PaymentState = "paid" | "unpaid" | "failed";
/** `takenAfterCancel`: the order was cancelled, yet a gateway took its money; the owner refunds it (decision 0104). */
export type PaymentOutcome = { state: PaymentState; orderId: string; orderNumber: string; takenAfterCancel?: true };

/**
 * How long a shopper's read (return page, status API, POST /api/orders/pay) reuses the gateway's last "not paid
 * yet" about an attempt instead of asking again. Webhooks and the jobs always ask.
 */
export const STATUS_CACHE_MS = 5_000;

/**
 * `shopper`: a read by a shopper's request, which uses the cached answer (STATUS_CACHE_MS). `recheck`: the gateway
 * called (a webhook, a return page) or the order's hold is ending, so an attempt it declined is asked about again
 * where its declines are not final (`PaymentProvider.declinesAreFinal`).
 */
export type ReadOptions = { shopper?: boolean; now?: Date; recheck?: boolean };

/** What the gateway said of an attempt that may not be its last word where declines are not final. */
const DECLINED = ["declined", "cancelled", "failed"];

/**
 * The attempts a recheck asks about besides the open ones: those the shop itself closed when their order's hold
 * ended ("expired": the gateway never said they failed, and its page may still take the money), and the declined
 * ones at a gateway whose declines are not final.
 */
function recheckedWhere(): Prisma.PaymentWhereInput[] {
  const gateways = configuredProviderNames().filter((name) => name !== testProvider.name);
  const openDeclines = gateways.filter((name) => !getPaymentProvider(name).declinesAreFinal);
  return [
    { status: "expired", provider: { in: gateways } },
    { status: { in: DECLINED }, provider: { in: openDeclines } },
  ];
}

function isRechecked(payment: { status: string; provider: string }): boolean {
  if (payment.provider === testProvider.name || !configuredProviderNames().includes(payment.provider)) return false;
  if (payment.status === "expired") return true;
  return DECLINED.includes(payment.status) && !getPaymentProvider(payment.provider).declinesAreFinal;
}

function stateOf(paymentStatus: string): PaymentState {
  return paymentStatus === "paid" ? "paid" : paymentStatus === "failed" ? "failed" : "unpaid";
}

/** Is this the gateway's word on this very attempt: its id, and our reference where the gateway echoes one? */
function isForPayment(remote: RemotePayment, payment: { id: string; providerPaymentId: string }) {
  return remote.providerPaymentId === payment.providerPaymentId && (remote.reference === null || remote.reference === payment.id);
}

/**
 * Asks the gateway about one payment attempt and settles the order from its answer. However many return pages,
 * webhooks, API calls and reconciliation runs arrive together, exactly one marks the order paid, and only that one
 * renders the invoice and sends the e-mail. `returned` is the query the gateway added to the return URL: a payment
 * id there that is not this attempt's is ignored, and the gateway is asked again by this attempt's own id.
 */
export async function confirmPayment(paymentId: string, returned?: URLSearchParams, options: ReadOptions = {}): Promise<PaymentOutcome | null> {
  const payment = await prisma.payment.findUnique({
    where: { id: paymentId },
    select: {
      id: true,
      provider: true,
      providerPaymentId: true,
      status: true,
      checkedAt: true,
      order: { select: { id: true, orderNumber: true, totalFils: true, paymentStatus: true } },
    },
  });
  if (!payment) return null;
  const { order } = payment;
  const result = (state: PaymentState): PaymentOutcome => ({ state, orderId: order.id, orderNumber: order.orderNumber });
  if (order.paymentStatus === "paid") return result("paid");
  // A declined attempt asked again: the gateway may have taken the money since (MyFatoorah, KNET's late success).
  const asking = options.recheck === true && isRechecked(payment);
  if (!payment.providerPaymentId || (payment.status !== "initiated" && !asking)) return result(stateOf(order.paymentStatus));
  const attempt = { id: payment.id, providerPaymentId: payment.providerPaymentId };
  const now = options.now ?? new Date();
  // A shopper's read shortly after the gateway last said "not yet" answers that again without asking. Not a return
  // from the gateway's page (it comes once, after paying), nor the built-in test provider, which asks no one.
  const cacheable = options.shopper && !returned && payment.provider !== testProvider.name;
  if (cacheable && payment.checkedAt && now.getTime() - payment.checkedAt.getTime() < STATUS_CACHE_MS) return result(stateOf(order.paymentStatus));

  const provider = getPaymentProvider(payment.provider);
  let remote = returned ? await askAboutReturned(provider, attempt.providerPaymentId, returned) : null;
  if (!remote || !isForPayment(remote, attempt)) remote = await provider.getPaymentStatus(attempt.providerPaymentId);
  if (!isForPayment(remote, attempt) || remote.status === "pending") {
    if (cacheable) await prisma.payment.updateMany({ where: { id: payment.id, status: payment.status }, data: { checkedAt: now } });
    return result(stateOf(order.paymentStatus));
  }

  if (remote.status !== "paid") {
    // Asked again and still not paid: nothing new, and the decline was counted and acted on when it came.
    if (payment.status !== "initiated") return result(stateOf(order.paymentStatus));
    paymentFailures.inc({ provider: payment.provider, reason: remote.status });
    await prisma.payment.updateMany({ where: { id: payment.id, status: "initiated" }, data: { status: remote.status } });
    return result((await failIfNothingLeftToPay(order.id, now)) ? "failed" : stateOf(order.paymentStatus));
  }
  if (remote.currency !== "KWD" || remote.amountFils !== order.totalFils) {
    paymentFailures.inc({ provider: payment.provider, reason: "mismatch" });
    await prisma.payment.updateMany({ where: { id: payment.id, status: payment.status }, data: { status: "mismatch" } });
    logger.warn(
      `payment ${payment.id} for order ${order.orderNumber} was paid with ${remote.amountFils} fils ${remote.currency}, not ${order.totalFils} KWD: not accepted, refund it`,
    );
    await releaseReservation(order.id);
    return result("failed");
  }

  const paidAttempt = { status: "paid", cardLast4: remote.cardLast4 ?? null };
  const settle = () =>
    prisma.$transaction(async (tx) => {
      // Never a cancelled order: a cancel committed while the gateway took the money wins (probe 6, findings 1 and 2).
      // Nor one whose hold has ended, even before the timed pass releases it: its code's use and its window's place
      // no longer count, and another order may have them (holdAgain below takes them again or says they are gone).
      const changed = await tx.order.updateMany({
        where: { id: order.id, paymentStatus: "unpaid", status: { not: "cancelled" }, OR: [{ reservedUntil: null }, { reservedUntil: { gt: now } }] },
        // No payment reminder follows a paid order (decision 0085).
        data: { paymentStatus: "paid", paidAt: new Date(), reservedUntil: null, nextReminderAt: null },
      });
      if (changed.count !== 1) return false;
      await tx.payment.update({ where: { id: payment.id }, data: paidAttempt });
      await sellHeldUnits(tx, order.id);
      await queuePaidOrderMessages(tx, order.id);
      return true;
    });
  if (await settle()) {
    ordersPaid.inc();
    nudgeOutbox();
    return result("paid");
  }
  // Paid after its hold ran out, released or not yet: its units, code and window are taken again while they are to
  // be had, as a late payment takes them (decision 0085), and the order is paid. Not when another request has just
  // settled it.
  const before = await prisma.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
  if (before && before.paymentStatus !== "paid" && (await holdAgain(order.id, now)) === "held" && (await settle())) {
    ordersPaid.inc();
    nudgeOutbox();
    return result("paid");
  }
  // The money was taken all the same: the attempt says so, and the order is not payable again (payableLateWhere).
  // Only the request that records it tells the owner when the order was cancelled, however many ask together.
  const recorded = await prisma.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({ where: { id: payment.id, status: { not: "paid" } }, data: paidAttempt });
    const current = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { paymentStatus: true, status: true } });
    if (count === 1 && current.paymentStatus !== "paid" && current.status === "cancelled") {
      const mail = takenAfterCancelNoticeMail({
        orderId: order.id,
        orderNumber: order.orderNumber,
        amountFils: remote.amountFils,
        provider: payment.provider,
        providerPaymentId: attempt.providerPaymentId,
      });
      await queueEmail(tx, { to: mail.to, kind: "mail", language: "en", orderId: order.id, params: { subject: mail.subject, text: mail.text, html: mail.html } });
    }
    return { count, current };
  });
  if (recorded.current.paymentStatus === "paid") return result("paid");
  if (recorded.count === 1 && recorded.current.status === "cancelled") nudgeOutbox();
  // Its hold ended and its code or window went to another order before the timed pass released it: its units go
  // back to sale now, as the pass would release them.
  if (recorded.current.paymentStatus === "unpaid") await releaseReservation(order.id);
  // Its units sold meanwhile, its code or window went to another order, or it was cancelled: the money goes back by hand.
  logger.warn(`payment ${payment.id} for expired order ${order.orderNumber} was paid: refund it`);
  return result("failed");
}

/**
 * The gateway's word on the payment the return query names, or null when the gateway refuses to look it up (an id
 * it never made, or not one of its ids at all): the query is only a hint, so the attempt is then asked by its own id.
 */
async function askAboutReturned(provider: PaymentProvider, providerPaymentId: string, returned: URLSearchParams): Promise<RemotePayment | null> {
  try {
    return await provider.getPaymentStatus(providerPaymentId, returned);
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.fault === "refused") return null;
    throw error;
  }
}

/**
 * After a declined or cancelled attempt the order stays unpaid while its hold lasts, so the shopper can pay the same
 * order again (docs/decisions/0043); the hold's end releases it as always. The order fails at once (and gives its
 * stock back once, `releaseReservation` being conditional) only when its hold has already run out and no other
 * attempt is still open.
 */
async function failIfNothingLeftToPay(orderId: string, now: Date): Promise<boolean> {
  const open = await prisma.payment.count({ where: { orderId, status: "initiated", providerPaymentId: { not: null } } });
  if (open > 0) return false;
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { reservedUntil: true } });
  if (order?.reservedUntil && order.reservedUntil > now) return false;
  return releaseReservation(orderId);
}


/** A gateway webhook names its own payment id; the payment is then verified with the gateway like any other. */
export async function confirmPaymentByProviderId(provider: string, providerPaymentId: string) {
  const payment = await prisma.payment.findUnique({ where: { providerPaymentId }, select: { id: true, provider: true } });
  if (!payment || payment.provider !== provider) return null;
  return confirmPayment(payment.id, undefined, { recheck: true });
}

/**
 * The state of an order's payment, asking the gateway about its open attempts first (newest first). `returned` is
 * the gateway's query on the return URL; it only helps find the newest attempt and is never believed by itself.
 */
export async function verifyOrderPayment(orderId: string, returned?: URLSearchParams, options: ReadOptions = {}): Promise<PaymentOutcome | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      paymentStatus: true,
      payments: {
        where: {
          providerPaymentId: { not: null },
          OR: [{ status: "initiated" }, ...(options.recheck ? recheckedWhere() : [])],
        },
        orderBy: { createdAt: "desc" },
        take: 5,
        select: { id: true },
      },
    },
  });
  if (!order) return null;
  let outcome: PaymentOutcome = { state: stateOf(order.paymentStatus), orderId: order.id, orderNumber: order.orderNumber };
  // A failed order (its hold ended, or it was cancelled) is asked about too when the gateway sent the shopper back or
  // the order is checked again: its page may have taken the money since, which pays the order or is told to the owner,
  // whether or not a webhook ever comes (decisions 0104 and 0111).
  const asked = order.paymentStatus === "unpaid" || (order.paymentStatus === "failed" && options.recheck === true);
  if (!asked) return withTakenAfterCancel(outcome);
  for (const [index, payment] of order.payments.entries()) {
    outcome = (await confirmPayment(payment.id, index === 0 ? returned : undefined, options)) ?? outcome;
    // An unpaid order is settled either way by one answer; a failed one only by a payment, so its other attempts are asked.
    if (outcome.state === "paid" || (order.paymentStatus === "unpaid" && outcome.state !== "unpaid")) break;
  }
  if (outcome.state === "unpaid") {
    // The order and its attempts are two reads: a request that settled the order between them (on PostgreSQL,
    // another connection) leaves no open attempt here, so the order's own state has the last word.
    const settled = await prisma.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
    outcome = { ...outcome, state: stateOf(settled?.paymentStatus ?? order.paymentStatus) };
  }
  return withTakenAfterCancel(outcome);
}

/**
 * An order that is not paid but cancelled while a gateway took its money (an attempt recorded `paid`): the shopper
 * is told the money comes back, not that the payment failed.
 */
async function withTakenAfterCancel(outcome: PaymentOutcome): Promise<PaymentOutcome> {
  if (outcome.state === "paid") return outcome;
  const taken = await prisma.payment.count({ where: { orderId: outcome.orderId, status: "paid", order: { status: "cancelled", paymentStatus: { not: "paid" } } } });
  return taken > 0 ? { ...outcome, state: "failed", takenAfterCancel: true } : outcome;
}

