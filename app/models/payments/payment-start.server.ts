import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { languageOrDefault } from "~/shared/language";
import { holdAgain, payableLateWhere, placeOrder, type PlaceOrderInput, type PlacedOrder, releaseReservation, unitsStillThere } from "~/models/orders/index.server";
import { getPaymentProvider } from "~/payments/index.server";
import { PaymentGatewayError, type PaymentMethod } from "~/payments/provider.server";
import { testProvider } from "~/payments/test-provider.server";
import { paymentFailures } from "~/utils/metrics.server";

/**
 * Payments (docs/decisions/0009 and 0014). A Payment row is one attempt at the gateway; its random id (`ps_…`) is
 * the reference the gateway echoes back. The first row of an order is also its payment session (`orderSessionId`
 * of SPEC section 3): with the test provider it carries the payment at once; with a gateway the shopper first picks
 * KNET, card or Apple Pay on /payment, and each pick is a new row with the gateway's payment id.
 *
 * This module starts payments: the session, each attempt at the gateway, the way back to paying after a decline. An
 * order becomes paid only in `confirmPayment` (payment-confirm.server.ts).
 */

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
 * The order's payment session as a row to write, for a caller that writes it in its own transaction with the order
 * (a dearer exchange, return-exchange.server.ts); `readyPaymentSession` then prepares it once that has committed.
 */
export function newPaymentSession(order: { id: string; totalFils: number }) {
  return { id: newPaymentId(), orderId: order.id, provider: getPaymentProvider().name, amountFils: order.totalFils };
}

/** Makes a written session payable: a provider that has no choice of ways to pay on the shop is asked for its page now. */
export async function readyPaymentSession(orderSessionId: string, order: { totalFils: number; language: string }): Promise<void> {
  const provider = getPaymentProvider();
  if (provider.choosesMethodOnShop) return;
  const [method] = await provider.listMethods({ amountFils: order.totalFils, language: languageOrDefault(order.language) });
  await createAtProvider(orderSessionId, method.id, method.kind);
}

/** Where the shopper pays an order session. */
export function paymentPathOf(orderSessionId: string): string {
  return `/payment?orderSessionId=${encodeURIComponent(orderSessionId)}`;
}

/**
 * Opens the order's payment session. With a gateway nothing is asked of it yet (the shopper picks a way to pay
 * first), so a gateway that is down never loses an order: the shopper can try again from /payment.
 */
export async function startPayment(order: PlacedOrder): Promise<{ orderSessionId: string; paymentUrl: string }> {
  const session = newPaymentSession(order);
  try {
    await prisma.payment.create({ data: session });
    await readyPaymentSession(session.id, order);
    return { orderSessionId: session.id, paymentUrl: paymentPathOf(session.id) };
  } catch (error) {
    await releaseReservation(order.id);
    throw error;
  }
}

/**
 * The checkout form's action and `POST /api/orders` both come here. Holds that ran out are freed by the timer of
 * startPaymentJobs (payment-jobs.server.ts), not here: an order never waits for, or depends on, another shopper's expired hold.
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
      order: { select: { id: true, orderNumber: true, status: true, totalFils: true, paymentStatus: true, language: true, reservedUntil: true } },
    },
  });
}

/**
 * How long this process keeps a gateway's list of ways to pay for one amount (docs/decisions/0069). The list changes
 * when the shop's gateway account changes, not per shopper: every load of /payment asking MyFatoorah's
 * InitiatePayment again let one unpaid order throttle the shop's API key for everyone.
 */
export const METHOD_LIST_MINUTES = 5;
/** At most this many amounts are kept; the oldest goes first (orders' totals vary, the memory must not). */
const METHOD_LISTS_KEPT = 500;
/** The currency every amount is asked in (the gateways get KWD, app/payments/*). */
const CURRENCY = "KWD";

const methodLists = new Map<string, { until: number; methods: Promise<PaymentMethod[]> }>();

/**
 * The ways to pay that the session's gateway offers for this amount (MyFatoorah InitiatePayment; Tap's sources),
 * kept per gateway, amount and currency for METHOD_LIST_MINUTES in this process. Requests that arrive together
 * share one question to the gateway; a failed question is not kept, so the next load asks again.
 */
