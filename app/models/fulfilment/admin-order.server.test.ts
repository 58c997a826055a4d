import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { databaseEngine, prisma } from "~/db.server";
import { createAdmin } from "../../../tests/factories/admin";
import { createOrder } from "../../../tests/factories/order";
import { uniqueName, uniquePhone } from "../../../tests/factories/unique";
import { getAdminOrder, getGroupedOrders, getOrdersByPhone, listAdminOrders, orderNumberFromSearch, setOrderStatus } from "./admin-order.server";

describe("the orders list", () => {
  it("lists only paid orders in the fulfilment tabs and keeps unpaid and failed apart", async () => {
    const fullName = uniqueName("Shopper");
    const paid = await createOrder(prisma, { fullName, status: "pending" });
    const unpaid = await createOrder(prisma, { fullName, status: "pending", paymentStatus: "unpaid" });
    const failed = await createOrder(prisma, { fullName, status: "pending", paymentStatus: "failed" });
    const processing = await createOrder(prisma, { fullName, status: "processing" });

    const pending = await listAdminOrders({ search: fullName });
    expect(pending.orders.map((order) => order.id)).toEqual([paid.id]);
    const unpaidTab = await listAdminOrders({ tab: "unpaid", search: fullName });
    expect(unpaidTab.orders.map((order) => order.id).sort()).toEqual([unpaid.id, failed.id].sort());
    const processingTab = await listAdminOrders({ tab: "processing", search: fullName });
    expect(processingTab.orders.map((order) => order.id)).toEqual([processing.id]);
  });

  it("finds an order by its number with or without ORD-, by phone, and by name", async () => {
    const phone = uniquePhone();
    const order = await createOrder(prisma, { phone });
    const digits = order.orderNumber.slice(4);
    expect(orderNumberFromSearch(`ord ${digits}`)).toBe(order.orderNumber);
    for (const search of [order.orderNumber, order.orderNumber.toLowerCase(), digits, `ORD- ${digits}`, phone, `+965 ${phone}`]) {
      const result = await listAdminOrders({ search });
      expect(result.orders.map((row) => row.id), search).toContain(order.id);
    }
  });

  it("finds a name in any letter case, and an Arabic name by part of it, on either engine", async () => {
    const latin = await createOrder(prisma, { fullName: uniqueName("Fatima Al-Sabah") });
    const arabic = await createOrder(prisma, { fullName: `فاطمة ${uniqueName("العنزي")}` });
    for (const search of [latin.fullName.toLowerCase(), latin.fullName.toUpperCase(), "fatima al-sabah"]) {
      expect((await listAdminOrders({ search, pageSize: 500 })).orders.map((row) => row.id), search).toContain(latin.id);
    }
    const part = arabic.fullName.split(" ")[1];
    expect((await listAdminOrders({ search: part })).orders.map((row) => row.id)).toEqual([arabic.id]);
    expect((await listAdminOrders({ search: "fatima al-sabahx" })).orders).toEqual([]);
  });

  // Prisma's SQLite LIKE has no ESCAPE clause: there a name with % or _ is looked up in raw SQL (`idsContaining`).
  it("reads %, _ and a backslash in a name search as themselves, not as wildcards, on either engine", async () => {
    const plain = await createOrder(prisma, { fullName: uniqueName("Plain") });
    const percent = await createOrder(prisma, { fullName: `${uniqueName("Rate")} 50%` });
    const underscore = await createOrder(prisma, { fullName: `${uniqueName("Snake")} a_b` });
    const backslash = await createOrder(prisma, { fullName: `${uniqueName("Slash")} c\\d` });
    const found = async (search: string) => (await listAdminOrders({ search, pageSize: 100 })).orders.map((row) => row.id);
    for (const search of ["%", "_", "\\"]) expect(await found(search), search).not.toContain(plain.id);
    expect(await found("50%")).toContain(percent.id);
    expect(await found("%")).toContain(percent.id);
    expect(await found("%")).not.toContain(underscore.id);
    expect(await found("A_B")).toContain(underscore.id);
    expect(await found("_")).not.toContain(percent.id);
    expect(await found("c\\d")).toEqual([backslash.id]);
  });

  it("applies the date range to the delivered tab only, in Kuwait days", async () => {
    const fullName = uniqueName("Shopper");
    // 21:30 UTC on 1 March is already 2 March in Kuwait.
    const late = await createOrder(prisma, { fullName, status: "delivered", createdAt: new Date("2026-03-01T21:30:00Z") });
    const early = await createOrder(prisma, { fullName, status: "delivered", createdAt: new Date("2026-03-01T10:00:00Z") });
    const march2 = await listAdminOrders({ tab: "delivered", search: fullName, dateFrom: "2026-03-02", dateTo: "2026-03-02" });
    expect(march2.orders.map((order) => order.id)).toEqual([late.id]);
    const march1 = await listAdminOrders({ tab: "delivered", search: fullName, dateFrom: "2026-03-01", dateTo: "2026-03-01" });
    expect(march1.orders.map((order) => order.id)).toEqual([early.id]);

    const pendingName = uniqueName("Shopper");
    await createOrder(prisma, { fullName: pendingName, createdAt: new Date("2026-03-01T10:00:00Z") });
    const ignored = await listAdminOrders({ tab: "pending", search: pendingName, dateFrom: "2030-01-01", dateTo: "2030-01-02" });
    expect(ignored.total).toBe(1);
  });

  it("pages through the results", async () => {
    const fullName = uniqueName("Shopper");
    for (let i = 0; i < 5; i++) await createOrder(prisma, { fullName, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    const second = await listAdminOrders({ search: fullName, page: 2, pageSize: 2 });
    expect(second.total).toBe(5);
    expect(second.pageCount).toBe(3);
    expect(second.orders).toHaveLength(2);
    expect(second.orders[0].createdAt.toISOString()).toBe("2026-01-03T00:00:00.000Z");
  });
});

describe("setOrderStatus", () => {
  it("moves any status to any other and records who changed it, from and to", async () => {
    const admin = await createAdmin(prisma);
    const order = await createOrder(prisma, { status: "delivered" });
    const updated = await setOrderStatus({ idOrNumber: order.orderNumber, status: "pending", admin });
    expect(updated?.status).toBe("pending");
    await setOrderStatus({ idOrNumber: order.id, status: "cancelled", admin });
    const detail = await getAdminOrder(order.id);
    expect(detail?.status).toBe("cancelled");
    expect(detail?.statusChanges.map((change) => [change.fromStatus, change.toStatus, change.changedBy, change.adminId])).toEqual([
      ["delivered", "pending", admin.email, admin.id],
      ["pending", "cancelled", admin.email, admin.id],
    ]);
  });

  it("succeeds while another connection (a second server worker) keeps committing", async () => {
    const admin = await createAdmin(prisma);
    const order = await createOrder(prisma, { status: "pending" });
    // Another process commits to the same order every millisecond, as the other server worker can: on SQLite a
    // transaction that read first and wrote second would then fail with SQLITE_BUSY_SNAPSHOT; on PostgreSQL the
    // two wait for each other's row lock.
    const sqliteWriter = `const db = new (require("better-sqlite3"))(process.argv[1].replace(/^file:/, "")); db.pragma("busy_timeout = 5000");
         const touch = db.prepare('UPDATE "Order" SET "notes" = ? WHERE "id" = ?');
         const pause = new Int32Array(new SharedArrayBuffer(4));
         for (let i = 0; ; i++) { touch.run(String(i), process.argv[2]); if (i === 50) console.log("writing"); Atomics.wait(pause, 0, 0, 1); }`;
    const postgresqlWriter = `const client = new (require("pg").Client)({ connectionString: process.argv[1] });
         (async () => { await client.connect();
           for (let i = 0; ; i++) { await client.query('UPDATE "Order" SET "notes" = $1 WHERE "id" = $2', [String(i), process.argv[2]]);
             if (i === 50) console.log("writing"); await new Promise((resolve) => setTimeout(resolve, 1)); } })();`;
    const writer = spawn(process.execPath, ["-e", databaseEngine === "sqlite" ? sqliteWriter : postgresqlWriter, String(process.env.DATABASE_URL), order.id], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise((resolve) => writer.stdout.once("data", resolve));
    try {
      const statuses = ["processing", "outForDelivery", "delivered", "pending"] as const;
      for (let round = 0; round < 10; round++) {
        const status = statuses[round % statuses.length];
        expect((await setOrderStatus({ idOrNumber: order.id, status, admin }))?.status).toBe(status);
      }
    } finally {
      writer.kill("SIGKILL");
    }
    expect((await getAdminOrder(order.id))?.statusChanges).toHaveLength(10);
  });

  it("answers null for an unknown order", async () => {
    const admin = { id: "nobody", email: "nobody@example.com" };
    expect(await setOrderStatus({ idOrNumber: "ORD-0000", status: "pending", admin })).toBeNull();
  });
});

describe("grouped orders and orders by phone", () => {
  it("groups paid orders by phone with the latest name, count, exact total and last date", async () => {
    const phone = uniquePhone();
    await createOrder(prisma, { phone, fullName: "Old Name", subtotalFils: 1001, deliveryFeeFils: 1500, createdAt: new Date("2026-02-01T08:00:00Z") });
    await createOrder(prisma, { phone, fullName: "New Name", subtotalFils: 2002, deliveryFeeFils: 1800, createdAt: new Date("2026-02-03T08:00:00Z") });
    await createOrder(prisma, { phone, paymentStatus: "unpaid", subtotalFils: 99999 });
    const { groups } = await getGroupedOrders({ pageSize: 500 });
    const group = groups.find((row) => row.phone === phone);
    expect(group).toEqual({ fullName: "New Name", phone, totalOrders: 2, totalFils: 6303, lastOrderDate: new Date("2026-02-03T08:00:00Z") });
    expect(await getOrdersByPhone(`+965 ${phone}`)).toHaveLength(3);
  });
});
