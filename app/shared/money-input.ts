import { FILS_PER_KD } from "./money";
import { westernDigits } from "./typed-digits";

/** 2500 fils → "2.500": admin price inputs are edited to 3 decimals. */
export function filsToKDInput(fils: number): string {
  return (fils / FILS_PER_KD).toFixed(3);
}

/**
 * The most an amount the owner types may be: a price, a price before discount, a coupon's value or minimum, the
 * free-delivery threshold, the gift-wrapping price (docs/decisions/0108-the-largest-amount-an-owner-types.md).
 */
export const MAX_AMOUNT_KD = 10_000;

/** `parseKDToFils` within MAX_AMOUNT_KD: null above it, as for an amount that cannot be read. */
export function parseAmountToFils(value: string): number | null {
  const fils = parseKDToFils(value);
  return fils !== null && fils <= MAX_AMOUNT_KD * FILS_PER_KD ? fils : null;
}

/**
 * "1,250.5" → 1250500 fils, or null when it is not a non-negative amount with at most 3 decimals.
 * Parsed from the text, never through floating point, so amounts stay exact to the fils.
 *
 * A comma is a thousands separator only where it groups three digits ("1,250.000"); a decimal comma, as many
 * keyboards type it, is read as the point when 1 or 2 digits follow it at the end ("2,5" is 2.500 KD, never 25), and
 * so is the Arabic decimal separator "٫". Any other comma makes the amount unreadable rather than ten times larger.
 */
export function parseKDToFils(value: string): number | null {
  const typed = westernDigits(value).trim().replace(/\u066B/g, ".").replace(/\u066C/g, ",");
  const cleaned = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed) ? typed.replace(/,/g, "") : typed.replace(/^(\d+),(\d{1,2})$/, "$1.$2");
  const match = /^(\d{1,7})(?:\.(\d{0,3}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(3, "0"));
  return whole * FILS_PER_KD + fraction;
}
