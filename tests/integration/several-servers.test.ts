/**
 * Two real shop servers (A and B, production build) on the run's one PostgreSQL database, as behind a load balancer
 * (docs/several-servers.md): each request may land on either, and shoppers must not notice. Runs in the postgresql
 * project only (vitest.config.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct, createProductWithOptions } from "../factories/product";
import { uniqueAddress, uniqueId, uniqueName } from "../factories/unique";
import { adminCookie } from "../support/admin-requests";
import { useTestServer } from "../support/test-server";

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shared-uploads-"));
const env = { WEB_CONCURRENCY: "1", TRUST_PROXY: "1", UPLOADS_DIR: uploadsDir, METRICS_TOKEN: "several-servers-metrics" };

function orderPayload(city: string, productId: string, quantity = 1, variantId?: string) {
  return {
    fullName: "Sara Ahmad",
    email: `${uniqueId("shopper")}@example.com`,
    phone: "51234567",
    buildingType: "Office",
    address: { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9", floor: "", apartmentNumber: "", notes: "" },
    items: [{ _id: productId, ...(variantId ? { variantId } : {}), quantity, customTags: [] }],
    isGuest: true,
  };
}

/** A shopper from an address of its own (the per-client caps count addresses), through the proxy. */
async function placeOrder(base: string, city: string, productId: string, quantity = 1, variantId?: string) {
  const response = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
    body: JSON.stringify(orderPayload(city, productId, quantity, variantId)),
  });
  return { status: response.status, body: (await response.json()) as { orderSessionId?: string; orderId?: string; orderNumber?: string; message?: string } };
}

/** The shopper's card is approved on the test provider's page: the gateway's side, kept in the database. */
async function approveCard(orderSessionId: string) {
  const payment = await prisma.payment.findUniqueOrThrow({ where: { id: orderSessionId } });
  await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
}

