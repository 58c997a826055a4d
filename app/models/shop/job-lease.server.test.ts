import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { databaseEngine, prisma } from "~/db.server";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueId } from "../../../tests/factories/unique";
import { releaseJobLease, runExclusively, startTimedJob, takeJobLease } from "./job-lease.server";
import { releaseReservation, RESERVATION_MINUTES } from "~/models/orders/index.server";
import { placeOrderAndStartPayment } from "~/models/payments/index.server";

const SERVER_A = "server-a:1";
const SERVER_B = "server-b:1";

describe(`a timed job's lease on ${databaseEngine}`, () => {
  it("goes to exactly one of two servers asking at the same moment, and to the other once given up", async () => {
    const job = uniqueId("job");
    const asks = await Promise.all(Array.from({ length: 10 }, (_, i) => takeJobLease(job, 60_000, i % 2 ? SERVER_A : SERVER_B)));
    // The winner may renew its own lease; the other server gets nothing.
    const winners = new Set(asks.flatMap((taken, i) => (taken ? [i % 2 ? SERVER_A : SERVER_B] : [])));
    expect(winners.size).toBe(1);
    const holder = (await prisma.jobLease.findUniqueOrThrow({ where: { name: job } })).holder;
    const other = holder === SERVER_A ? SERVER_B : SERVER_A;
    expect(await takeJobLease(job, 60_000, other)).toBe(false);
    await releaseJobLease(job, other);
    expect(await takeJobLease(job, 60_000, other)).toBe(false);
    await releaseJobLease(job, holder);
    expect(await takeJobLease(job, 60_000, other)).toBe(true);
  });

  it("is taken over once the time of a server that died holding it has passed", async () => {
    const job = uniqueId("job");
    const longAgo = new Date(Date.now() - 10 * 60_000);
    expect(await takeJobLease(job, 60_000, SERVER_A, longAgo)).toBe(true);
    expect(await takeJobLease(job, 60_000, SERVER_B)).toBe(true);
    expect((await prisma.jobLease.findUniqueOrThrow({ where: { name: job } })).holder).toBe(SERVER_B);
  });

  it("runs one pass at a time across servers, and a pass that fails gives the lease up", async () => {
    const job = uniqueId("job");
    let passes = 0;
    let release = () => {};
    const slow = () =>
      new Promise<void>((resolve) => {
        passes++;
        release = resolve;
      });
    const first = runExclusively(job, 60_000, slow, SERVER_A);
    await expect.poll(() => passes).toBe(1);
    expect(await runExclusively(job, 60_000, async () => passes++, SERVER_B)).toEqual({ ran: false });
    release();
    expect((await first).ran).toBe(true);
    await expect(runExclusively(job, 60_000, () => Promise.reject(new Error("gateway down")), SERVER_B)).rejects.toThrow("gateway down");
    expect(await runExclusively(job, 60_000, async () => "ran", SERVER_A)).toEqual({ ran: true, result: "ran" });
  });

  it("lets a pass under way finish when its server stops", async () => {
    const job = uniqueId("job");
    let finished = false;
    const stop = startTimedJob(job, { intervalMs: 60_000, firstDelayMs: 1, holdMs: 60_000 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await expect.poll(async () => (await prisma.jobLease.findUnique({ where: { name: job } }))?.until.getTime() ?? 0).toBeGreaterThan(Date.now());
    await stop();
    expect(finished).toBe(true);
    expect((await prisma.jobLease.findUniqueOrThrow({ where: { name: job } })).until.getTime()).toBe(0);
  });
});

describe(`hold expiry on several servers at once on ${databaseEngine}`, () => {
  it("releases each hold exactly once, even when three processes release them together", { timeout: 60_000 }, async () => {
    const city = await createDeliveryArea(prisma);
    const products = await Promise.all(Array.from({ length: 4 }, () => createProduct(prisma, { stockQuantity: 30 })));
    const placedAt = new Date(Date.now() - (RESERVATION_MINUTES + 1) * 60_000);
    const orders: string[] = [];
    for (let i = 0; i < 12; i++) {
      const product = products[i % products.length];
      const placed = await placeOrderAndStartPayment(
        { details: checkoutDetails(city), lines: [{ productId: product.id, quantity: 2, customTags: [] }], customerId: null, language: "en" },
        placedAt,
      );
      orders.push(placed.order.id);
    }
    for (const product of products) expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 24, heldQuantity: 6 });

    // The lease keeps two passes apart; this is the worst case beneath it: two other processes (two servers) and
    // this one releasing the same holds at the same moment, lease or not. Each hold is released by exactly one.
    const script = `import("./app/models/orders/stock-hold.server.ts").then(async (m) => {
      const released = await Promise.all(${JSON.stringify(orders)}.map((id) => m.releaseReservation(id)));
      process.stdout.write(String(released.filter(Boolean).length)); process.exit(0); })`;
    const otherServer = () =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "-e", script], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += String(chunk)));
        child.on("exit", (code) => (code === 0 ? resolve(Number(output)) : reject(new Error(`exit ${code}`))));
      });
    const here = async () => (await Promise.all(orders.map((id) => releaseReservation(id)))).filter(Boolean).length;
    const released = await Promise.all([otherServer(), otherServer(), here()]);
    expect(released.reduce((sum, count) => sum + count, 0)).toBe(12);

    const statuses = await prisma.order.findMany({ where: { id: { in: orders } }, select: { paymentStatus: true } });
    expect(statuses.map((order) => order.paymentStatus)).toEqual(Array(12).fill("failed"));
    for (const product of products) expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 30, heldQuantity: 0 });
  });
});
