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

  it("reads a decimal comma as the point and a comma only as a thousands separator where it groups three digits", () => {
    expect(parseKDToFils("2,5")).toBe(2500);
    expect(parseKDToFils("2,50")).toBe(2500);
    expect(parseKDToFils("1,250")).toBe(1_250_000);
    expect(parseKDToFils("12,345,678")).toBeNull();
    expect(parseKDToFils("1,234,567.5")).toBe(1_234_567_500);
    expect(parseKDToFils("٢٫٥")).toBe(2500);
    expect(parseKDToFils("١٬٢٥٠٫٥")).toBe(1_250_500);
    for (const unreadable of ["2,5000", "12,34,567", "2,5.5", ",5", "2,"]) expect(parseKDToFils(unreadable)).toBeNull();
  });

  it("answers KD numbers for the API", () => {
    expect(filsToKD(1750)).toBe(1.75);
  });
});