async function pay(base: string, orderSessionId: string) {
  const response = await fetch(`${base}/api/orders/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.9.9.9" },
    body: JSON.stringify({ orderSessionId }),
  });
  return { status: response.status, body: (await response.json()) as { orderNumber?: string } };
}

async function paymentStatus(base: string, orderId: string) {
  return ((await (await fetch(`${base}/api/payment/status?orderId=${encodeURIComponent(orderId)}`)).json()) as { status: string }).status;
}

describe("two shop servers on one PostgreSQL database", { timeout: 120_000 }, () => {
  const a = useTestServer(5300, 100, env);
  const b = useTestServer(5500, 100, env);
  afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

  it("pay through B an order placed on A, and both then say it is paid", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const placed = await placeOrder(a.base, city, product.id, 2);
    expect(placed.status).toBe(201);
    await approveCard(placed.body.orderSessionId!);
    const paid = await pay(b.base, placed.body.orderSessionId!);
    expect(paid).toEqual({ status: 200, body: expect.objectContaining({ orderNumber: placed.body.orderNumber }) });
    expect(await paymentStatus(a.base, placed.body.orderId!)).toBe("paid");
    expect(await paymentStatus(b.base, placed.body.orderId!)).toBe("paid");
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 3, heldQuantity: 0 });
  });

  it("sell exactly the stock when 100 buyers spread over A and B race for 10 units", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 10 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => placeOrder(i % 2 ? a.base : b.base, city, product.id)));
    const placed = results.filter((result) => result.status === 201);
    expect(placed).toHaveLength(10);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("Not enough stock");
    }
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0, heldQuantity: 10 });
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(10);
  });

  it("sell exactly a variant's stock when 100 buyers spread over A and B race for its 10 units, and leave the other variant alone", async () => {
    const city = await createDeliveryArea(prisma);
    const colour = { nameEn: "Colour", nameAr: "اللون", values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
    const { product, variants } = await createProductWithOptions(prisma, [colour], [
      { optionValues: [colour.values[0]], stockQuantity: 10 },
      { optionValues: [colour.values[1]], stockQuantity: 7 },
    ]);
    const [red, blue] = variants;
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => placeOrder(i % 2 ? a.base : b.base, city, product.id, 1, red.id)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(10);
    expect(results.filter((result) => result.status !== 201).every((result) => result.status === 409 && result.body.message?.includes("Not enough stock"))).toBe(true);
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: red.id } })).toMatchObject({ stockQuantity: 0, heldQuantity: 10 });
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: blue.id } })).toMatchObject({ stockQuantity: 7, heldQuantity: 0 });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 7, heldQuantity: 10 });
    expect(await prisma.orderItem.count({ where: { variantId: red.id } })).toBe(10);
  });

  it("never serve from B's cache a product hidden or repriced through A", async () => {
    const product = await createProduct(prisma, { nameEn: uniqueName("Shared Cache Bow"), priceFils: 2000 });
    const home = () => fetch(`${b.base}/`, { headers: { Cookie: "lang=en" } }).then((response) => response.text());
    const page = () => fetch(`${b.base}/product/${product.id}`, { headers: { Cookie: "lang=en" } }).then(async (response) => ({ status: response.status, html: await response.text() }));
    // Twice each, so B's second answer comes from its shared-page cache.
    for (let i = 0; i < 2; i++) {
      expect(await home()).toContain(product.nameEn);
      expect((await page()).html).toContain("2.000");
    }
    const { cookie } = await adminCookie();
    const priced = await fetch(`${a.base}/api/admin/products/${product.id}`, {
      method: "PUT",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ price: 2.5 }),
    });
    expect(priced.status).toBe(200);
    expect((await page()).html).toContain("2.500");
    const hidden = await fetch(`${a.base}/api/admin/products/${product.id}/toggle`, { method: "PUT", headers: { Cookie: cookie } });
    expect(await hidden.json()).toEqual({ isVisible: false });
    expect(await home()).not.toContain(product.nameEn);
    expect((await page()).status).toBe(404);
  });

  it("keep B's pages through failed logins on A, and answer from B afresh once an order on A takes stock", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 4 });
    const answer = async () => ((await (await fetch(`${b.base}/api/products/${product.id}`)).json()) as { product: { stockQuantity: number } }).product.stockQuantity;
    const metrics = async () => (await (await fetch(`${b.base}/metrics`, { headers: { Authorization: `Bearer ${env.METRICS_TOKEN}` } })).text()).split("\n");
    const hits = async () => Number((await metrics()).find((line) => line.startsWith('shop_page_cache_lookups_total{result="hit"'))?.split(" ").at(-1) ?? 0);
    expect(await answer()).toBe(4);
    const before = await hits();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(`${a.base}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
        body: JSON.stringify({ email: `${uniqueId("stranger")}@example.com`, password: "not-the-password" }),
      });
      expect(response.status).toBe(401);
    }
    expect(await answer()).toBe(4);
    expect(await hits()).toBe(before + 1);
    expect((await placeOrder(a.base, city, product.id, 1)).status).toBe(201);
    expect(await answer()).toBe(3);
  });

  it("keep B's home and other products' pages while orders on A take stock, and answer B afresh where they show it", async () => {
    const city = await createDeliveryArea(prisma);
    const [kept, sold] = [await createProduct(prisma, { stockQuantity: 5 }), await createProduct(prisma, { stockQuantity: 2 })];
    const metrics = async () => (await (await fetch(`${b.base}/metrics`, { headers: { Authorization: `Bearer ${env.METRICS_TOKEN}` } })).text()).split("\n");
    const hits = async () => Number((await metrics()).find((line) => line.startsWith('shop_page_cache_lookups_total{result="hit"'))?.split(" ").at(-1) ?? 0);
    const get = (path: string) => fetch(`${b.base}${path}`, { headers: { Cookie: "lang=en" } }).then((response) => response.text());
    const hitFor = async (path: string) => {
      const before = await hits();
      const text = await get(path);
      return { hit: (await hits()) === before + 1, text };
    };
    for (const path of ["/", `/product/${kept.id}`, `/api/products/${sold.id}`]) await get(path);
    expect((await placeOrder(a.base, city, sold.id, 1)).status).toBe(201);
    expect((await hitFor("/")).hit).toBe(true);
    expect((await hitFor(`/product/${kept.id}`)).hit).toBe(true);
    const own = await hitFor(`/api/products/${sold.id}`);
    expect([own.hit, JSON.parse(own.text).product.stockQuantity]).toEqual([false, 1]);
    // The last unit: the listings show it sold out.
    expect((await placeOrder(a.base, city, sold.id, 1)).status).toBe(201);
    expect((await hitFor("/")).hit).toBe(false);
  });

  it("serve from B an image uploaded through A, from the UPLOADS_DIR both mount", async () => {
    const { cookie } = await adminCookie();
    const form = new FormData();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#e91e63" } }).png().toBuffer();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "bow.png");
    const uploaded = await fetch(`${a.base}/api/upload`, { method: "POST", headers: { Cookie: cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    expect(fs.existsSync(path.join(uploadsDir, imageUrl.replace("/uploads/", "")))).toBe(true);
    const served = await fetch(`${b.base}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  // Last: A does not come back.
  it("lose no paid order when A is killed (kill -9) in the middle of checkouts and payments", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 200 });
    const paidBefore: string[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await placeOrder(a.base, city, product.id);
      await approveCard(placed.body.orderSessionId!);
      expect((await pay(a.base, placed.body.orderSessionId!)).status).toBe(200);
      paidBefore.push(placed.body.orderId!);
    }
    const confirmedPaid: string[] = [];
    const burst = Array.from({ length: 60 }, async () => {
      try {
        const placed = await placeOrder(a.base, city, product.id);
        if (placed.status !== 201) return;
        await approveCard(placed.body.orderSessionId!);
        if ((await pay(a.base, placed.body.orderSessionId!)).status === 200) confirmedPaid.push(placed.body.orderId!);
      } catch {
        // the connection died with A
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    a.process.child.kill("SIGKILL");
    await Promise.all(burst);

    for (const orderId of [...paidBefore, ...confirmedPaid]) expect(await paymentStatus(b.base, orderId)).toBe("paid");
    // Every order that exists is whole: its item is there; the units add up: for sale + held + sold = the 200.
    const orders = await prisma.order.findMany({ where: { items: { some: { productId: product.id } } }, select: { paymentStatus: true, _count: { select: { items: true } } } });
    for (const order of orders) expect(order._count.items).toBe(1);
    const sold = orders.filter((order) => order.paymentStatus === "paid").length;
    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const held = orders.filter((order) => order.paymentStatus === "unpaid").length;
    expect({ stock: row.stockQuantity, held: row.heldQuantity }).toEqual({ stock: 200 - sold - held, held });
    expect(sold).toBeGreaterThanOrEqual(paidBefore.length + confirmedPaid.length);
  });
});
