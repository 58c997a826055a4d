import { describe, expect, it } from "vitest";
import { PAGE_RULE, readPageParam, readWholeNumber } from "./paging";

describe("readWholeNumber", () => {
  const rule = { fallback: 20, min: 1, max: 100 };

  it("accepts whole numbers within range and gives the fallback when the value is left out", () => {
    expect(readWholeNumber("1", rule)).toBe(1);
    expect(readWholeNumber("100", rule)).toBe(100);
    expect(readWholeNumber(" 7 ", rule)).toBe(7);
    expect(readWholeNumber(null, rule)).toBe(20);
    expect(readWholeNumber("", rule)).toBe(20);
  });

  it("refuses fractions, signs, exponents, words and numbers out of range", () => {
    for (const value of ["1.5", "2.5", "-1", "+1", "1e2", "0x10", "abc", "0", "101", "99999999999", "Infinity", "NaN"]) {
      expect(readWholeNumber(value, rule), value).toBeNull();
    }
  });
});

describe("readPageParam", () => {
  it("falls back to the default for a bad page, as pages do", () => {
    expect(readPageParam(new URLSearchParams("page=3"), "page")).toBe(3);
    expect(readPageParam(new URLSearchParams("page=1.5"), "page")).toBe(PAGE_RULE.fallback);
    expect(readPageParam(new URLSearchParams("page=-2"), "page")).toBe(PAGE_RULE.fallback);
  });
});
