import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/product/abc?x=1")).toBe("/product/abc?x=1");
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "", null])(
    "sends %s home instead",
    (value) => {
      expect(safeRedirectPath(value)).toBe("/");
    },
  );
});
