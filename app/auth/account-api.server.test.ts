import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonBody } from "./account-api.server";

async function refusal(schema: z.ZodType, json: unknown) {
  const request = new Request("http://localhost/api/any", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });
  const answer = await parseJsonBody(request, schema).catch((thrown: unknown) => thrown);
  if (!(answer instanceof Response)) throw new Error("expected an answer");
  return answer.json();
}

describe("parseJsonBody", () => {
  it("names a field its schema gives no message for in both languages, never in zod's English", async () => {
    const schema = z.object({ kind: z.enum(["a", "b"]), count: z.number() });
    expect(await refusal(schema, { kind: "c", count: "x" })).toEqual({
      message: "kind is not valid. / قيمة kind غير صحيحة.",
      fieldErrors: { kind: ["kind is not valid. / قيمة kind غير صحيحة."], count: ["count is not valid. / قيمة count غير صحيحة."] },
    });
    expect(await refusal(schema, [1])).toMatchObject({ message: "The request must be a JSON object with the fields this address takes. / يجب أن يكون الطلب كائن JSON بالحقول التي يقبلها هذا العنوان." });
  });
});
