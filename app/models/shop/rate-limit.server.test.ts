import { describe, expect, it } from "vitest";
import { hitRateLimit } from "./rate-limit.server";

describe("hitRateLimit", () => {
  it("allows up to the limit within a window, then refuses until the window ends", async () => {
    const key = `test:${Math.random()}`;
    const start = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 3; i++) expect((await hitRateLimit(key, 3, 60, start)).allowed).toBe(true);
    const refused = await hitRateLimit(key, 3, 60, new Date(start.getTime() + 10_000));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(50);
    expect((await hitRateLimit(key, 3, 60, new Date(start.getTime() + 61_000))).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const key = `race:${Math.random()}`;
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(key, 5, 60, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });
});
