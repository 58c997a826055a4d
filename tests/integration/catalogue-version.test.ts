import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { takeJobLease, saveShopSettings, getShopSettings } from "~/models/shop/index.server";
import { issueCode } from "~/models/accounts/index.server";
import { testProvider } from "~/payments/test-provider.server";
import { createCategory } from "../factories/category";
import { createCustomer } from "../factories/customer";
import { createDeliveryArea } from "../factories/delivery-area";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createSession } from "../factories/session";
import { uniqueAddress, uniqueEmail, uniqueId, uniqueName } from "../factories/unique";
import { useTestServer } from "../support/test-server";
import { kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";

// The page cache follows the catalogue's version (docs/decisions/0055-catalogue-version.md): a write no page shows
// leaves a kept page kept, a write to what a page shows makes the next answer fresh. Hits are counted by /metrics.

const env = { WEB_CONCURRENCY: "1", TRUST_PROXY: "1", METRICS_TOKEN: "catalogue-version-metrics" };

describe("the catalogue's version", { timeout: 120_000 }, () => {
  const { base } = useTestServer(3620, 40, env);
  let productId: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    productId = (await createProduct(prisma, { categoryId: category.id, nameEn: uniqueName("Kept Bow"), priceFils: 1250, stockQuantity: 50 })).id;
  });

  async function hits(): Promise<number> {
    const metrics = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${env.METRICS_TOKEN}` } })).text();
    const line = metrics.split("\n").find((candidate) => candidate.startsWith('shop_page_cache_lookups_total{result="hit"'));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
  }

  const catalogueVersion = async () => String((await prisma.catalogueVersion.findUniqueOrThrow({ where: { id: 1 } })).version);

  /** Whether `path`, kept before `write`, is answered from the cache right after it; with the answer's text. */
  async function afterWrite(path: string, write: () => Promise<unknown>) {
    await fetch(base + path);
    const primed = await hits();
    await (await fetch(base + path)).text();
    expect(await hits(), `${path} is kept`).toBe(primed + 1);
    const before = await hits();
    await write();
    const response = await fetch(base + path);
    const text = await response.text();
    return { hit: (await hits()) === before + 1, text, status: response.status };
  }

  /**
   * The page stays kept through `write`, and the write leaves the version alone. The shop's own timed jobs may end
   * an old test's hold meanwhile (a real catalogue write): then the round is tried again.
   */
  async function expectKept(write: () => Promise<unknown>) {
    for (let round = 0; round < 3; round++) {
      const version = await catalogueVersion();
      const { hit } = await afterWrite(`/product/${productId}`, write);
      if ((await catalogueVersion()) !== version) continue;
      expect(hit).toBe(true);
      return;
    }
    throw new Error("the catalogue's version changed in every round");
  }

  it("stays kept through failed logins (their rate-limit rows)", async () => {
    await expectKept(async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
          body: JSON.stringify({ email: uniqueEmail(), password: "not-the-password" }),
        });
        expect(response.status).toBe(401);
      }
      expect(await prisma.rateLimit.count()).toBeGreaterThan(0);
    });
  });

  it("stays kept through a session, a job lease, a one-time code, an outbox message and an unpaid order that takes no stock", async () => {
    await expectKept(async () => createSession(prisma, { customerId: (await createCustomer(prisma)).id }));
    await expectKept(() => takeJobLease(uniqueId("job"), 60_000));
    await expectKept(() => issueCode(uniqueEmail(), "register"));
    const order = await createOrder(prisma, { paymentStatus: "unpaid" });
    await expectKept(() =>
      prisma.outboxMessage.create({ data: { orderId: order.id, channel: "email", kind: "orderConfirmation", language: "en", recipient: uniqueEmail() } }),
    );
    await expectKept(() => createOrder(prisma, { paymentStatus: "unpaid" }));
  });

  it("stays kept through a back-in-stock sign-up", async () => {
    const soldOut = await createProduct(prisma, { stockQuantity: 0 });
    await expectKept(async () => {
      const response = await fetch(`${base}/api/products/${soldOut.id}/notify`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
        body: JSON.stringify({ email: uniqueEmail() }),
      });
      expect(response.status).toBeLessThan(300);
    });
  });

  it("answers afresh after a product edit, a category change, settings and a delivery area", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 2000 });
    const path = `/product/${product.id}`;
    const repriced = await afterWrite(path, () => prisma.product.update({ where: { id: product.id }, data: { priceFils: 2750 } }));
    expect(repriced.hit).toBe(false);
    expect(repriced.text).toContain("2.75");
    const hidden = await afterWrite(path, () => prisma.category.update({ where: { id: category.id }, data: { isVisible: false } }));
    expect(hidden).toMatchObject({ hit: false, status: 404 });
    await prisma.category.update({ where: { id: category.id }, data: { isVisible: true } });

    const { freeDeliveryFromFils } = await getShopSettings();
    expect((await afterWrite(path, () => saveShopSettings({ freeDeliveryFromFils: 12_345 }))).hit).toBe(false);
    await saveShopSettings({ freeDeliveryFromFils });
    expect((await afterWrite(path, () => createDeliveryArea(prisma))).hit).toBe(false);
  });

  /** A guest's order of one unit through the API, as a shopper's browser places it: answers its payment session. */
  async function placeOrderOf(productId: string, city: string): Promise<string> {
    const response = await fetch(`${base}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
      body: JSON.stringify({
        fullName: "Sara Ahmad",
        email: uniqueEmail(),
        phone: "51234567",
        buildingType: "Office",
        address: { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9", floor: "", apartmentNumber: "", notes: "" },
        items: [{ _id: productId, quantity: 1, customTags: [] }],
        isGuest: true,
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { orderSessionId: string }).orderSessionId;
  }

  async function payOrder(orderSessionId: string) {
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    const response = await fetch(`${base}/api/orders/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
      body: JSON.stringify({ orderSessionId }),
    });
    expect(response.status).toBe(200);
  }

  it("keeps the home page and other products' pages through an order that takes stock and its payment", async () => {
    const sold = await createProduct(prisma, { stockQuantity: 5 });
    const other = await createProduct(prisma, { stockQuantity: 5 });
    let orderSessionId = "";
    // The delivery area an order names is a catalogue write of its own: made before each round.
    const city = await createDeliveryArea(prisma);
    const place = async () => {
      orderSessionId = await placeOrderOf(sold.id, city);
    };
    expect(await afterWrite("/", place)).toMatchObject({ hit: true });
    expect(await afterWrite(`/product/${other.id}`, place)).toMatchObject({ hit: true });
    expect(await afterWrite(`/api/products/${other.id}`, place)).toMatchObject({ hit: true });
    const pay = () => payOrder(orderSessionId);
    expect(await afterWrite("/", pay)).toMatchObject({ hit: true });
    await place();
    expect(await afterWrite(`/api/products/${sold.id}`, pay)).toMatchObject({ hit: true });
  });

  it("answers a product's page afresh after an order takes its stock, and the listings once it sells out", async () => {
    const product = await createProduct(prisma, { stockQuantity: 2, nameEn: uniqueName("Last Bow") });
    const city = await createDeliveryArea(prisma);
    let orderSessionId = "";
    const order = async () => {
      orderSessionId = await placeOrderOf(product.id, city);
    };
    const placed = await afterWrite(`/api/products/${product.id}`, order);
    expect(placed.hit).toBe(false);
    expect(JSON.parse(placed.text)).toMatchObject({ product: { stockQuantity: 1 } });
    const list = await afterWrite("/api/products", order);
    expect(list.hit).toBe(false);
    expect((JSON.parse(list.text) as { products: { _id: string; stockQuantity: number }[] }).products.find((item) => item._id === product.id)).toMatchObject({ stockQuantity: 0 });
    await payOrder(orderSessionId);
    // Sold out: the listings show it, so they answer afresh when it comes back on sale (the owner's edit).
    const restocked = await afterWrite("/", () => prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 3 } }));
    expect(restocked.hit).toBe(false);
    const moreStock = await afterWrite("/", () => prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 7 } }));
    expect(moreStock.hit).toBe(true);
    const page = await afterWrite(`/product/${product.id}`, () => prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 6 } }));
    expect(page.hit).toBe(false);
  });
});

describe("the catalogue's triggers", () => {
  it("are all in the database, so a migration that rebuilt a table did not drop them", async () => {
    const names =
      process.env.DATABASE_URL?.startsWith("postgres")
        ? (await prisma.$queryRaw<{ name: string }[]>`SELECT tgname AS name FROM pg_trigger WHERE tgname LIKE '%_catalogue%'`).map((row) => row.name)
        : (await prisma.$queryRaw<{ name: string }[]>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_catalogue%'`).map((row) => row.name);
    for (const table of ["Category", "Product", "ProductImage", "ProductCustomTag", "ProductOption", "ProductVariant", "DeliveryArea", "ShopSetting", "Order"]) {
      expect(names.some((name) => name.startsWith(`${table}_catalogue`)), table).toBe(true);
    }
  });

  it("change the version for an order of an earlier day written already paid (a copy, a restore), not for today's", async () => {
    const version = async () => (await prisma.catalogueVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    const yesterday = new Date(kuwaitDayStart(todayInKuwait()).getTime() - 60 * 1000);
    const before = await version();
    await createOrder(prisma, { paymentStatus: "unpaid", createdAt: yesterday });
    const unpaid = await version();
    await createOrder(prisma, { paymentStatus: "paid" });
    const today = await version();
    await createOrder(prisma, { paymentStatus: "paid", createdAt: yesterday });
    expect([unpaid === before, today === unpaid, (await version()) !== today]).toEqual([true, true, true]);
  });

  it("count a product's own version up for a stock move, and not for held units alone", async () => {
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const own = async () => (await prisma.productVersion.findUniqueOrThrow({ where: { productId: product.id } })).version;
    const listing = async () => (await prisma.catalogueVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    const [first, list] = [await own(), await listing()];
    await prisma.$executeRaw`UPDATE "Product" SET "stockQuantity" = 4, "heldQuantity" = 1 WHERE "id" = ${product.id}`;
    const taken = await own();
    await prisma.$executeRaw`UPDATE "Product" SET "heldQuantity" = 0 WHERE "id" = ${product.id}`;
    expect([taken > first, (await own()) === taken, (await listing()) === list]).toEqual([true, true, true]);
  });

  it("move the listing version with every product and variant column a listing or page shows (a new column must be added to the triggers)", async () => {
    if (process.env.DATABASE_URL?.startsWith("postgres")) return;
    const notShown: Record<string, string[]> = {
      Product_catalogue_update: ["stockQuantity", "heldQuantity", "lowStockThreshold", "updatedAt"],
      Product_version_update: ["heldQuantity", "lowStockThreshold"],
      ProductVariant_catalogue_update: ["stockQuantity", "heldQuantity"],
      ProductVariant_version_update: ["heldQuantity"],
    };
    const triggers = await prisma.$queryRaw<{ name: string; tbl_name: string; sql: string }[]>`SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('Product_catalogue_update', 'Product_version_update', 'ProductVariant_catalogue_update', 'ProductVariant_version_update')`;
    expect(triggers.map((trigger) => trigger.name).sort()).toEqual(Object.keys(notShown).sort());
    for (const trigger of triggers) {
      const columns = (await prisma.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('${trigger.tbl_name}')`)).map((row) => row.name);
      for (const column of columns.filter((name) => !notShown[trigger.name].includes(name))) expect(trigger.sql, `${trigger.name}: ${column}`).toContain(`OLD."${column}" IS NOT NEW."${column}"`);
    }
  });

  it("count the product's own version up for every write to its options and variants but held units, and move the listings' only for what they show", async () => {
    const listing = async () => (await prisma.catalogueVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    const product = await createProduct(prisma);
    const own = async () => (await prisma.productVersion.findUniqueOrThrow({ where: { productId: product.id } })).version;
    const seen: { own: bigint; listing: bigint }[] = [];
    const step = async (write: () => Promise<unknown>) => {
      await write();
      seen.push({ own: await own(), listing: await listing() });
    };
    await step(async () => undefined);
    const option = await prisma.productOption.create({ data: { productId: product.id, nameEn: "Size", nameAr: "المقاس", values: [{ en: "S", ar: "ص" }] } });
    await step(async () => undefined);
    const variant = await prisma.productVariant.create({ data: { productId: product.id, priceFils: 1000, stockQuantity: 2, optionValues: [{ en: "S", ar: "ص" }] } });
    await step(async () => undefined);
    await step(() => prisma.productVariant.update({ where: { id: variant.id }, data: { stockQuantity: 1 } }));
    await step(() => prisma.productVariant.update({ where: { id: variant.id }, data: { heldQuantity: 1 } }));
    await step(() => prisma.productVariant.update({ where: { id: variant.id }, data: { stockQuantity: 0 } }));
    await step(() => prisma.productVariant.update({ where: { id: variant.id }, data: { priceFils: 1250 } }));
    await step(() => prisma.productOption.update({ where: { id: option.id }, data: { nameEn: "Length" } }));
    await step(() => prisma.productVariant.delete({ where: { id: variant.id } }));
    await step(() => prisma.productOption.delete({ where: { id: option.id } }));
    const moved = seen.slice(1).map((now, index) => [now.own > seen[index].own, now.listing !== seen[index].listing]);
    expect(moved).toEqual([
      [true, true], // an option added
      [true, true], // a variant added
      [true, false], // a sale leaves it on sale: its page changes, no listing does
      [false, false], // held units alone
      [true, true], // sold out
      [true, true], // a new price
      [true, true], // an option renamed
      [true, true], // a variant deleted
      [true, true], // an option deleted
    ]);
  });

  it("leave the version alone for the low-stock digest's day, and change it for every other setting", async () => {
    const version = async () => (await prisma.catalogueVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    const key = uniqueId("setting");
    const before = await version();
    await prisma.shopSetting.upsert({ where: { key: "lowStockDigestDay" }, create: { key: "lowStockDigestDay", value: "2026-01-01" }, update: {} });
    const digest = await version();
    await prisma.shopSetting.create({ data: { key, value: "1" } });
    const other = await version();
    await prisma.shopSetting.delete({ where: { key } });
    expect([digest === before, other !== digest]).toEqual([true, true]);
  });
});
