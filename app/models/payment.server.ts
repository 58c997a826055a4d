import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { languageOrDefault } from "~/shared/language";
import { onOrderPaid } from "~/models/order-paid.server";
import { placeOrder, releaseReservation, type PlaceOrderInput, type PlacedOrder } from "~/models/order.server";
import { startTimedJob } from "~/models/job-lease.server";
import { configuredProviderNames, getPaymentProvider } from "~/payments/index.server";
import { PaymentGatewayError, type PaymentMethod, type PaymentProvider, type RemotePayment } from "~/payments/provider.server";
import { testProvider } from "~/payments/test-provider.server";
import { logFailure, logger } from "~/utils/logger.server";
import { ordersPaid, paymentFailures } from "~/utils/metrics.server";

/**
 * Payments (docs/decisions/0009 and 0014). A Payment row is one attempt at the gateway; its random id (`ps_…`) is
 * the reference the gateway echoes back. The first row of an order is also its payment session (`orderSessionId`
 * of SPEC section 3): with the test provider it carries the payment at once; with a gateway the shopper first picks
 * KNET, card or Apple Pay on /payment, and each pick is a new row with the gateway's payment id.
 *
 * An order becomes paid only in `confirmPayment`, after the gateway said, server to server, that a payment made for
 * this order, in KWD, for its whole total, is paid; a conditional update makes that happen once.
 */
export type PaymentState = "paid" | "unpaid" | "failed";
export type PaymentOutcome = { state: PaymentState; orderId: string; orderNumber: string };

function newPaymentId(): string {
  return `ps_${crypto.randomBytes(18).toString("base64url")}`;
}

function returnUrlOf(orderId: string): string {
  return `${getEnv().appUrl}/payment/return?orderId=${encodeURIComponent(orderId)}`;
}

function webhookUrlOf(provider: string): string {
  return `${getEnv().appUrl}/api/payment/webhook/${provider}`;
}

async function createAtProvider(paymentId: string, methodId: string, method: PaymentMethod["kind"]) {
  const payment = await prisma.payment.findUniqueOrThrow({
    where: { id: paymentId },
    select: {
      provider: true,
      amountFils: true,
      order: { select: { id: true, orderNumber: true, fullName: true, email: true, phone: true, language: true } },
    },
  });
  const provider = getPaymentProvider(payment.provider);
  const created = await provider.createPayment({
    reference: paymentId,
    orderId: payment.order.id,
    orderNumber: payment.order.orderNumber,
    amountFils: payment.amountFils,
    customer: { name: payment.order.fullName, email: payment.order.email, phone: payment.order.phone },
    language: languageOrDefault(payment.order.language),
    methodId,
    returnUrl: returnUrlOf(payment.order.id),
    webhookUrl: webhookUrlOf(provider.name),
  });
  await prisma.payment.update({ where: { id: paymentId }, data: { providerPaymentId: created.providerPaymentId, method, redirectUrl: created.redirectUrl } });
  return created;
}

/**
 * Opens the order's payment session. With a gateway nothing is asked of it yet (the shopper picks a way to pay
 * first), so a gateway that is down never loses an order: the shopper can try again from /payment.
 */
export async function startPayment(order: PlacedOrder): Promise<{ orderSessionId: string; paymentUrl: string }> {
  const provider = getPaymentProvider();
  const orderSessionId = newPaymentId();
  try {
    await prisma.payment.create({ data: { id: orderSessionId, orderId: order.id, provider: provider.name, amountFils: order.totalFils } });
    if (!provider.choosesMethodOnShop) {
      const [method] = await provider.listMethods({ amountFils: order.totalFils, language: languageOrDefault(order.language) });
      await createAtProvider(orderSessionId, method.id, method.kind);
    }
    return { orderSessionId, paymentUrl: `/payment?orderSessionId=${encodeURIComponent(orderSessionId)}` };
  } catch (error) {
    await releaseReservation(order.id);
    throw error;
  }
}

/**
 * The checkout form's action and `POST /api/orders` both come here. Holds that ran out are freed by the timer of
 * startPaymentJobs, not here: an order never waits for, or depends on, another shopper's expired hold.
 */
export async function placeOrderAndStartPayment(input: PlaceOrderInput, now = new Date()) {
  const order = await placeOrder(input, now);
  const payment = await startPayment(order);
  return { order, ...payment };
}

export async function getPaymentSession(orderSessionId: string) {
  return prisma.payment.findUnique({
    where: { id: orderSessionId },
    select: {
      id: true,
      provider: true,
      providerPaymentId: true,
      status: true,
      amountFils: true,
      order: { select: { id: true, orderNumber: true, totalFils: true, paymentStatus: true, language: true } },
    },
  });
}

