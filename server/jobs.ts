import type { Env } from "../app/env.server";
import { startHousekeeping, startOutbox } from "../app/models/jobs/index.server";
import { startLowStockDigest, startStockNotices } from "../app/models/catalogue/index.server";
import { startPaymentJobs, startPaymentReminders } from "../app/models/payments/index.server";
import { startSmsDeliveryPolling } from "../app/models/messaging/index.server";
import { startReviewInvites } from "../app/models/reviews/index.server";
import { startScheduledBackups } from "./scheduled-backup";

/**
 * Every timed job a server process runs, started in one place: payment reconciliation and hold expiry, payment reminders,
 * housekeeping, the scheduled backup (when configured), the low-stock digest, the stock notices and the outbox's
 * sender (woken at once by a commit that queued a message, and on its own timer) with kwtSMS's delivery poll. Each takes its
 * own lease, so one pass of a job runs at a time across all processes. The returned function stops every timer and
 * waits for the passes under way, which give their leases up before the database connections close.
 */
export function startJobs(env: Env): () => Promise<void> {
  const stops = [
    startPaymentJobs(),
    startPaymentReminders(),
    env.reviewInviteAfterMs === null ? async () => {} : startReviewInvites(),
    startHousekeeping(),
    env.backups ? startScheduledBackups({ databaseUrl: env.databaseUrl, uploadsDir: env.uploadsDir, ...env.backups }) : async () => {},
    startLowStockDigest(),
    startStockNotices(),
    startOutbox(),
    startSmsDeliveryPolling(),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
