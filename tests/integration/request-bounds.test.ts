import { describe, expect, it } from "vitest";
import { adminCookie } from "../support/admin-requests";
import { postInChunks } from "../support/chunked-post";
import { useTestServer } from "../support/test-server";

// Issue 13 against the real server.ts over the production build: bounded bodies and paging, logs without
// personal data, and no-store on every page that carries some.

describe("request bounds, private pages and the request log", () => {
  const shop = useTestServer(4600, 300);
  const { base } = shop;

  const postChunked = (path: string, total: number, headers: Record<string, string>) =>
    postInChunks(`${base}${path}`, total, { Origin: base, ...headers });

  it("refuses a chunked JSON body over 64 KB with 413 and a bilingual { message }", async () => {
    const answer = await postChunked("/api/auth/login", 128 * 1024, { "Content-Type": "application/json" });
    expect(answer.status).toBe(413);
    expect(answer.type).toContain("application/json");
    expect((JSON.parse(answer.body) as { message: string }).message).toMatch(/64 KB.* \/ .*٦٤ كيلوبايت/);
  });

  it("refuses a form over 64 KB with a page in the shopper's language, and a declared Content-Length over it before reading", async () => {
    const form = await postChunked("/login", 128 * 1024, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(413);
    expect(form.type).toContain("text/html");
    // CONTRACT "Language": the first HTML is already in the chosen language and direction, Arabic by default.
    expect(form.body).toContain('<html lang="ar" dir="rtl">');
    expect(form.body).toContain("٦٤ كيلوبايت");
    expect(form.body).not.toContain('lang="en"');
    const english = await postChunked("/login", 128 * 1024, { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lang=en" });
    expect(english.status).toBe(413);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain("64 KB");
    const declared = await fetch(`${base}/language`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "lang=en&redirectTo=/&pad=" + "x".repeat(70 * 1024),
    });
    expect(declared.status).toBe(413);
  });

  it("lets an upload of up to 6 MB reach the upload call and refuses a bigger one", async () => {
    const { cookie } = await adminCookie();
    const headers = { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=bounds" };
    const withinLimit = await postChunked("/api/upload", 1024 * 1024, headers);
    expect(withinLimit.status).toBe(400);
    const tooBig = await postChunked("/api/upload", 6 * 1024 * 1024 + 8 * 1024, headers);
    expect(tooBig.status).toBe(413);
    expect((JSON.parse(tooBig.body) as { message: string }).message).toMatch(/6 MB.* \/ .*٦ ميغابايت/);
  });

  it("still serves forms within the limit", async () => {
    const body = new URLSearchParams({ lang: "en", redirectTo: "/" });
    const response = await fetch(`${base}/language`, { method: "POST", body, redirect: "manual", headers: { Origin: base } });
    expect(response.status).toBe(303);
  });

  it("answers the admin list API 400, not 500, for a page size that is not a whole number", async () => {
    const { cookie } = await adminCookie();
    const bad = await fetch(`${base}/api/admin/orders?pageSize=2.5`, { headers: { Cookie: cookie } });
    expect(bad.status).toBe(400);
    const page = await fetch(`${base}/admin/timsar/orders?page=1.5`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
  });

  it("answers no-store for every page with personal data, and never shares them", async () => {
    for (const path of ["/account", "/cart", "/my-orders", "/checkout", "/view-invoice?orderNumber=ORD-1", "/payment", "/payment-success?orderNumber=ORD-1", "/payment/return", "/invoice/nothing", "/admin/timsar", "/admin/timsar/orders"]) {
      const response = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("vary") ?? "", path).toMatch(/\bCookie\b/i);
    }
    expect(await fetch(`${base}/`).then((response) => response.headers.get("cache-control"))).not.toBe("no-store");
  });

  it("answers no-store for a private page's data, which a client navigation asks instead of the page", async () => {
    for (const path of ["/account.data", "/cart.data", "/my-orders.data", "/checkout.data", "/view-invoice.data?orderNumber=ORD-1", "/admin/timsar/orders.data", "/My-Orders.data"]) {
      const response = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("vary") ?? "", path).toMatch(/\bCookie\b/i);
    }
  });

  it("keeps no-store when the path's case or slashes change, as the router still renders the page", async () => {
    for (const path of ["/ACCOUNT", "/Account/", "/My-Orders", "/CHECKOUT", "/Admin/Timsar", "/ADMIN/timsar/orders", "/%61ccount"]) {
      const response = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(response.status, path).not.toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("vary") ?? "", path).toMatch(/\bCookie\b/i);
    }
  });

  it("logs paths without signed links, phones, order sessions or e-mail addresses", async () => {
    const personal = ["/view-invoice?orderNumber=ORD-1&phone=51234567", "/payment?orderSessionId=secret-session-1", "/invoice/x?expires=1&sig=secret-signature", "/admin/timsar/user-orders/%2B96599887766", "/login?email=someone%40mail.example"];
    const from = shop.process.output().length;
    for (const path of personal) await fetch(`${base}${path}`, { redirect: "manual" });
    // Each request's line is written as its answer ends; read the log once all five are in it.
    const requestLines = () => shop.process.output().slice(from).split("\n").filter((line) => line.startsWith("{") && line.includes('"msg":"request"'));
    await expect.poll(() => requestLines().length).toBeGreaterThanOrEqual(personal.length);
    const log = shop.process.output();
    for (const secret of ["51234567", "secret-session-1", "secret-signature", "99887766", "someone", "mail.example"]) expect(log).not.toContain(secret);
    const lines = log.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { msg: string; url?: string; route?: string });
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.find((line) => line.route === "/view-invoice" && line.url?.includes("phone"))?.url).toBe("/view-invoice?orderNumber=ORD-1&phone=[redacted]");
    expect(requests.find((line) => line.route === "/admin/timsar/user-orders/:phone")?.url).toBe("/admin/timsar/user-orders/[redacted]");
  });
});
