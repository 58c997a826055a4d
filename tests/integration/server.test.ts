import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { exitOf, startServer } from "../setup/server-process";
import { PROJECT_PORT_OFFSET, useTestServer } from "../support/test-server";

// These tests run the real server.ts over the production build (scripts/test.sh builds before vitest).

/** How long a server of its own may take to start: a few seconds on a quiet machine, much longer beside other suites. */
const SERVER_START_MS = 60_000;

describe("server.ts", () => {
  // Two workers, as on a 2-core machine: the drain on SIGTERM goes from the primary to the worker holding the request.
  const shop = useTestServer(3400, 500, { WEB_CONCURRENCY: "2" });
  const { base } = shop;

  // Pages kept for many visitors carry script hashes instead (tests/integration/page-cache.test.ts).
  it("enforces a Content-Security-Policy whose nonce is on every script of a page rendered for one visitor", async () => {
    const response = await fetch(`${base}/register`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(response.headers.get("content-security-policy-report-only")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${base}/register`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("sends the other security headers, but no HSTS outside production", async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("compresses pages and caches fingerprinted assets for a year", async () => {
    const response = await fetch(`${base}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = await response.text();
    const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${base}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toContain("max-age=31536000");
    expect(assetResponse.headers.get("cache-control")).toContain("immutable");
  });

  it("sends a page rendered for one visitor in one piece, compressed as the browser asks (decision 0064)", async () => {
    /** The raw answer, as the bytes arrived: length, encoding and the decoded page. */
    const raw = (acceptEncoding: string, method = "GET") =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = http.request(`${base}/register`, { method, headers: { "Accept-Encoding": acceptEncoding, Cookie: "lang=en" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        });
        request.on("error", reject);
        request.end();
      });
    const decoders: Record<string, (body: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, identity: (body) => body };
    // A browser's own order decides between equals, as for kept pages (Chrome lists gzip first).
    for (const [asked, encoding] of [["gzip, deflate, br", "gzip"], ["br", "br"], ["br;q=1, gzip;q=0.5", "br"], ["identity", "identity"]]) {
      const { status, headers, body } = await raw(asked);
      expect(status).toBe(200);
      expect(headers["content-encoding"] ?? "identity").toBe(encoding);
      expect(headers["transfer-encoding"]).toBeUndefined();
      expect(Number(headers["content-length"])).toBe(body.length);
      expect(String(headers.vary)).toMatch(/Accept-Encoding/);
      const html = decoders[encoding](body).toString();
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toContain("</html>");
    }
    const head = await raw("gzip", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // Files are still found on disk; a page's address is not looked for there.
    expect((await fetch(`${base}/favicon.svg`)).headers.get("content-type")).toContain("image/svg+xml");
    expect((await fetch(`${base}/images/no-such-file.png`)).status).toBe(404);
  });

  it("answers /healthz after asking the database", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("refuses a cross-site form post and sets the language for a same-site one", async () => {
    const body = new URLSearchParams({ lang: "en", redirectTo: "/" });
    const crossSite = await fetch(`${base}/language`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();

    const sameSite = await fetch(`${base}/language`, { method: "POST", body, redirect: "manual", headers: { Origin: base } });
    expect(sameSite.status).toBe(303);
    expect(sameSite.headers.get("location")).toBe("/");
    expect(sameSite.headers.get("set-cookie")).toMatch(/^lang=en; Path=\/;.*SameSite=Lax/);
  });

  // Remix's own check compared the Origin with the Host or X-Forwarded-Host alone and answered these with a 500.
  it("takes a form post from the shop's public address whatever Host or X-Forwarded-Host reached the server", async () => {
    const appUrl = `http://localhost:${shop.port}`; // APP_URL's default; the tests reach the shop at 127.0.0.1
    // A page's action (the cart's): Remix checked those, not its resource routes'.
    const post = (headers: Record<string, string>) => rawRequest(shop.port, "POST", "/cart", "intent=clear", { "Content-Type": "application/x-www-form-urlencoded", ...headers });

    // Behind a proxy that sends its own Host, the browser's Origin is the public address.
    const behindProxy = await post({ Origin: appUrl, Host: `shop-internal:${shop.port}` });
    expect(behindProxy.status).toBe(303);
    expect(behindProxy.headers.location).toBe("/cart");
    const forwardedElsewhere = await post({ Origin: `http://127.0.0.1:${shop.port}`, "X-Forwarded-Host": "shop.example" });
    expect(forwardedElsewhere.status).toBe(303);

    // An address that is neither the shop's public one nor the Host is still refused, with a message in both languages.
    const elsewhere = await post({ Origin: "http://shop.example", Host: `shop-internal:${shop.port}` });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(elsewhere.body).message).toMatch(/[\u0600-\u06ff]/);
  });

  it("titles a product page that failed in the page's language, with the shop's name", async () => {
    for (const [language, failed] of [
      ["ar", "تعذر تحميل المنتج"],
      ["en", "Failed to load product"],
    ]) {
      // A method the page has no action for fails the page without the loader's 404.
      const response = await fetch(`${base}/product/seed-product-01`, { method: "PUT", headers: { Cookie: `lang=${language}`, Origin: base } });
      expect(response.status).toBe(415); // a body that is not a form (refuseUnreadableRequests)
      const titles = [...(await response.text()).matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
      expect(titles[0]).toMatch(new RegExp(`^${failed} \\| \\S`));
    }
  });

  it("logs each request", async () => {
    await fetch(`${base}/healthz?logged=1`);
    await expect.poll(() => shop.process.output()).toMatch(/^\{"level":"info".*"method":"GET","route":"\/healthz","url":"\/healthz\?logged=1","status":200,.*"msg":"request"\}$/m);
  });

  it("finishes an in-flight request on SIGTERM, then exits cleanly", async () => {
    // A request whose body is still arriving is in flight when the signal comes: the server has taken it (its 100
    // Continue says so) and the worker that has it counts it when the signal reaches it; only then does the body end.
    // The connection closes after the answer, as a browser's would once the server has gone.
    const exited = exitOf(shop.process.child);
    const responded = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${base}/language`,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "20", Expect: "100-continue", Connection: "close" } },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on("error", reject);
      request.on("continue", () => {
        request.write("lang=en&");
        shop.process.child.kill("SIGTERM");
        expect
          .poll(() => shop.process.output(), { timeout: 10_000 })
          .toContain('"inFlight":1')
          .then(() => request.end("redirectTo=/"), reject);
      });
      request.flushHeaders();
    });
    expect(await responded).toBe(303);
    expect(await exited).toBe(0);
    expect(shop.process.output()).toContain("SIGTERM received");
  });
});

describe("server.ts configuration", () => {
  it("stops with a message naming a bad variable", async () => {
    const bad = startServer(3999 + PROJECT_PORT_OFFSET, { PORT: "eighty" });
    const code = await exitOf(bad.child);
    expect(code).toBe(1);
    expect(bad.output()).toContain("PORT");
  });
});

// One server for both: starting one costs seconds, and neither setting changes what the other test looks at.
describe("server.ts in production with WEB_CONCURRENCY=3", () => {
  const production = useTestServer(3900, 90, { NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "1", WEB_CONCURRENCY: "3" });

  it("starts as many workers as WEB_CONCURRENCY says", async () => {
    await expect.poll(() => production.process.output().match(/Shop listening/g)?.length ?? 0, { timeout: SERVER_START_MS }).toBe(3);
    expect((await fetch(`${production.base}/healthz`)).status).toBe(200);
  }, SERVER_START_MS + 10_000);

  it("sends HSTS and Secure cookies in production", async () => {
    const response = await fetch(`${production.base}/`);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    const language = await fetch(`${production.base}/language`, {
      method: "POST",
      body: new URLSearchParams({ lang: "en", redirectTo: "/" }),
      redirect: "manual",
    });
    expect(language.headers.get("set-cookie")).toContain("Secure");
  });
});

/** A request with the Host header it is given (fetch sets its own), answered with its status, headers and body. */
function rawRequest(port: number, method: string, path: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
