import { describe, expect, it } from "vitest";
import { filsToKD, filsToKDInput, formatKD, parseKDToFils } from "~/shared/money";

describe("money", () => {
  it("shows amounts with 2 decimals in each language", () => {
    expect(formatKD(2500, "en")).toBe("2.50 KD");
    expect(formatKD(1800, "ar")).toBe("1.80 د.ك");
  });

  it("edits admin prices to 3 decimals", () => {
    expect(filsToKDInput(1250)).toBe("1.250");
  });

  it("parses KD text to exact fils, stripping commas", () => {
    expect(parseKDToFils("1,250.5")).toBe(1250500);
    expect(parseKDToFils("0.1")).toBe(100);
    expect(parseKDToFils("2.345")).toBe(2345);
    expect(parseKDToFils("-1")).toBeNull();
    expect(parseKDToFils("1.2345")).toBeNull();
    expect(parseKDToFils("abc")).toBeNull();
  });

  it("answers KD numbers for the API", () => {
    expect(filsToKD(1750)).toBe(1.75);
  });
});
