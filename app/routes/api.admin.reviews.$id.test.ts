import { describe, expect, it } from "vitest";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { action } from "./api.admin.reviews.$id";

async function refusal(cookie: string, json: unknown) {
  const answer = await action({ request: request("/api/admin/reviews/any", { method: "PUT", cookie, json }), params: { id: "any" }, context: { cspNonce: "" } }).catch((thrown: unknown) => thrown);
  if (!(answer instanceof Response)) throw new Error("expected an answer");
  return { status: answer.status, body: await answer.json() };
}

describe("PUT /api/admin/reviews/{id}", () => {
  it("refuses a wrong status or a reply that is not text in the shop's words, not zod's", async () => {
    const { cookie } = await adminCookie();
    expect(await refusal(cookie, { status: "pending" })).toEqual({
      status: 400,
      body: { message: "Choose whether to publish or hide the review. / اختر نشر التقييم أو إخفاءه.", fieldErrors: { status: ["Choose whether to publish or hide the review. / اختر نشر التقييم أو إخفاءه."] } },
    });
    expect(await refusal(cookie, { reply: 123 })).toMatchObject({ status: 400, body: { message: "The reply must be text, or empty to take it away. / يجب أن يكون الرد نصًا، أو فارغًا لحذفه." } });
  });
});
