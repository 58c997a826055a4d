/**
 * The shop on Node 24 LTS, the Node the image runs (Dockerfile), even where the machine's own Node is older
 * (decision 0073): scripts/node24-copy.sh installs Node 24 from the npm registry and compiles better-sqlite3 for it in
 * a copy under tests/.tmp/node24; this file starts the real server.ts (production build) on that Node, places and
 * pays one order with the test payment provider's card, and stops it with SIGTERM while a request is in flight.
 * Its own vitest project, after the others (vitest.config.ts): by then npm test's background run of the script is done.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { uniqueAddress, uniqueEmail } from "../factories/unique";
import { exitOf, startServer } from "../setup/server-process";
import { randomTestPort } from "../support/test-server";

const node24 = path.resolve("tests/.tmp/node24/node_modules/.bin/node");
const nativeCopy = path.resolve("tests/platform/native-copy.mjs");
const metricsToken = "node24-metrics-token";
/** The copy takes minutes when this file has to make it itself (run alone, or after a failed background run). */
const PREPARE_MS = 10 * 60_000;

describe("the Node the shop is released on", () => {
  it("is Node 24 in both stages of the image (native modules built and run on the same Node) and in package.json", () => {
    const stages = [...fs.readFileSync("Dockerfile", "utf8").matchAll(/^FROM (\S+) AS \w+$/gm)].map((match) => match[1]);
    expect(stages).toEqual(["node:24-bookworm-slim", "node:24-bookworm-slim"]);
    expect((JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines.node).toBe("^24.11.0");
  });
});

describe("the shop on Node 24 LTS", { timeout: 120_000 }, () => {
  const port = randomTestPort(8000, 100);
  const base = `http://127.0.0.1:${port}`;
  let shop: ReturnType<typeof startServer>;

  beforeAll(async () => {
    try {
      await promisify(execFile)("bash", ["scripts/node24-copy.sh"], { timeout: PREPARE_MS });
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      throw new Error(`Node 24: the copy with Node 24 and better-sqlite3 built for it could not be made\n${stdout}${stderr}`);
    }
    shop = startServer(port, { WEB_CONCURRENCY: "1", TRUST_PROXY: "1", PAYMENT_PROVIDER: "test", METRICS_TOKEN: metricsToken }, { node: node24, imports: [nativeCopy] });
    await shop.ready.catch((error: Error) => {
      throw new Error(`Node 24: the shop did not start on ${node24}\n${error.message}`);
    });
  }, PREPARE_MS + 60_000);

  afterAll(() => {
    if (shop?.child.exitCode === null) shop.child.kill("SIGKILL");
  });

  it("runs on Node 24 (the shop's own metrics say which Node)", async () => {
    const metrics = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
    expect(metrics).toMatch(/^nodejs_version_info\{version="v24\.\d+\.\d+",major="24",/m);
  });

  it("takes an order and its payment with the test card (SQLite through better-sqlite3 built for Node 24)", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 4250, stockQuantity: 3 });
    const headers = { "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() };
    const placed = await fetch(`${base}/api/orders`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        fullName: "Sara Ahmad",
        email: uniqueEmail(),
        phone: "51234567",
        buildingType: "Office",
        address: { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9", floor: "", apartmentNumber: "", notes: "" },
        items: [{ _id: product.id, quantity: 1, customTags: [] }],
        isGuest: true,
      }),
    });
    expect(placed.status).toBe(201);
    const { orderSessionId, orderId } = (await placed.json()) as { orderSessionId: string; orderId: string };

    // The shopper's card on the test provider's page: the gateway's side, kept in the database.
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    const paid = await fetch(`${base}/api/orders/pay`, { method: "POST", headers, body: JSON.stringify({ orderSessionId }) });
    expect(paid.status).toBe(200);
    const status = (await (await fetch(`${base}/api/payment/status?orderId=${encodeURIComponent(orderId)}`)).json()) as { status: string };
    expect(status.status).toBe("paid");
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(2);
  });

  it("keeps running while the collector reclaims statements (better-sqlite3's ObjectWrap on Node 24.19+, decision 0100)", async () => {
    // The shop leaves statements to the collector: every transaction prepares its BEGIN IMMEDIATE, and the adapter's
    // cache drops its oldest beyond 500. Built against Node 24.19's own ObjectWrap, reclaiming them aborted the
    // process within a quarter of a second of this loop, every time.
    const churn = `
      const db = new (require(${JSON.stringify(path.resolve("tests/.tmp/node24/native/better-sqlite3"))}))(":memory:");
      for (let i = 0; i < 200000; i++) db.prepare("select " + (i % 50)).get();
      setTimeout(() => console.log("alive"), 500);`;
    const { stdout } = await promisify(execFile)(node24, ["-e", churn], { timeout: 60_000 });
    expect(stdout.trim()).toBe("alive");
  });

  it("finishes an in-flight request on SIGTERM, then exits 0", async () => {
    // As tests/integration/server.test.ts does on the machine's Node: the body is still arriving when the signal comes.
    const exited = exitOf(shop.child);
    const responded = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${base}/language`,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "20", Expect: "100-continue", Connection: "close" } },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on("error", reject);
      request.on("continue", () => {
        request.write("lang=en&");
        shop.child.kill("SIGTERM");
        expect
          .poll(() => shop.output(), { timeout: 10_000 })
          .toContain('"inFlight":1')
          .then(() => request.end("redirectTo=/"), reject);
      });
      request.flushHeaders();
    });
    expect(await responded).toBe(303);
    expect(await exited).toBe(0);
    expect(shop.output()).toContain("SIGTERM received");
    expect(shop.errors()).toBe("");
  });
});
