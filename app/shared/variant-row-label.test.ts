import { describe, expect, it } from "vitest";
import { variantRowLabel } from "./option-rows";

/** The owner's options as the product form holds them: three rows, the last one blank. */
const options = [
  { nameEn: "Colour", nameAr: "اللون", valuesEn: "Red\nBlue", valuesAr: "أحمر\nأزرق" },
  { nameEn: "Size", nameAr: "المقاس", valuesEn: "S\nL", valuesAr: "صغير\nكبير" },
  { nameEn: "", nameAr: "", valuesEn: "", valuesAr: "" },
];

describe("the variant grid's row names (issue 43)", () => {
  it("names a row's values in Arabic on an Arabic page, with no Latin letter", () => {
    const label = variantRowLabel("Blue / L", options, "ar");
    expect(label).toBe("أزرق / كبير");
    expect(label).not.toMatch(/[A-Za-z]/);
  });

  it("keeps the English names on an English page, and a value without an Arabic name as typed", () => {
    expect(variantRowLabel("Blue / L", options, "en")).toBe("Blue / L");
    expect(variantRowLabel("Red / S", [options[0], { ...options[1], valuesAr: "صغير" }], "ar")).toBe("أحمر / صغير");
    expect(variantRowLabel("Red / L", [options[0], { ...options[1], valuesAr: "صغير" }], "ar")).toBe("أحمر / L");
  });
});
