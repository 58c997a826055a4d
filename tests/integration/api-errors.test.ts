import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "~/api/openapi.server";
import { useTestServer } from "../support/test-server";

// CONTRACT.md, "The JSON API": errors answer in both languages unless the request names one (the `lang` cookie, or
// an Accept-Language whose first language is ar or en); every 429 carries Retry-After. Against the real server.

const NOT_FOUND_EN = "Product not found";

describe("API errors against the real server", () => {
  const { base } = useTestServer(6900, 100);

  const missingProduct = async (headers: Record<string, string> = {}) => {
    const answer = await fetch(`${base}/api/products/no-such-product`, { headers });
    expect(answer.status).toBe(404);
    return { message: ((await answer.json()) as { message: string }).message, language: answer.headers.get("Content-Language") };
  };

  it("answers both languages when the request names none, or names another language first", async () => {
    for (const headers of [{}, { "Accept-Language": "fr-FR, en;q=0.8" }, { "Accept-Language": "*" }] as Record<string, string>[]) {
      const { message, language } = await missingProduct(headers);
      expect(message).toMatch(new RegExp(`^${NOT_FOUND_EN} / [\\u0600-\\u06FF]`));
      expect(language).toBeNull();
    }
  });

  it("answers only the language the lang cookie names, before Accept-Language", async () => {
    expect(await missingProduct({ Cookie: "lang=en", "Accept-Language": "ar" })).toEqual({ message: NOT_FOUND_EN, language: "en" });
    const arabic = await missingProduct({ Cookie: "lang=ar", "Accept-Language": "en" });
    expect(arabic.language).toBe("ar");
    expect(arabic.message).toMatch(/^[\u0600-\u06FF]/);
    expect(arabic.message).not.toContain(" / ");
  });

  it("answers only the language Accept-Language names first, by weight", async () => {
    expect(await missingProduct({ "Accept-Language": "en-GB,en;q=0.9,ar;q=0.5" })).toEqual({ message: NOT_FOUND_EN, language: "en" });
    expect((await missingProduct({ "Accept-Language": "fr;q=0.4, ar-KW" })).language).toBe("ar");
  });

  it("translates field errors and the server's own refusals (413) too", async () => {
    const invalid = await fetch(`${base}/api/orders/pay`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: "lang=en", Origin: base }, body: "{}" });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.orderSessionId[0]).toBe(body.message);
    expect(body.message).not.toMatch(/[\u0600-\u06FF]/);

    const tooLarge = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en", Origin: base },
      body: JSON.stringify({ email: "x".repeat(70 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe("The request is too large: forms and JSON may be at most 64 KB.");
  });

  it("answers a method a path does not take with 405, Allow and the shop's message, on every path of the API document", async () => {
    const methodsByPath = new Map<string, Set<string>>();
    for (const op of API_OPERATIONS) {
      const path = op.path.replace(/\{[^}]+\}/g, "x1");
      methodsByPath.set(path, new Set([...(methodsByPath.get(path) ?? []), ...op.methods.map((method) => method.toUpperCase())]));
    }
    for (const [path, methods] of methodsByPath) {
      // A path that also takes a write has an action, which checks the session before the method.
      if (methods.has("GET") && methods.size > 1) continue;
      const wrong = methods.has("GET") ? "POST" : "GET";
      const answer = await fetch(`${base}${path}`, { method: wrong, headers: { "Accept-Language": "ar", Origin: base } });
      const allow = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((method) => methods.has(method) || (method === "HEAD" && methods.has("GET")));
      expect({ path, wrong, status: answer.status, allow: answer.headers.get("Allow") }).toEqual({ path, wrong, status: 405, allow: allow.join(", ") });
      const { message } = (await answer.json()) as { message: string };
      expect({ path, message }).toMatchObject({ path, message: expect.stringMatching(/^[\u0600-\u06FF]/) as unknown });
      expect(message).not.toContain("Unexpected");
    }
  });

  it("answers GET on a path that only takes POST with 405, not Remix's 400, in both languages when none is named", async () => {
    for (const path of ["/api/orders", "/api/orders/pay"]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status).toBe(405);
      expect(answer.headers.get("Allow")).toBe("POST");
      expect(await answer.json()).toEqual({ message: "Method not allowed / الطريقة غير مسموحة" });
    }
  });

  it("names what a path takes when its own action refuses the method", async () => {
    const answer = await fetch(`${base}/api/orders`, { method: "PUT", headers: { Cookie: "lang=en", Origin: base } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
    expect(await answer.json()).toEqual({ message: "Method not allowed" });
  });

  it("answers an unknown /api path with a JSON 404 in the named language, not the storefront's page", async () => {
    for (const path of ["/api/nonexistent", "/api/products/x1/y/z", "/api"]) {
      const answer = await fetch(`${base}${path}`, { headers: { Cookie: "lang=en" } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({ message: "This API has no such address." });
    }
    const both = await fetch(`${base}/api/nonexistent`, { method: "POST", headers: { Origin: base } });
    expect(both.status).toBe(404);
    expect(((await both.json()) as { message: string }).message).toMatch(/^This API has no such address\. \/ [\u0600-\u06FF]/);
  });

  it("carries Retry-After on a 429, in the named language", async () => {
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 61; attempt++) {
      answer = await fetch(`${base}/api/orders/ORD-0000000000`, { headers: { Cookie: "lang=en" } });
      if (answer.status === 429) break;
      await answer.body?.cancel();
    }
    expect(answer?.status).toBe(429);
    expect(Number(answer?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(answer?.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    expect(((await answer!.json()) as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
  });

  it("carries Retry-After on a page's 429 too (the order tracking page, whose lookups share the API's limit)", async () => {
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 61; attempt++) {
      answer = await fetch(`${base}/view-invoice?orderNumber=ORD-0000000000`, { headers: { Cookie: "lang=en" } });
      if (answer.status === 429) break;
      await answer.body?.cancel();
    }
    expect(answer?.status).toBe(429);
    expect(answer?.headers.get("Content-Type")).toContain("text/html");
    expect(Number(answer?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await answer!.text()).toContain("Too many attempts");
  });
});
