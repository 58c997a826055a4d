import { describe, expect, it } from "vitest";
import { westernDigits } from "~/shared/typed-digits";
import { filsToKD, formatKD, kdParts } from "~/shared/money";
import { filsToKDInput, parseKDToFils } from "~/shared/money-input";

describe("money", () => {
  it("shows amounts with 2 decimals in each language, in Arabic-Indic digits on Arabic pages (decision 0079)", () => {
    expect(formatKD(2500, "en")).toBe("2.50 KD");
    expect(formatKD(1800, "ar")).toBe("١٫٨٠ د.ك");
    expect(formatKD(1234560, "ar")).toBe("١٢٣٤٫٥٦ د.ك");
    expect(formatKD(1800, "ar")).not.toMatch(/[0-9]/);
  });

  it("keeps the third decimal of an amount with a fils digit, so shown lines add up to what is charged (decision 0105)", () => {
    expect(formatKD(2875, "en")).toBe("2.875 KD");
    expect(formatKD(2 * 2875, "en")).toBe("5.75 KD");
    expect(formatKD(7395, "en")).toBe("7.395 KD");
    expect(formatKD(17875, "ar")).toBe("١٧٫٨٧٥ د.ك");
    expect(formatKD(5, "en")).toBe("0.005 KD");
    expect(formatKD(-530, "en")).toBe("-0.53 KD");
    expect(kdParts(3875, "en", "-").amount).toBe("-3.875");
  });

  it("writes the Arabic figure as Intl's ar-EG does, the same amount as the English one", () => {
    const arEG = new Intl.NumberFormat("ar-EG", { minimumFractionDigits: 2, maximumFractionDigits: 3, useGrouping: false });
    for (const fils of [0, 5, 800, 2500, 2875, 12340, 99990, 1234567]) {
      expect(kdParts(fils, "ar").amount).toBe(arEG.format(fils / 1000));
      expect(westernDigits(kdParts(fils, "ar").amount).replace("\u066B", ".")).toBe(kdParts(fils, "en").amount);
    }
  });

  it("edits admin prices to 3 decimals, in Latin digits whatever the page (an input's value)", () => {
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
