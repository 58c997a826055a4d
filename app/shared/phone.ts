import { westernDigits } from "./typed-digits";

/** Kuwaiti mobile and landline numbers: 8 digits starting with 5, 6 or 9, shown with +965 (SPEC sections 5, 9). */
export const KUWAIT_PHONE_PATTERN = /^[569]\d{7}$/;
export const KUWAIT_DIALING_PREFIX = "+965";

/**
 * What a person types between the digits of a phone: spaces (also the no-break ones a paste brings), dashes,
 * brackets, and the invisible direction marks an Arabic page adds around a copied number. Letters and other signs
 * are kept, so a number with them stays wrong instead of being read as something else.
 */
const PHONE_SEPARATORS = /[\s\-\u2010-\u2015\u2212()[\]{}\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A country code written before the 8 local digits: +965, 00965 or 965. */
const WITH_COUNTRY_CODE = /^(?:\+965|00965|965)(\d{8})$/;

/**
 * CONTRACT.md "Phone numbers", the one reader of every phone the shop is given (checkout, account, lookups, returns,
 * settings, the API; in the browser and on the server): separators dropped, Arabic-Indic and Persian digits read as
 * digits, a +965, 00965 or 965 before 8 digits dropped. Answers the 8 local digits when they are a Kuwaiti phone,
 * else what was typed, cleaned, which KUWAIT_PHONE_PATTERN refuses: a number is never cut to fit.
 */
export function normalizeKuwaitiPhone(value: string): string {
  const cleaned = westernDigits(value).replace(PHONE_SEPARATORS, "");
  return WITH_COUNTRY_CODE.exec(cleaned)?.[1] ?? cleaned;
}

/** The 8 local digits of a Kuwaiti phone as typed, or null when it is not one. */
export function readKuwaitiPhone(value: string | null | undefined): string | null {
  const phone = normalizeKuwaitiPhone(value ?? "");
  return KUWAIT_PHONE_PATTERN.test(phone) ? phone : null;
}

/**
 * The digits an admin search looks for in stored phones: part of a number may be typed ("5123", "+965 5123"), so a
 * written country code is dropped at any length; a bare 965 only when 8 digits follow (otherwise it may be the number's
 * own start, as in 9655 1234).
 */
export function phoneSearchDigits(value: string): string {
  const cleaned = normalizeKuwaitiPhone(value);
  return cleaned.replace(/^(?:\+965|00965)/, "").replace(/\D/g, "");
}