export async function listPaymentMethods(session: { provider: string; amountFils: number }, language: "ar" | "en", now = Date.now()): Promise<PaymentMethod[]> {
  const key = `${session.provider}:${CURRENCY}:${session.amountFils}`;
  const kept = methodLists.get(key);
  if (kept && kept.until > now) return (await kept.methods).map((method) => ({ ...method }));
  const methods = getPaymentProvider(session.provider).listMethods({ amountFils: session.amountFils, language });
  const entry = { until: now + METHOD_LIST_MINUTES * 60_000, methods };
  methodLists.delete(key);
  methodLists.set(key, entry);
  if (methodLists.size > METHOD_LISTS_KEPT) methodLists.delete(methodLists.keys().next().value as string);
  try {
    return (await methods).map((method) => ({ ...method }));
  } catch (error) {
    if (methodLists.get(key) === entry) methodLists.delete(key);
    throw error;
  }
}

/** Why an order whose hold ended cannot be paid now (`holdAgain`): the shopper is told, and nothing is charged. */
export type LateRefusal = "soldOut" | "codeUnavailable" | "deliverySlotUnavailable";
const LATE_REFUSALS: readonly string[] = ["soldOut", "codeUnavailable", "deliverySlotUnavailable"] satisfies LateRefusal[];

export function isLateRefusal(reason: string): reason is LateRefusal {
  return LATE_REFUSALS.includes(reason);
}

export class PaymentStartError extends Error {
  constructor(readonly reason: "sessionNotFound" | "notPayable" | "unknownMethod" | LateRefusal) {
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
  if (session.order.paymentStatus === "paid") throw new PaymentStartError("notPayable");
  const language = languageOrDefault(session.order.language);
  const method = (await listPaymentMethods(session, language)).find((candidate) => candidate.id === methodId);
  if (!method) throw new PaymentStartError("unknownMethod");
  const orderId = session.order.id;
  // Paying late, through a reminder's link (decision 0085): a hold that ended takes the units again first, or the
  // shopper hears they sold out and nothing is started at the gateway.
  const reservedUntil = session.order.reservedUntil;
  if (session.order.paymentStatus !== "unpaid" || !reservedUntil || reservedUntil <= now) {
    const again = await holdAgain(orderId, now);
    if (again !== "held") throw new PaymentStartError(again);
  }

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
 * An order whose hold has ended, as its payment page shows it (decision 0085): it may be paid late while its units
 * are for sale ("available"), they sold out ("soldOut"), or it is not one that may be paid ("notPayable": cancelled,
 * a payment taken for it anyway, a return's exchange). Paying takes the units again with `holdAgain`.
 */
export async function latePaymentState(orderId: string, now = new Date()): Promise<"available" | "soldOut" | "notPayable"> {
  const payable = await prisma.order.count({ where: { id: orderId, ...payableLateWhere() } });
  if (payable !== 1) return "notPayable";
  return (await unitsStillThere(orderId, now)) ? "available" : "soldOut";
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
 * The test provider's card page of `orderSessionId` pays with the session's own attempt while it is open and the
 * order's hold lasts; after a decline or the hold's end, with the order's open card attempt or a new one, started as
 * a gateway attempt is (`beginGatewayPayment`: the order locked, unpaid, its hold lasting). Null when the session is
 * unknown or the order cannot be paid.
 */
export async function testAttemptToPay(orderSessionId: string, now = new Date()): Promise<{ paymentId: string; providerPaymentId: string } | null> {
  const session = await getPaymentSession(orderSessionId);
  if (!session || session.provider !== testProvider.name) return null;
  const { reservedUntil } = session.order;
  const holdLasts = session.order.paymentStatus === "unpaid" && reservedUntil !== null && reservedUntil > now;
  // Once the hold has ended, even before the timed pass releases it, the card pays only after `holdAgain` took the
  // units, the code's use and the window's place again (through beginGatewayPayment), or says why not.
  if (holdLasts && session.status === "initiated" && session.providerPaymentId) return { paymentId: session.id, providerPaymentId: session.providerPaymentId };
  if (session.order.paymentStatus === "paid") return null;
  try {
    const { paymentId } = await beginGatewayPayment(orderSessionId, "card", now);
    const attempt = await prisma.payment.findUnique({ where: { id: paymentId }, select: { providerPaymentId: true } });
    return attempt?.providerPaymentId ? { paymentId, providerPaymentId: attempt.providerPaymentId } : null;
  } catch (error) {
    // Sold out, or its code or window gone, since the hold ended: the card page says so, and nothing is charged.
    if (error instanceof PaymentStartError && !isLateRefusal(error.reason)) return null;
    throw error;
  }
}
