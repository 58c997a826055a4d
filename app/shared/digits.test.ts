import { describe, expect, it } from "vitest";
import { formatCount, localFigure } from "./digits";
import { digitsOnly, westernDigits } from "./typed-digits";

describe("digits typed on Arabic and Persian keyboards", () => {
  it("reads ٠–٩ and ۰–۹ as 0–9 and leaves everything else", () => {
    expect(westernDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(westernDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(westernDigits("ORD-١٧٠٠ block ٣")).toBe("ORD-1700 block 3");
    expect(westernDigits("فاطمة")).toBe("فاطمة");
  });

  it("keeps only digits, up to the field's length", () => {
    expect(digitsOnly("+٩٦٥ ٩٩٨٨ ٧٧٦٦", 11)).toBe("96599887766");
    expect(digitsOnly("٩٩٨٨٧٧٦٦١", 8)).toBe("99887766");
  });
});

describe("figures in the page's digits (decision 0079)", () => {
  it("writes counts and figures in Arabic-Indic digits on Arabic pages and leaves English ones", () => {
    expect(formatCount(30, "ar")).toBe("٣٠");
    expect(formatCount(30, "en")).toBe("30");
    expect(localFigure("-12.50", "ar")).toBe("-١٢٫٥٠");
    expect(localFigure("2026-11-25 12:12", "ar")).toBe("٢٠٢٦-١١-٢٥ ١٢:١٢");
  });

  it("reads back what it wrote", () => {
    expect(westernDigits(formatCount(1234567890, "ar"))).toBe("1234567890");
  });
});