/** The ways to pay that the session's gateway offers for this amount (MyFatoorah InitiatePayment; Tap's sources). */
export async function listPaymentMethods(session: { provider: string; amountFils: number }, language: "ar" | "en"): Promise<PaymentMethod[]> {
  return getPaymentProvider(session.provider).listMethods({ amountFils: session.amountFils, language });
}

export class PaymentStartError extends Error {
  constructor(readonly reason: "sessionNotFound" | "notPayable" | "unknownMethod") {
    super(reason);
  }
}

/**
 * How long an attempt's payment page is given again to a shopper who picks the same way to pay (docs/decisions/0040).
 * Below every gateway's own lifetime of a payment page (Tap's charge expires after 30 minutes, MyFatoorah's invoice
 * after days) and below the hold, so the page is still payable while the stock is still held.
 */
export const ATTEMPT_REUSE_MINUTES = 10;
/** How long a request waits for another request that is starting the same attempt at the gateway. */
const ATTEMPT_WAIT_MS = 15_000;

/**
 * The shopper picked a way to pay on /payment. An open attempt of the same way to pay for this order, started in
 * the last ATTEMPT_REUSE_MINUTES while the hold lasts, is given again: its payment page, no new invoice or charge.
 * Otherwise a new attempt, its own Payment row, starts at the gateway. The choice between the two is made with the
 * order's row locked (a no-op UPDATE: SQLite's write lock, PostgreSQL's row lock), so however many requests arrive
 * together, one starts the attempt and the others wait for its page. Gateway faults are thrown as
 * PaymentGatewayError; the order and its hold stay as they were.
 */
