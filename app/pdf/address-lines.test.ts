import { describe, expect, it } from "vitest";
import { addressLines } from "~/pdf/invoice.server";

const order = { buildingType: "Villa", city: "Hawalli", cityAr: "حولي", block: "3", streetNumber: "12", buildingNumber: "7", floor: "", apartmentNumber: "" };

describe("addressLines (invoice, credit note, the owner's paid-order mail)", () => {
  it("names the street once when the shopper typed the word street herself (issue 43)", () => {
    for (const street of ["شارع بغداد", "Baghdad Street", "St. Baghdad"]) {
      const lines = addressLines({ ...order, street });
      expect(lines.ar, street).not.toMatch(/شارع\s+شارع/);
      expect(lines.ar).toMatch(/شارع (بغداد|Baghdad)،/);
      expect(lines.en).toMatch(/Street (بغداد|Baghdad),/);
      expect(lines.en).not.toMatch(/Street\s+(St|Street)\b/i);
    }
  });
});
