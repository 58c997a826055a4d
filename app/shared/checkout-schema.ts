import * as z from "./zod";
import { KUWAIT_PHONE_PATTERN, normalizeKuwaitiPhone } from "./phone";

import { BUILDING_TYPES } from "./building-types";
import { westernDigits } from "./typed-digits";

export { BUILDING_TYPES };

// A simple address check: something@something.something, as the SPEC's client does.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredText(message: string, max = 100) {
  return z
    .string({ error: message })
    .overwrite(westernDigits)
    .trim()
    .min(1, message)
    .max(max, "checkoutValidation.tooLong");
}

function optionalText(max: number) {
  return z.string().overwrite(westernDigits).trim().max(max, "checkoutValidation.tooLong").optional();
}

/**
 * SPEC section 5's checkout rules, one schema for the browser and the server. Messages are translation keys.
 * The city is a delivery area's English name; its fee is looked up by the server, never taken from here.
 */
export const CheckoutSchema = z.object({
  buildingType: z.enum(BUILDING_TYPES, { error: "checkoutValidation.buildingTypeRequired" }),
  fullName: requiredText("checkoutValidation.fullNameRequired"),
  email: z
    .string({ error: "checkoutValidation.emailRequired" })
    .trim()
    .min(1, "checkoutValidation.emailRequired")
    .max(254, "checkoutValidation.tooLong")
    .regex(EMAIL_PATTERN, "checkoutValidation.emailInvalid"),
  phone: z
    .string({ error: "checkoutValidation.phoneRequired" })
    // CONTRACT.md "Phone numbers": "+965 5123 4567" is kept as 51234567, and a number is never cut to fit.
    .overwrite(normalizeKuwaitiPhone)
    .min(1, "checkoutValidation.phoneRequired")
    .regex(KUWAIT_PHONE_PATTERN, "checkoutValidation.phoneInvalid"),
  city: requiredText("checkoutValidation.cityRequired"),
  street: requiredText("checkoutValidation.streetRequired"),
  streetNumber: requiredText("checkoutValidation.streetNumberRequired", 30),
  block: requiredText("checkoutValidation.blockRequired", 30),
  buildingNumber: requiredText("checkoutValidation.buildingNumberRequired", 30),
  floor: optionalText(30),
  apartmentNumber: optionalText(30),
  notes: optionalText(500),
  /** the shopper agreed to hear of the order on WhatsApp (a ticked box sends "on") */
  notifyWhatsApp: z.boolean().optional(),
});

export type CheckoutDetails = z.infer<typeof CheckoutSchema>;
