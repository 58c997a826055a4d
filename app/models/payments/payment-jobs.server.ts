import { prisma } from "~/db.server";
import { startTimedJob } from "~/models/shop/index.server";
import { confirmPayment, verifyOrderPayment } from "./payment-confirm.server";
import { expireHolds } from "~/models/orders/index.server";
import { configuredProviderNames } from "~/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";
import { logFailure, logger } from "~/utils/logger.server";

/** The payments' timed passes: reconciling open attempts with the gateway, then ending the holds that ran out. */

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
 * Ends the holds that ran out (stock-hold.server.ts `expireHolds`). Each open attempt is asked of the gateway first,
 * so a shopper who paid at the last second is confirmed instead; while the gateway cannot answer, the hold is kept.
 * An order that cannot be checked at all (its gateway is no longer configured) keeps its hold and is logged.
 */
export async function expireReservations(now = new Date()): Promise<number> {
  return expireHolds(async (orderId) => {
    try {
      return (await verifyOrderPayment(orderId, undefined, { recheck: true }))?.state === "unpaid" ? "unpaid" : "settled";
    } catch (error) {
      if (error instanceof PaymentGatewayError) return "unknown";
      throw error;
    }
  }, now);
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
 * "payment-jobs" lease, app/models/shop/job-lease.server.ts). The returned function stops the timer and waits for a pass
 * under way.
 */
export function startPaymentJobs(intervalMs = 60_000): () => Promise<void> {
  return startTimedJob("payment-jobs", { intervalMs, holdMs: Math.max(2 * 60_000, 2 * intervalMs) }, () => runPaymentJobs());
}
