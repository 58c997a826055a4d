import { describe, expect, it } from "vitest";
import { inNamedLanguage } from "./api.server";

// What Remix answers when an API route throws (its last-resort answer in production).
const remixServerError = () => new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });

describe("an API route's unexpected error", () => {
  it("answers CONTRACT's JSON message in both languages, keeping the 500", async () => {
    const answer = await inNamedLanguage(new Request("http://shop.test/api/orders"), remixServerError());
    expect(answer.status).toBe(500);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ message: "An unexpected error happened. Please try again in a moment. / حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى بعد قليل." });
  });

  it("answers in the one language the request names", async () => {
    const request = new Request("http://shop.test/api/orders", { headers: { Cookie: "lang=ar" } });
    const answer = await inNamedLanguage(request, remixServerError());
    expect(answer.headers.get("Content-Language")).toBe("ar");
    expect(await answer.json()).toEqual({ message: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى بعد قليل." });
  });

  it("leaves a page's error page alone", async () => {
    const page = new Response("<!DOCTYPE html>", { status: 500, headers: { "Content-Type": "text/html" } });
    const answer = await inNamedLanguage(new Request("http://shop.test/products"), page);
    expect(await answer.text()).toBe("<!DOCTYPE html>");
  });
});
