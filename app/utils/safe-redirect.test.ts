import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/product/abc?x=1")).toBe("/product/abc?x=1");
    expect(safeRedirectPath("/?category=hair%20bows")).toBe("/?category=hair%20bows");
    expect(safeRedirectPath("/my-orders")).toBe("/my-orders");
  });

  it.each([
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    null,
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0a/evil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "/\u0000x",
    "/%E0%A4%A",
  ])(
    "sends %s home instead",
    (value) => {
      expect(safeRedirectPath(value)).toBe("/");
    },
  );
});
