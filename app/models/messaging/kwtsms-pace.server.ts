import { waitForTurn } from "~/models/shop/index.server";

/**
 * kwtSMS's pace (https://www.kwtsms.com/api-documentation.html, "Must-know information"): "Max 5 requests per second
 * per IP. Exceed and your IP is blocked automatically. Recommended: 2 per second with a small delay." The workers and
 * servers of the shop share one IP and one database, so every call to kwtSMS (a send, a status question) first takes
 * a turn handed out through the database: one every 550 ms, the 500 ms of 2 a second and a small delay, used within
 * 50 ms of its start, so that calls go at least 500 ms apart. A call with no turn within 10 s is not made (more
 * callers are waiting than kwtSMS's pace serves): the outbox leaves its message for a later pass, and the status
 * pass stops until its next one.
 */
export const KWTSMS_PACE = { spacingMs: 550, lateMs: 50, maxWaitMs: 10_000 };

/** Waits for this process's next turn at kwtSMS; false, at once, when none is free within KWTSMS_PACE.maxWaitMs. */
export function kwtSmsTurn(): Promise<boolean> {
  return waitForTurn("kwtsms", KWTSMS_PACE);
}
