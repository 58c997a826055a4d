import crypto from "node:crypto";
import type { PrismaClient } from "../../app/generated/prisma/client";

/**
 * Values no other test uses: the unit test files share one database and run in parallel, and the browser tests
 * share one server, so no test may count on a name, e-mail, phone or order number being free.
 */

/** Slugs, ids and client addresses: `prefix-1a2b3c4d5e6f`. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(6).toString("hex")}`;
}

/** Names a page shows and a search finds: `prefix 1a2b3c4d`. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${crypto.randomBytes(4).toString("hex")}`;
}

/**
 * A client address of its own (10.x.y.z), for a shopper sent through a shop that trusts one proxy (X-Forwarded-For):
 * the per-client limits and hold caps then count each test's shopper apart, as they count real shoppers.
 */
export function uniqueAddress(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export function uniqueEmail(label = "shopper"): string {
  return `${label}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com`;
}

/** Eight digits starting with 5, as Kuwaiti mobile numbers do. */
export function uniquePhone(): string {
  return `5${crypto.randomInt(1000000, 9999999)}`;
}

export function uniqueOrderNumber(): string {
  return `ORD-${Date.now()}${crypto.randomInt(100000, 999999)}`;
}

type Reserving = Pick<PrismaClient, "jobLease">;

/** Takes `name` in the database for good: true when no test took it before (a job lease no job names; its name is its key). */
async function reserve(db: Reserving, name: string): Promise<boolean> {
  try {
    await db.jobLease.create({ data: { name, holder: "tests/factories/unique.ts", until: new Date(0) } });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
}

/** The first of `count` candidates, tried from a random one on, that no other test has reserved in this database. */
async function reserveOneOf<T>(db: Reserving, count: number, candidate: (index: number) => T, name: (value: T) => string): Promise<T> {
  const start = crypto.randomInt(0, count);
  for (let offset = 0; offset < count; offset++) {
    const value = candidate((start + offset) % count);
    if (await reserve(db, name(value))) return value;
  }
  throw new Error(`all ${count} candidates (${name(candidate(0))}...) are taken in this database`);
}

/**
 * A year no other test in this database uses, for a test that reads whole days or months (the sales report, the
 * dashboard): far from today's orders, and reserved in the database itself, so two test files running at once on
 * one database never draw the same one.
 */
export function uniqueYear(db: Reserving): Promise<number> {
  return reserveOneOf(db, 800, (index) => 2100 + index, (year) => `test-year-${year}`);
}

/** A past day (2001 to 2020, 09:00 UTC) no other test in this database uses, reserved like uniqueYear's years. */
export function uniquePastDay(db: Reserving): Promise<Date> {
  const first = Date.UTC(2001, 0, 1, 9);
  const days = Math.round((Date.UTC(2021, 0, 1, 9) - first) / 86_400_000);
  return reserveOneOf(db, days, (index) => new Date(first + index * 86_400_000), (day) => `test-day-${day.toISOString().slice(0, 10)}`);
}
