import { waitForTurn } from "~/models/shop/index.server";

/**
 * kwtSMS's pace (https://www.kwtsms.com/api-documentation.html, "Must-know information"): "Max 5 requests per second
 * per IP. Exceed and your IP is blocked automatically. Recommended: 2 per second with a small delay." The workers and
 * servers of the shop share one IP and one database, so every call to kwtSMS (a send, a status question) first takes
 * a turn handed out through the database: one every 550 ms, the recommended 2 a second and a small delay. A turn is
 * used within a second of its start: a busy process whose timer fires late still calls, and any one second then holds
 * the calls of at most four turns (those starting in the two seconds around it), below the 5 that block the IP; a
 * tighter window would leave messages unsent whenever the process is busy. A call with no turn within 10 s is not
 * made (more callers are waiting than kwtSMS's pace serves): the outbox leaves its message for a later pass, and the
 * status pass stops until its next one.
 */
export const KWTSMS_PACE = { spacingMs: 550, lateMs: 1000, maxWaitMs: 10_000 };

/** Waits for this process's next turn at kwtSMS; false, at once, when none is free within KWTSMS_PACE.maxWaitMs. */
export function kwtSmsTurn(): Promise<boolean> {
  return waitForTurn("kwtsms", KWTSMS_PACE);
}
