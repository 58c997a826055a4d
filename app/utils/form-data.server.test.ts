import { describe, expect, it } from "vitest";
import { readFormData } from "./form-data.server";

async function refusal(request: Request) {
  try {
    await readFormData(request);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: (await thrown.json()) as { message: string } };
    throw thrown;
  }
  throw new Error("the form was read");
}

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://localhost/language", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

describe("readFormData", () => {
  it("reads a urlencoded form and a multipart form", async () => {
    expect((await readFormData(post("lang=en&redirectTo=%2F", "application/x-www-form-urlencoded"))).get("lang")).toBe("en");
    const form = new FormData();
    form.set("lang", "ar");
    expect((await readFormData(new Request("http://localhost/language", { method: "POST", body: form }))).get("lang")).toBe("ar");
  });

  it("answers 415 to a body that is not a form, where request.formData() throws a TypeError (a 500)", async () => {
    for (const request of [post("{}", "application/json"), post("lang=en", "text/plain"), post(null), new Request("http://localhost/language", { method: "DELETE" })]) {
      const answer = await refusal(request);
      expect(answer.status).toBe(415);
      expect(answer.body.message).toContain("application/x-www-form-urlencoded");
    }
  });

  it("answers 400 to a multipart body that does not parse", async () => {
    const answer = await refusal(post("--zzz\r\nbroken", "multipart/form-data; boundary=other"));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("The form could not be read.");
  });
});
