import { describe, expect, it } from "vitest";
import { streetName } from "./street";

describe("streetName", () => {
  it("drops the word street the shopper typed, in either language, before or after the name", () => {
    for (const typed of ["شارع بغداد", "  شارع  بغداد ", "Street Baghdad", "street baghdad", "St Baghdad", "St. Baghdad", "st.Baghdad", "Baghdad Street", "Baghdad St", "Baghdad st."]) {
      expect(streetName(typed).toLowerCase(), typed).toMatch(/^(بغداد|baghdad)$/);
    }
    expect(streetName("شارع 5")).toBe("5");
  });

  it("keeps a name that only starts like the word, and the word typed alone", () => {
    expect(streetName("Stanley")).toBe("Stanley");
    expect(streetName("Strand")).toBe("Strand");
    expect(streetName("Tunis")).toBe("Tunis");
    expect(streetName("شارع")).toBe("شارع");
  });
});
