import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnreadableRequests, requestUrl } from "./remix-request";

// Behind one proxy (TRUST_PROXY=1), as the fuzz test runs the shop: the host comes from X-Forwarded-Host.
const app = express();
app.set("trust proxy", 1);
app.use(refuseUnreadableRequests);
app.use((req, res) => {
  res.json({ url: requestUrl(req)?.href });
});
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: { url?: string; message?: string } }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += String(chunk)));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { url?: string; message?: string } }));
      })
      .on("error", reject);
  });
}

describe("refuseUnreadableRequests", () => {
  it("lets a readable request through, with the host the proxy names", async () => {
    expect(await get("/api/products?category=all", { "X-Forwarded-Host": "shop.example:8443" })).toEqual({
      status: 200,
      body: { url: "http://shop.example:8443/api/products?category=all" },
    });
    expect((await get("/product/%D9%81")).status).toBe(200);
  });

  it("answers 400 to a host the URL cannot hold, where building the Remix request threw (a 500 with a stack trace)", async () => {
    for (const host of ["a b", "evil.example:99999", "ex%ample.com"]) {
      const answer = await get("/", { "X-Forwarded-Host": host });
      expect(answer.status, host).toBe(400);
      expect(answer.body.message).toContain("could not be read");
    }
  });

  it("answers 400 to a path that does not decode, which Remix only warns about on stderr", async () => {
    for (const path of ["/%", "/api/admin/orders/%E0%A4%A/status"]) expect((await get(path)).status, path).toBe(400);
  });

  it("answers 400 to Remix v1 data requests, which this single-fetch app never makes and Remix logs as errors", async () => {
    expect((await get("/?_data=routes%2Froot")).status).toBe(400);
    expect((await get("/cart?_data=")).status).toBe(400);
  });
});
