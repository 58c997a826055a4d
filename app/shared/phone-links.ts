import { normalizeKuwaitiPhone } from "./phone";

/**
 * The owner's ways to reach a shopper from an order: a call (`tel:` with the country code, so a phone abroad dials
 * Kuwait) and a WhatsApp chat (wa.me wants the international number as digits only, no plus).
 */
export function phoneLinks(phone: string): { call: string; whatsapp: string } {
  const local = normalizeKuwaitiPhone(phone);
  return { call: `tel:+965${local}`, whatsapp: `https://wa.me/965${local}` };
}
