import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseNulAddresses } from "./nul-character";

const app = express();
app.use(refuseNulAddresses);
app.use((_req, res) => {
  res.json({ reached: true });
});
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += String(chunk)));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body: text }));
      })
      .on("error", reject);
  });
}

// Probe 5, finding 1: on PostgreSQL each of these answered 500 ("invalid byte sequence for encoding UTF8: 0x00").
describe("refuseNulAddresses", () => {
  it("answers the API 400 { message } in the request's language for %00 in a path or a query", async () => {
    for (const path of ["/api/products/seed-product-01%00", "/api/orders/ORD-1234567890%00", "/api/payment/status?orderId=%00", "/api/admin/orders?search=%00", "/api/admin/audit?actor%00=x"]) {
      const answer = await get(path, { "Accept-Language": "en" });
      expect(answer.status, path).toBe(400);
      expect(answer.type).toContain("application/json");
      expect(JSON.parse(answer.body)).toEqual({ message: "The request contains a character that is not allowed (the null character). Please remove it and try again." });
    }
    const arabic = await get("/api/products/x%00", { Cookie: "lang=ar" });
    expect(JSON.parse(arabic.body).message).toBe("يحتوي الطلب على محرف غير مسموح به (المحرف الصفري). يرجى حذفه والمحاولة مرة أخرى.");
  });

  it("answers a page 400 with a page in its language", async () => {
    const page = await get("/product/seed%00", { Accept: "text/html" });
    expect(page.status).toBe(400);
    expect(page.type).toContain("text/html");
    expect(page.body).toContain('lang="ar" dir="rtl"');
    expect(page.body).toContain("تعذر قبول الطلب");
    const english = await get("/payment-success?orderNumber=ORD-1%00&lang=en", { Accept: "text/html" });
    expect(english.status).toBe(400);
    expect(english.body).toContain("Request refused");
  });

  it("lets every other address through, escapes and Arabic included", async () => {
    for (const path of ["/product/%D9%81", "/api/products?search=%D8%A3%20b", "/api/admin/orders?search=100%25", "/%"]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });
});
