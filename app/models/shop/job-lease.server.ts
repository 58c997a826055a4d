import crypto from "node:crypto";
import os from "node:os";
import { prisma } from "~/db.server";
import { logFailure } from "~/utils/logger.server";

/** This process, among every worker of every server sharing the database. */
export const THIS_PROCESS = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/**
 * Takes the lease of a timed job for `holdMs`, in one statement valid on both engines: the row is created, or taken
 * over when its holder's time has passed (a server that died mid-pass), or renewed by its own holder. Two servers
 * asking at the same moment cannot both get it: the primary key and the conditional update decide.
 */
export async function takeJobLease(name: string, holdMs: number, holder = THIS_PROCESS, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + holdMs);
  const taken = await prisma.$executeRaw`
    INSERT INTO "JobLease" ("name", "holder", "until", "updatedAt") VALUES (${name}, ${holder}, ${until}, ${now})
    ON CONFLICT ("name") DO UPDATE SET "holder" = ${holder}, "until" = ${until}, "updatedAt" = ${now}
    WHERE "JobLease"."until" < ${now} OR "JobLease"."holder" = ${holder}`;
  return taken === 1;
}

/** Gives the lease up, if this holder still has it, so the next pass may run on any server at once. */
export async function releaseJobLease(name: string, holder = THIS_PROCESS): Promise<void> {
  await prisma.jobLease.updateMany({ where: { name, holder }, data: { until: new Date(0) } });
}

/**
 * Waits for a turn at a service that takes calls only so fast from all the processes sharing the database together
 * (kwtSMS blocks an IP that goes past 5 requests a second). The JobLease row `name` holds when the last turn handed
 * out ends; turns are `spacingMs` long. A caller asks for the turn that starts then, or now when that has passed, in
 * one statement valid on both engines, as takeJobLease does: it succeeds only while nobody holds a later turn, so of
 * two callers asking at once one gets it and the other asks for the one after. A turn is used within `lateMs` of its
 * start or not at all (a slow statement or a busy process would otherwise bunch its call with later turns' calls), so
 * any window of `lateMs` holds the calls of at most the turns starting within `2 × lateMs` of it. Answers true when the turn has come, having awaited a timer (the process
 * goes on meanwhile), or false once no turn can start within `maxWaitMs` of asking, at once when the turns already
 * handed out reach past that: the caller leaves its call for a later pass. `holder` only says who took the last turn.
 */
export async function waitForTurn(name: string, { spacingMs, lateMs, maxWaitMs }: { spacingMs: number; lateMs: number; maxWaitMs: number }, holder = THIS_PROCESS): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  let start = Date.now();
  // `start` only moves forward (each refusal means someone holds a later turn), so the deadline ends the loop.
  for (;;) {
    const now = Date.now();
    start = Math.max(start, now);
    if (start > deadline) return false;
    const [from, until, at] = [new Date(start), new Date(start + spacingMs), new Date(now)];
    const taken = await prisma.$executeRaw`
      INSERT INTO "JobLease" ("name", "holder", "until", "updatedAt") VALUES (${name}, ${holder}, ${until}, ${at})
      ON CONFLICT ("name") DO UPDATE SET "holder" = ${holder}, "until" = ${until}, "updatedAt" = ${at}
      WHERE "JobLease"."until" <= ${from}`;
    if (taken === 1) {
      const wait = start - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (Date.now() - start <= lateMs) return true;
      start += spacingMs;
      continue;
    }
    const last = await prisma.jobLease.findUnique({ where: { name }, select: { until: true } });
    start = last ? last.until.getTime() : Date.now();
  }
}

/**
 * Runs one pass of a timed job if no other process is running one (docs/decisions/0020-jobs-run-once.md). The lease
 * is given up when the pass ends, however it ends. A pass that outlives `holdMs` may meet a second one: every piece of
 * work in a pass is a conditional write of its own (a hold is released once, a payment settled once), so that costs
 * time, never a double release.
 */
export async function runExclusively<T>(name: string, holdMs: number, work: () => Promise<T>, holder = THIS_PROCESS): Promise<{ ran: boolean; result?: T }> {
  if (!(await takeJobLease(name, holdMs, holder))) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    await releaseJobLease(name, holder);
  }
}

/**
 * Runs `pass` every `intervalMs` (first after `firstDelayMs`), one at a time in this process and, through the lease,
 * across all processes. The returned stop function ends the timer and waits for a pass under way, so a graceful
 * shutdown never cuts one short.
 */
export function startTimedJob(name: string, { intervalMs, firstDelayMs = intervalMs, holdMs }: { intervalMs: number; firstDelayMs?: number; holdMs: number }, pass: () => Promise<unknown>) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = runExclusively(name, holdMs, pass)
      .then(() => undefined)
      .catch((error: unknown) => {
        logFailure(`${name} failed`, error);
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, firstDelayMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
