/**
 * The outbox (issue 30): messages per second through the e-mail channel to a loopback SMTP server, and that a burst of
 * 1,000 status changes is drained (every mail arrived, none twice) within a minute. Runs in a process of its own
 * (lib/outbox-run.ts), which sends to its own SMTP server.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import type { BenchContext, BenchRow } from "../bench";
import { median } from "./lib/median";

type Figures = { rates: number[]; burst: { ms: number; sent: number; duplicates: boolean } };

export async function bench({ databaseUrl }: BenchContext): Promise<BenchRow[]> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/bench/lib/outbox-run.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const line = output.trim().split("\n").reverse().find((candidate) => candidate.startsWith("{\"rates\""));
  if (code !== 0 || !line) throw new Error(`the outbox bench failed (exit ${code}): ${output.slice(-2000)}`);
  const figures = JSON.parse(line) as Figures;
  const rate = Math.round(median(figures.rates));
  const seconds = Math.round(figures.burst.ms / 100) / 10;
  const drained = figures.burst.sent === 1000 && !figures.burst.duplicates;
  return [
    { name: "outbox e-mails sent per second (one sender, loopback SMTP)", value: rate, unit: "messages/s", target: ">= 17 (1,000 a minute)", ok: rate >= 17 },
    { name: "outbox burst of 1,000 status changes drained", value: seconds, unit: "s", target: "<= 60, each mail once", ok: drained && seconds <= 60 },
  ];
}