export async function beginGatewayPayment(orderSessionId: string, methodId: string, now = new Date()): Promise<{ redirectUrl: string; paymentId: string }> {
  const session = await getPaymentSession(orderSessionId);
  if (!session) throw new PaymentStartError("sessionNotFound");
  if (session.order.paymentStatus !== "unpaid") throw new PaymentStartError("notPayable");
  const language = languageOrDefault(session.order.language);
  const method = (await listPaymentMethods(session, language)).find((candidate) => candidate.id === methodId);
  if (!method) throw new PaymentStartError("unknownMethod");
  const orderId = session.order.id;

  const choice = await prisma.$transaction(async (tx) => {
    const locked = await tx.$executeRaw`
      UPDATE "Order" SET "paymentStatus" = "paymentStatus"
      WHERE "id" = ${orderId} AND "paymentStatus" = 'unpaid' AND ("reservedUntil" IS NULL OR "reservedUntil" > ${now})`;
    if (locked !== 1) return null;
    const open = await tx.payment.findFirst({
      where: {
        orderId,
        provider: session.provider,
        method: method.kind,
        status: "initiated",
        createdAt: { gt: new Date(now.getTime() - ATTEMPT_REUSE_MINUTES * 60_000) },
        NOT: { id: orderSessionId },
        // Its page is known, or another request is creating it right now (a row left by a crash is not waited for).
        OR: [{ redirectUrl: { not: null } }, { providerPaymentId: null, createdAt: { gt: new Date(now.getTime() - 2 * ATTEMPT_WAIT_MS) } }],
      },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (open) return { id: open.id, reuse: true };
    const attempt = await tx.payment.create({
      data: { id: newPaymentId(), orderId, provider: session.provider, amountFils: session.order.totalFils, method: method.kind },
    });
    return { id: attempt.id, reuse: false };
  });
  if (!choice) throw new PaymentStartError("notPayable");
  if (choice.reuse) return { redirectUrl: await pageOfOpenAttempt(choice.id), paymentId: choice.id };

  try {
    const { redirectUrl } = await createAtProvider(choice.id, method.id, method.kind);
    return { redirectUrl, paymentId: choice.id };
  } catch (error) {
    paymentFailures.inc({ provider: session.provider, reason: "gateway" });
    await prisma.payment.update({ where: { id: choice.id }, data: { status: "failed" } });
    throw error;
  }
}

/** The payment page of an open attempt, waiting while another request is still creating it at the gateway. */
async function pageOfOpenAttempt(paymentId: string): Promise<string> {
  const deadline = Date.now() + ATTEMPT_WAIT_MS;
  for (;;) {
    const attempt = await prisma.payment.findUnique({ where: { id: paymentId }, select: { status: true, redirectUrl: true } });
    if (attempt?.redirectUrl) return attempt.redirectUrl;
    if (!attempt || attempt.status !== "initiated") {
      throw new PaymentGatewayError("unavailable", "the payment another request was starting at the gateway did not start");
    }
    if (Date.now() > deadline) throw new PaymentGatewayError("timeout", "the payment another request is starting at the gateway is not ready");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How long a shopper's read (return page, status API, POST /api/orders/pay) reuses the gateway's last "not paid
 * yet" about an attempt instead of asking again. Webhooks and the jobs always ask.
 */
export const STATUS_CACHE_MS = 5_000;

/** `shopper`: a read by a shopper's request, which uses the cached answer (STATUS_CACHE_MS). */
export type ReadOptions = { shopper?: boolean; now?: Date };

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
  if (!payment.providerPaymentId || payment.status !== "initiated") return result(stateOf(order.paymentStatus));
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
    if (cacheable) await prisma.payment.updateMany({ where: { id: payment.id, status: "initiated" }, data: { checkedAt: now } });
    return result(stateOf(order.paymentStatus));
  }

  if (remote.status !== "paid") {
    paymentFailures.inc({ provider: payment.provider, reason: remote.status });
    await prisma.payment.updateMany({ where: { id: payment.id, status: "initiated" }, data: { status: remote.status } });
    return result((await failIfNothingLeftToPay(order.id, now)) ? "failed" : stateOf(order.paymentStatus));
  }
  if (remote.currency !== "KWD" || remote.amountFils !== order.totalFils) {
    paymentFailures.inc({ provider: payment.provider, reason: "mismatch" });
    await prisma.payment.updateMany({ where: { id: payment.id, status: "initiated" }, data: { status: "mismatch" } });
    logger.warn(
      `payment ${payment.id} for order ${order.orderNumber} was paid with ${remote.amountFils} fils ${remote.currency}, not ${order.totalFils} KWD: not accepted, refund it`,
    );
    await releaseReservation(order.id);
    return result("failed");
  }

  const won = await prisma.$transaction(async (tx) => {
    const changed = await tx.order.updateMany({
      where: { id: order.id, paymentStatus: "unpaid" },
      data: { paymentStatus: "paid", paidAt: new Date(), reservedUntil: null },
    });
    await tx.payment.update({ where: { id: payment.id }, data: { status: "paid", cardLast4: remote.cardLast4 ?? null } });
    if (changed.count !== 1) return false;
    // Sold: the held units leave the shop. They were taken from sale when the order was placed.
    const items = await tx.orderItem.findMany({ where: { orderId: order.id }, select: { productId: true, quantity: true }, orderBy: { productId: "asc" } });
    for (const item of items) {
      if (!item.productId) continue;
      await tx.$executeRaw`UPDATE "Product" SET "heldQuantity" = CASE WHEN "heldQuantity" > ${item.quantity} THEN "heldQuantity" - ${item.quantity} ELSE 0 END WHERE "id" = ${item.productId}`;
    }
    return true;
  });
  if (won) {
    ordersPaid.inc();
    await onOrderPaid(order.id);
    return result("paid");
  }
  const current = await prisma.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
  if (current?.paymentStatus === "paid") return result("paid");
  // Paid after the reservation ran out: the stock may be sold, so the order stays failed and is refunded by hand.
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

/**
 * Where the payment result page's Try Again leads for this order: its payment page (the order's first Payment row,
 * its `orderSessionId`) while it is unpaid and its hold lasts, so the same order, address and hold are paid;
 * otherwise null, and the shopper checks out again.
 */
export async function payAgainSessionOf(orderId: string, now = new Date()): Promise<string | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { paymentStatus: true, reservedUntil: true, payments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1, select: { id: true } } },
  });
  if (!order || order.paymentStatus !== "unpaid" || !order.reservedUntil || order.reservedUntil <= now) return null;
  return order.payments[0]?.id ?? null;
}

/**
 * The test provider's card page of `orderSessionId` pays with the session's own attempt while it is open; after a
 * decline, with the order's open card attempt or a new one, started as a gateway attempt is (`beginGatewayPayment`:
 * the order locked, unpaid, its hold lasting). Null when the session is unknown or the order cannot be paid.
 */
export async function testAttemptToPay(orderSessionId: string, now = new Date()): Promise<{ paymentId: string; providerPaymentId: string } | null> {
  const session = await getPaymentSession(orderSessionId);
  if (!session || session.provider !== testProvider.name) return null;
  if (session.status === "initiated" && session.providerPaymentId) return { paymentId: session.id, providerPaymentId: session.providerPaymentId };
  if (session.order.paymentStatus !== "unpaid") return null;
  try {
    const { paymentId } = await beginGatewayPayment(orderSessionId, "card", now);
    const attempt = await prisma.payment.findUnique({ where: { id: paymentId }, select: { providerPaymentId: true } });
    return attempt?.providerPaymentId ? { paymentId, providerPaymentId: attempt.providerPaymentId } : null;
  } catch (error) {
    if (error instanceof PaymentStartError) return null;
    throw error;
  }
}

