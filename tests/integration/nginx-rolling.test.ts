/**
 * The documented deployment with real parts (issue 35): Debian's nginx with deploy/nginx.conf in front of two shop
 * servers on one PostgreSQL, a steady bounded load through nginx, and a rolling restart (SIGTERM, wait for the
 * drain, start again) of one server after the other. No shopper may see a failed request, and a cart, a session and an
 * uploaded image keep working on either server. Runs in the postgresql project only (vitest.config.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomer } from "../factories/customer";
import { createProduct } from "../factories/product";
import { createSession } from "../factories/session";
import { exitOf, startServer } from "../setup/server-process";
import { adminCookie } from "../support/admin-requests";
import { startNginx } from "../support/nginx";
import { randomTestPort } from "../support/test-server";

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-nginx-uploads-"));
const NGINX_FAIL_TIMEOUT_MS = 5000;
const env = { WEB_CONCURRENCY: "1", TRUST_PROXY: "1", UPLOADS_DIR: uploadsDir, SHUTDOWN_TIMEOUT_SECONDS: "10" };
const REQUESTS = 2000;
const CONCURRENCY = 4;

type Shop = { port: number; base: string; process: ReturnType<typeof startServer> };

function shopOn(port: number): Shop {
  return { port, base: `http://127.0.0.1:${port}`, process: startServer(port, env) };
}

async function sessionCookieFor(customerId: string): Promise<string> {
  const cookie = createCookie("__session", { path: "/", httpOnly: true, sameSite: "lax", secrets: [process.env.SESSION_SECRET!] });
  return (await cookie.serialize(await createSession(prisma, { customerId }))).split(";")[0];
}

/** The cart cookie a real "add to cart" answered, through the given base. */
async function addToCart(base: string, productId: string, cookie = ""): Promise<string> {
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ intent: "add", productId, mode: "fetch" }),
  });
  expect(response.status).toBe(200);
  const cart = response.headers.getSetCookie().find((line) => line.startsWith("cart="));
  expect(cart).toBeDefined();
  return cart!.split(";")[0];
}

async function cartLines(base: string, cookie: string) {
  const response = await fetch(`${base}/cart.json`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { cart: { items: { productId: string; quantity: number }[] } }).cart.items.map((line) => ({ productId: line.productId, quantity: line.quantity }));
}

describe("nginx (deploy/nginx.conf) in front of two shop servers, restarted one after the other", { timeout: 180_000 }, () => {
  const ports = [randomTestPort(7400, 80), randomTestPort(7500, 80)] as const;
  const proxyPort = randomTestPort(7600, 80);
  const shops: Shop[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>>;

  beforeAll(async () => {
    shops.push(shopOn(ports[0]), shopOn(ports[1]));
    await Promise.all(shops.map((shop) => shop.process.ready));
    nginx = await startNginx(proxyPort, [ports[0], ports[1]]);
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const shop of shops) if (shop.process.child.exitCode === null) shop.process.child.kill("SIGKILL");
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("loses no request of a steady load, and keeps carts, sessions and uploads working on both servers", async () => {
    const product = await createProduct(prisma, { stockQuantity: 50 });
    const customer = await createCustomer(prisma);
    const session = await sessionCookieFor(customer.id);
    const cart = await addToCart(nginx.base, product.id);
    expect(await cartLines(nginx.base, cart)).toEqual([{ productId: product.id, quantity: 1 }]);
    expect(await (await fetch(`${nginx.base}/readyz`)).json()).toEqual({ status: "ready", reason: "ok" });

    // What a shopper's browser asks for, in turn: pages, the cart drawer, a signed-in page, a cart change (a POST).
    const asks: (() => Promise<Response>)[] = [
      () => fetch(`${nginx.base}/`, { headers: { Cookie: "lang=en" } }),
      () => fetch(`${nginx.base}/product/${product.id}`),
      () => fetch(`${nginx.base}/cart.json`, { headers: { Cookie: cart } }),
      () => fetch(`${nginx.base}/account`, { headers: { Cookie: session }, redirect: "manual" }),
      () => fetch(`${nginx.base}/healthz`),
      () =>
        fetch(`${nginx.base}/cart`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "add", productId: product.id, mode: "fetch" }),
        }),
    ];
    let sent = 0;
    let restarted = false;
    const failures: string[] = [];
    const started = Date.now();
    const load = Array.from({ length: CONCURRENCY }, async () => {
      while ((sent < REQUESTS || !restarted) && sent < 10 * REQUESTS) {
        const ask = asks[sent++ % asks.length];
        try {
          const response = await ask();
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${response.status} ${response.url}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    });

    const drains: number[] = [];
    await expect.poll(() => sent, { timeout: 60_000, interval: 50 }).toBeGreaterThan(100);
    for (const index of [0, 1]) {
      const stopping = Date.now();
      shops[index].process.child.kill("SIGTERM");
      expect(await exitOf(shops[index].process.child)).toBe(0);
      drains.push(Date.now() - stopping);
      shops[index] = shopOn(ports[index]);
      await shops[index].process.ready;
      await expect.poll(async () => (await fetch(`${shops[index].base}/readyz`)).status, { timeout: 20_000 }).toBe(200);
      // As deploy/nginx.conf says: nginx counts a server it found stopped as down for fail_timeout (5 s, on a clock
      // of whole seconds) from the last refused connection, which came before this one listened again.
      await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS + 2000));
    }
    restarted = true;
    await Promise.all(load);
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`nginx rolling restart: ${sent} requests, ${failures.length} failed, ${seconds.toFixed(1)} s, drains ${drains.join(" and ")} ms\n`);
    if (failures.length > 0) process.stdout.write(`nginx's error log:\n${nginx.errorLog().slice(0, 6000)}\n`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    for (const drain of drains) expect(drain).toBeLessThan(10_000);

    // Both servers are new processes now: the cart and the session made before the restarts still work on each.
    for (const shop of shops) {
      expect(await cartLines(shop.base, cart)).toEqual([{ productId: product.id, quantity: 1 }]);
      const account = await fetch(`${shop.base}/account`, { headers: { Cookie: session }, redirect: "manual" });
      expect(account.status).toBe(200);
      expect(await account.text()).toContain(customer.email);
    }
    // A cart changed on one server is read on the other.
    const fuller = await addToCart(shops[0].base, product.id, cart);
    expect(await cartLines(shops[1].base, fuller)).toEqual([{ productId: product.id, quantity: 2 }]);
  });

  it("serves from one server an image uploaded through the other, and through nginx", async () => {
    const { cookie } = await adminCookie();
    const form = new FormData();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3f51b5" } }).png().toBuffer();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "clip.png");
    const uploaded = await fetch(`${shops[0].base}/api/upload`, { method: "POST", headers: { Cookie: cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    for (const base of [shops[1].base, nginx.base]) {
      const served = await fetch(`${base}${imageUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
    }
  });
});
