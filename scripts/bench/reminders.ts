/**
 * Payment reminders (issue 45): one pass of the reminder job over 100,000 orders, 10,000 of them unpaid, with a few
 * due. Runs in a process of its own (lib/reminders-run.ts), on the bench's database (SQLite or PostgreSQL).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import type { BenchContext, BenchRow } from "../bench";
import { median } from "./lib/median";

export async function bench({ databaseUrl }: BenchContext): Promise<BenchRow[]> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/bench/lib/reminders-run.ts"], {
    // The reminder's link is signed like a cookie, and a PostgreSQL shop refuses to sign without SESSION_SECRET.
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: "bench-session-secret-0123456789" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const line = output.trim().split("\n").reverse().find((candidate) => candidate.startsWith("{\"durations\""));
  if (code !== 0 || !line) throw new Error(`the reminders bench failed (exit ${code}): ${output.slice(-2000)}`);
  const figures = JSON.parse(line) as { durations: number[]; left: number };
  const ms = Math.round(median(figures.durations) * 10) / 10;
  return [
    {
      name: "payment reminder job, one pass over 100,000 orders (10,000 unpaid, 5 due)",
      value: ms,
      unit: "ms",
      target: "< 100, every due order moved on",
      ok: ms < 100 && figures.left === 0,
    },
  ];
}
