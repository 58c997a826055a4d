import { describe, expect, it } from "vitest";
import { CheckoutSchema } from "./checkout-schema";
import { KUWAIT_PHONE_PATTERN, normalizeKuwaitiPhone, phoneSearchDigits, readKuwaitiPhone } from "./phone";

describe("a Kuwaiti phone as typed (CONTRACT.md Phone numbers)", () => {
  it.each([
    ["+965 5123 4567", "51234567"],
    ["5123 4567", "51234567"],
    ["51234567", "51234567"],
    ["٩٩٨٨٧٧٦٦", "99887766"],
    ["۶۰۰۰ ۰۰۰۰", "60000000"],
    ["00965 6123 4567", "61234567"],
    ["965 9123 4567", "91234567"],
    ["96591234567", "91234567"],
    ["(+965) 5123-4567", "51234567"],
    ["+٩٦٥ ٥١٢٣ ٤٥٦٧", "51234567"],
    ["\u200e+965 5123 4567\u200f", "51234567"],
    ["96551234", "96551234"],
  ])("reads %j as %s", (typed, phone) => {
    expect(readKuwaitiPhone(typed)).toBe(phone);
    expect(normalizeKuwaitiPhone(typed)).toBe(phone);
    expect(KUWAIT_PHONE_PATTERN.test(normalizeKuwaitiPhone(typed))).toBe(true);
  });

  it.each([
    ["7 digits", "5123 456"],
    ["9 digits that are no prefixed number", "512345678"],
    ["a number starting with 4", "41234567"],
    ["+965 before 7 digits", "+965 5123 456"],
    ["+965 before 9 digits", "+965 5123 45678"],
    ["letters among the digits", "5123x4567"],
    ["another country's code", "+966 5123 4567"],
    ["nothing", ""],
  ])("refuses %s, never cutting it to 8 digits", (_, typed) => {
    expect(readKuwaitiPhone(typed)).toBeNull();
    expect(KUWAIT_PHONE_PATTERN.test(normalizeKuwaitiPhone(typed))).toBe(false);
  });

  it("is what the checkout's schema keeps, in the browser and on the server", () => {
    const details = { buildingType: "Villa", fullName: "Sara", email: "s@example.com", city: "Hawalli", street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3" };
    const kept = CheckoutSchema.safeParse({ ...details, phone: "+965 5123 4567" });
    expect(kept.success && kept.data.phone).toBe("51234567");
    const refused = CheckoutSchema.safeParse({ ...details, phone: "+965 512" });
    expect(refused.success ? null : refused.error.issues.map((issue) => issue.message)).toEqual(["checkoutValidation.phoneInvalid"]);
  });

  it("lets an admin search by part of a number, with or without the country code", () => {
    expect(phoneSearchDigits("+965 5123")).toBe("5123");
    expect(phoneSearchDigits("965 5123 4567")).toBe("51234567");
    expect(phoneSearchDigits("9655 12")).toBe("965512");
    expect(phoneSearchDigits("٥١٢٣")).toBe("5123");
  });
});
