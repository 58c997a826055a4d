import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../app/utils/logger.server";
import { answerApiErrors } from "./api-methods";

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base: string;

beforeAll(async () => {
  const app = express();
  // A handler that throws before it answers, as the Remix handler passes on such an error.
  app.use(() => {
    throw new Error("the database went away");
  });
  app.use(answerApiErrors);
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

describe("an error thrown before an answer", () => {
  it("reaches an API client as JSON in both languages, and the log", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const answer = await fetch(`${base}/api/orders`);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: "the database went away" }) }), "API request failed");
    expect(answer.status).toBe(500);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ message: "An unexpected error happened. Please try again in a moment. / حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى بعد قليل." });
  });

  it("in the one language the request names", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const answer = await fetch(`${base}/api/orders`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(answer.headers.get("Content-Language")).toBe("en");
    expect(await answer.json()).toEqual({ message: "An unexpected error happened. Please try again in a moment." });
  });

  it("leaves a page's error to Express", async () => {
    const answer = await fetch(`${base}/products`);
    expect(answer.status).toBe(500);
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});
