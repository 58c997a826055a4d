import { getEnv } from "~/env.server";

/**
 * When an unpaid order is reminded (CONTRACT.md "Unfinished checkouts", docs/decisions/0085): after each delay of
 * PAYMENT_REMINDERS, counted from its placing. Placing writes the first time into `Order.nextReminderAt`, which the
 * reminder job (app/models/payments/payment-reminders.server.ts) reads through its index.
 */
export function firstReminderAt(placedAt: Date, delaysMs: number[] = getEnv().paymentReminderDelaysMs): Date | null {
  return delaysMs.length ? new Date(placedAt.getTime() + delaysMs[0]) : null;
}

/**
 * Where an order placed at `placedAt`, with `done` delays behind it already, stands at `now`: whether a reminder is
 * due (a delay came due since), how many delays are then behind it, and when the next one comes, or null when none
 * is left. Several delays that came due together (a server that was down) make one reminder, not a burst.
 */
export function reminderStepAt(
  placedAt: Date,
  now: Date,
  done: number,
  delaysMs: number[] = getEnv().paymentReminderDelaysMs,
): { due: boolean; step: number; nextAt: Date | null } {
  const elapsed = now.getTime() - placedAt.getTime();
  const passed = delaysMs.filter((delay) => delay <= elapsed).length;
  const step = Math.max(passed, done);
  return { due: passed > done, step, nextAt: step < delaysMs.length ? new Date(placedAt.getTime() + delaysMs[step]) : null };
}
