import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_LIMIT_BYTES, UPLOAD_LIMIT_BYTES, limitRequestBodies } from "./body-limit";
import { createRemixRequest } from "./remix-request";
import { postInChunks } from "../tests/support/chunked-post";
import { adminCookie, customerToken } from "../tests/support/admin-requests";
import { reviewLinkPath } from "~/models/reviews/index.server";

/**
 * Sends the headers of a POST that declares `declared` bytes and then only 1 KB of it, and resolves with the head of
 * the answer, which must come while the client still holds back the rest.
 */
function postHeadersOnly(path: string, declared: number, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += String(chunk);
      if (received.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(received.slice(0, received.indexOf("\r\n\r\n")));
      }
    });
    socket.on("error", reject);
    const lines = [`POST ${path} HTTP/1.1`, "Host: 127.0.0.1", `Content-Length: ${declared}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    socket.write(Buffer.alloc(1024, "a"));
  });
}

// A real Express app with the middleware in front of a handler that reads the body the way Remix would.
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies);
  app.all("*", async (req, res) => {
    const body = await createRemixRequest(req, res).arrayBuffer();
    res.json({ received: body.byteLength });
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const send = (path: string, total: number, headers: Record<string, string | number> = {}) =>
  postInChunks(`http://127.0.0.1:${port}${path}`, total, headers);

describe("limitRequestBodies", () => {
  it("passes a form within 64 KB on to the handler, whole", async () => {
    const answer = await send("/login", FORM_LIMIT_BYTES, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: FORM_LIMIT_BYTES });
  });

  it("refuses a chunked form over 64 KB with a page in the shopper's language, counting while it streams", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const answer = await send("/login", FORM_LIMIT_BYTES + 1, form);
    expect(answer.status).toBe(413);
    expect(answer.type).toContain("text/html");
    expect(answer.body).toContain('<html lang="ar" dir="rtl">');
    expect(answer.body).toContain("٦٤ كيلوبايت");
    expect(answer.body).not.toContain("64 KB");
    const englishAsked: Record<string, string>[] = [{ Cookie: "lang=en" }, { "Accept-Language": "en-US" }, { "Accept-Language": "fr, en;q=0.5" }, { Cookie: "lang=en", "Accept-Language": "ar" }];
    for (const headers of englishAsked) {
      const english = await send("/checkout", FORM_LIMIT_BYTES + 1, { ...form, ...headers });
      expect(english.status).toBe(413);
      expect(english.body).toContain('<html lang="en" dir="ltr">');
      expect(english.body).toContain("64 KB");
      expect(english.body).not.toMatch(/[\u0600-\u06FF]/);
    }
    const arabic = await send("/cart", FORM_LIMIT_BYTES + 1, { ...form, Cookie: "lang=ar", "Accept-Language": "en" });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).not.toContain("64 KB");
  });

  it("refuses JSON over 64 KB with the API's { message } shape in both languages", async () => {
    const answer = await send("/api/auth/login", 200 * 1024, { "Content-Type": "application/json" });
    expect(answer.status).toBe(413);
    expect(answer.type).toContain("application/json");
    const { message } = JSON.parse(answer.body) as { message: string };
    expect(message).toMatch(/64 KB.* \/ .*٦٤ كيلوبايت/);
  });

  it("answers Remix's own data requests in JSON", async () => {
    const answer = await send("/checkout?_data=routes%2Fcheckout", FORM_LIMIT_BYTES + 1, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(answer.status).toBe(413);
    expect(answer.type).toContain("application/json");
  });

  it("refuses at once a body whose Content-Length is over the limit", async () => {
    const answer = await send("/api/auth/login", 10, { "Content-Type": "application/json", "Content-Length": FORM_LIMIT_BYTES + 1 });
    expect(answer.status).toBe(413);
  });

  it("allows 6 MB for uploads (the upload call, the admin catalogue forms and API) and no more", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x", Cookie: (await adminCookie()).cookie };
    for (const path of ["/api/upload", "/admin/timsar/products/new", "/admin/timsar/products/edit/p1", "/admin/timsar/categories/edit/c1", "/api/admin/categories"]) {
      expect((await send(path, 5 * 1024 * 1024, multipart)).status, path).toBe(200);
    }
    const over = await send("/api/upload", UPLOAD_LIMIT_BYTES + 1, multipart);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toEqual({ message: expect.stringMatching(/6 MB.* \/ .*٦ ميغابايت/) as unknown });
    // Elsewhere, or not multipart, an upload-sized body is still a form.
    expect((await send("/checkout", 1024 * 1024, multipart)).status).toBe(413);
    expect((await send("/api/upload", 1024 * 1024, { "Content-Type": "application/json" })).status).toBe(413);
  });

  it("answers an upload without the administrator's session before reading its body", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    const anonymous = await postHeadersOnly("/api/upload", 6 * 1024 * 1024, multipart);
    expect(anonymous).toMatch(/^HTTP\/1\.1 401 /);
    expect(anonymous).toMatch(/^connection: close$/im);
    const shopper = await postHeadersOnly("/api/admin/products", 6 * 1024 * 1024, { ...multipart, Authorization: `Bearer ${await customerToken()}` });
    expect(shopper).toMatch(/^HTTP\/1\.1 403 /);
    const form = await postHeadersOnly("/admin/timsar/products/new", 6 * 1024 * 1024, multipart);
    expect(form).toMatch(/^HTTP\/1\.1 302 /);
    expect(form).toMatch(/^location: \/admin\/timsar$/im);
  });

  it("answers an upload's refusal in the one language the request names, and in both when it names none", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    const message = async (path: string, headers: Record<string, string>) => JSON.parse((await send(path, 1024, { ...multipart, ...headers })).body).message;
    expect(await message("/api/upload", { Cookie: "lang=en" })).toBe("Admin login required.");
    expect(await message("/api/upload", { "Accept-Language": "ar,en;q=0.8" })).toBe("يلزم تسجيل دخول المسؤول.");
    expect(await message("/api/upload", {})).toBe("Admin login required. / يلزم تسجيل دخول المسؤول.");
    const { cookie } = await adminCookie("orders");
    expect(await message("/api/admin/products/import", { Cookie: cookie, "Accept-Language": "en" })).toBe("Your role does not allow this.");
  });

  it("reads a buyer's photo on the review page (6 MB) only from the holder of the order's signed link", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    const link = reviewLinkPath("ORD-000000000001");
    expect((await send(link, 5 * 1024 * 1024, multipart)).status).toBe(200);
    // With JavaScript, Remix posts the same form to the route's data address.
    expect((await send(link.replace("?", ".data?"), 5 * 1024 * 1024, multipart)).status).toBe(200);
    const stranger = await postHeadersOnly("/review/ORD-000000000001", 6 * 1024 * 1024, multipart);
    expect(stranger).toMatch(/^HTTP\/1\.1 403 /);
    expect(stranger).toMatch(/^connection: close$/im);
    // Another order's link opens nothing here.
    const other = await postHeadersOnly(link.replace("ORD-000000000001", "ORD-000000000002"), 6 * 1024 * 1024, multipart);
    expect(other).toMatch(/^HTTP\/1\.1 403 /);
    // An order number whose escapes are broken (found by the fuzz test) is no order's: refused, not a server error.
    const broken = await postHeadersOnly(`/review/%E0%A4%A?token=${new URL(link, "http://shop").searchParams.get("token")}`, 6 * 1024 * 1024, multipart);
    expect(broken).toMatch(/^HTTP\/1\.1 403 /);
    // Without a photo the page's form is an ordinary small form.
    expect((await send("/review/ORD-000000000001", 1024 * 1024, { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(413);
  });
});
