import { describe, expect, it } from "vitest";
import { databaseEngine } from "~/db.server";
import { loader } from "~/routes/healthz";

describe("GET /healthz", () => {
  it(`answers 200 when the ${databaseEngine} database answers`, async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
