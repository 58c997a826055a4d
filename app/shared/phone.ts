import { westernDigits } from "./digits";

/** Kuwaiti mobile and landline numbers: 8 digits starting with 5, 6 or 9, shown with +965 (SPEC sections 5, 9). */
export const KUWAIT_PHONE_PATTERN = /^[569]\d{7}$/;
export const KUWAIT_DIALING_PREFIX = "+965";

/** Accepts what people type ("+965 6000 0000", "0096560000000", "٩٩٨٨٧٧٦٦") and keeps the 8 local digits. */
export function normalizeKuwaitiPhone(value: string): string {
  const digits = westernDigits(value).replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("965")) return digits.slice(3);
  if (digits.length === 13 && digits.startsWith("00965")) return digits.slice(5);
  return digits;
}
