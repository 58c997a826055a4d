import * as z from "./zod";
import { KUWAIT_PHONE_PATTERN, normalizeKuwaitiPhone } from "./phone";

import { BUILDING_TYPES } from "./building-types";
import { westernDigits } from "./typed-digits";
import { GIFT_NOTE_MAX, giftNoteLength } from "./gift-note";

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

/** `YYYY-MM-DD|windowId`: the delivery window's radio button, its day and the owner's window. */
const DELIVERY_SLOT_VALUE = /^(\d{4}-\d{2}-\d{2})\|([A-Za-z0-9_-]{1,64})$/;

export function readDeliverySlotValue(value: string | undefined): { date: string; windowId: string } | null {
  const match = value ? DELIVERY_SLOT_VALUE.exec(value) : null;
  return match ? { date: match[1], windowId: match[2] } : null;
}

/**
 * The gift and the delivery window (issue 48). The gift's fields count only when "This is a gift" is ticked (the form
 * without JavaScript posts them all); the recipient's phone is read like the shopper's. A wanted window is checked
 * against the owner's windows by the server, which alone knows them.
 */
function giftAndSlotFields() {
  return {
    isGift: z.boolean().optional(),
    giftNote: z
      .string()
      .refine((note) => giftNoteLength(note) <= GIFT_NOTE_MAX, "checkoutGift.noteTooLong")
      .optional(),
    giftWrap: z.boolean().optional(),
    giftRecipientName: optionalText(100),
    giftRecipientPhone: z.string().overwrite(normalizeKuwaitiPhone).regex(KUWAIT_PHONE_PATTERN, "checkoutValidation.phoneInvalid").optional(),
    deliverySlot: z.string().regex(DELIVERY_SLOT_VALUE, "checkoutGift.slotRequired").optional(),
  };
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
  ...giftAndSlotFields(),
});

export type CheckoutDetails = z.infer<typeof CheckoutSchema>;

/** The checkout's gift and window as placing takes them: the gift's fields only when "This is a gift" is ticked. */
export function giftAndSlotOf(details: CheckoutDetails) {
  const gift = details.isGift
    ? { note: details.giftNote, wrap: details.giftWrap === true, recipientName: details.giftRecipientName, recipientPhone: details.giftRecipientPhone }
    : null;
  return { gift, deliverySlot: readDeliverySlotValue(details.deliverySlot) };
}
