import { describe, expect, it } from "vitest";
import { CardSchema, isExpired, passesLuhn } from "~/shared/card-schema";
import { normalizeOrderNumber } from "~/shared/order-number";

describe("card rules", () => {
  it("checks Luhn and expiry", () => {
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
    const now = new Date("2026-11-15T00:00:00Z");
    expect(isExpired("11", "26", now)).toBe(false);
    expect(isExpired("10", "26", now)).toBe(true);
    expect(isExpired("01", "27", now)).toBe(false);
  });

  it("gives SPEC section 5's messages as translation keys", () => {
    const result = CardSchema.safeParse({ orderSessionId: "ps_1", cardholderName: " ", cardNumber: "4111 1111", month: "1", year: "2", cvv: "12a" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "checkoutValidation.cardholderRequired",
        "checkoutValidation.cardNumberDigits",
        "checkoutValidation.cardMonthDigits",
        "checkoutValidation.cardYearDigits",
        "checkoutValidation.cardCvvDigits",
      ]),
    );
  });
});

describe("normalizeOrderNumber", () => {
  it("trims and upper-cases the ord- prefix only", () => {
    expect(normalizeOrderNumber("  ord-123  ")).toBe("ORD-123");
    expect(normalizeOrderNumber("Ord-9")).toBe("ORD-9");
    expect(normalizeOrderNumber("123")).toBe("123");
    expect(normalizeOrderNumber("   ")).toBe("");
  });

  it("keeps the 16 digits of a card number pasted with spaces or dashes (issue 43)", () => {
    const card = { orderSessionId: "ps_1", cardholderName: "Noura", month: "12", year: "39", cvv: "123" };
    for (const cardNumber of ["4242 4242 4242 4242", "4242-4242-4242-4242", "٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢"]) {
      const result = CardSchema.safeParse({ ...card, cardNumber });
      expect(result.success, cardNumber).toBe(true);
      expect(result.data?.cardNumber).toBe("4242424242424242");
    }
    expect(CardSchema.safeParse({ ...card, cardNumber: "4242 4242 4242 424x" }).success).toBe(false);
  });
});
