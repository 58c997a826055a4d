import * as z from "./zod";
import { westernDigits } from "./typed-digits";

/** Luhn's check digit: catches a mistyped digit or two swapped neighbours. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as people paste it ("4242 4242 4242 4242", "4242-4242-…"): the spaces and dashes are dropped, not the digits. */
export function cardNumberDigits(value: string): string {
  return westernDigits(value).replace(/[\s-]/g, "");
}

/** The card must be valid through the end of its expiry month. */
export function isExpired(month: string, year: string, now = new Date()): boolean {
  const expiryYear = 2000 + Number(year);
  const expiryMonth = Number(month);
  const currentYear = now.getUTCFullYear();
  return expiryYear < currentYear || (expiryYear === currentYear && expiryMonth < now.getUTCMonth() + 1);
}

/** SPEC section 5's card rules; the browser shows the same messages the server answers. */
export const CardSchema = z
  .object({
    orderSessionId: z.string().min(1).max(100),
    cardholderName: z.string({ error: "checkoutValidation.cardholderRequired" }).trim().min(1, "checkoutValidation.cardholderRequired").max(100),
    cardNumber: z
      .string({ error: "checkoutValidation.cardNumberDigits" }).overwrite(cardNumberDigits)
      .regex(/^\d{16}$/, "checkoutValidation.cardNumberDigits")
      .refine(passesLuhn, "checkoutValidation.cardNumberInvalid"),
    month: z
      .string({ error: "checkoutValidation.cardMonthDigits" }).overwrite(westernDigits)
      .regex(/^\d{2}$/, "checkoutValidation.cardMonthDigits")
      .refine((value) => Number(value) >= 1 && Number(value) <= 12, "checkoutValidation.cardMonthInvalid"),
    year: z.string({ error: "checkoutValidation.cardYearDigits" }).overwrite(westernDigits).regex(/^\d{2}$/, "checkoutValidation.cardYearDigits"),
    cvv: z.string({ error: "checkoutValidation.cardCvvDigits" }).overwrite(westernDigits).regex(/^\d{3}$/, "checkoutValidation.cardCvvDigits"),
  })
  .superRefine((card, context) => {
    if (/^\d{2}$/.test(card.month) && /^\d{2}$/.test(card.year) && isExpired(card.month, card.year)) {
      context.addIssue({ code: "custom", path: ["year"], message: "checkoutValidation.cardExpired" });
    }
  });

export type CardInput = z.infer<typeof CardSchema>;