/** A gateway webhook names its own payment id; the payment is then verified with the gateway like any other. */
export async function confirmPaymentByProviderId(provider: string, providerPaymentId: string) {
  const payment = await prisma.payment.findUnique({ where: { providerPaymentId }, select: { id: true, provider: true } });
  if (!payment || payment.provider !== provider) return null;
  return confirmPayment(payment.id);
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
        where: { status: "initiated", providerPaymentId: { not: null } },
        orderBy: { createdAt: "desc" },
        take: 5,
        select: { id: true },
      },
    },
  });
  if (!order) return null;
  let outcome: PaymentOutcome = { state: stateOf(order.paymentStatus), orderId: order.id, orderNumber: order.orderNumber };
  if (order.paymentStatus !== "unpaid") return outcome;
  for (const [index, payment] of order.payments.entries()) {
    outcome = (await confirmPayment(payment.id, index === 0 ? returned : undefined, options)) ?? outcome;
    if (outcome.state !== "unpaid") break;
  }
  if (outcome.state === "unpaid") {
    // The order and its attempts are two reads: a request that settled the order between them (on PostgreSQL,
    // another connection) leaves no open attempt here, so the order's own state has the last word.
    const settled = await prisma.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
    outcome = { ...outcome, state: stateOf(settled?.paymentStatus ?? order.paymentStatus) };
  }
  return outcome;
}

/**
 * Asks the gateway about attempts that are still open a minute after they began, so a shopper who paid and closed
 * the tab, with no webhook either, still gets a paid order well before the stock hold ends. Runs on a timer.
 */
export async function reconcilePayments(now = new Date(), batchSize = 100): Promise<number> {
  const where = {
    status: "initiated",
    providerPaymentId: { not: null },
    provider: { in: configuredProviderNames() },
    createdAt: { lt: new Date(now.getTime() - 60_000) },
    order: { paymentStatus: "unpaid" },
  };
  let settled = 0;
  // Every open attempt, oldest first, a batch at a time: the cursor (createdAt, id) moves past each batch, so
  // attempts that stay open do not hide the ones behind them.
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: { createdAt: Date; id: string } | null = after;
    const batch: { id: string; createdAt: Date }[] = await prisma.payment.findMany({
      where: cursor ? { ...where, OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] } : where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: batchSize,
      select: { id: true, createdAt: true },
    });
    for (const payment of batch) {
      try {
        if ((await confirmPayment(payment.id))?.state !== "unpaid") settled++;
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        logger.warn(`reconciliation of payment ${payment.id} skipped: ${error.fault}`);
      }
    }
    if (batch.length < batchSize) return settled;
    after = batch[batch.length - 1];
  }
}

/**
 * Releases reservations older than RESERVATION_MINUTES. Each open attempt is asked of the gateway first, so a
 * shopper who paid at the last second is confirmed instead; while the gateway cannot answer, the hold is kept.
 * An order that cannot be checked at all (its gateway is no longer configured) keeps its hold and is logged, but
 * never stops the other holds from ending: one such order must not keep the whole shop Out of Stock.
 */
export async function expireReservations(now = new Date()): Promise<number> {
  const due = await prisma.order.findMany({
    where: { paymentStatus: "unpaid", reservedUntil: { lt: now } },
    select: { id: true },
    take: 200,
  });
  let released = 0;
  for (const order of due) {
    try {
      if ((await verifyOrderPayment(order.id))?.state !== "unpaid") continue;
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) {
        logFailure(`hold of order ${order.id} kept, its payment could not be checked`, error);
      }
      continue;
    }
    if (await releaseReservation(order.id)) {
      released++;
      await prisma.payment.updateMany({ where: { orderId: order.id, status: "initiated" }, data: { status: "expired" } });
    }
  }
  return released;
}

/** One pass of the payment jobs: reconcile open payments, then release holds that ran out. */
export async function runPaymentJobs(now = new Date()) {
  const report = (job: string) => (error: unknown) => logFailure(`${job} failed`, error);
  // Holds end even when reconciliation fails: a stuck gateway must not keep the shop Out of Stock.
  await reconcilePayments(now).catch(report("payment reconciliation"));
  await expireReservations(now).catch(report("hold expiry"));
}

/**
 * The payment jobs' timer, started by every server process; one pass runs at a time across all of them (the
 * "payment-jobs" lease, app/models/job-lease.server.ts). The returned function stops the timer and waits for a pass
 * under way.
 */
export function startPaymentJobs(intervalMs = 60_000): () => Promise<void> {
  return startTimedJob("payment-jobs", { intervalMs, holdMs: Math.max(2 * 60_000, 2 * intervalMs) }, () => runPaymentJobs());
}
