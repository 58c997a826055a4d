import { describe, expect, it } from "vitest";
import { digitsOnly, westernDigits } from "./digits";

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
