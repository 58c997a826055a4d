import { westernDigits } from "./typed-digits";

/** SPEC section 5: trimmed, Arabic-Indic digits read as 0–9, and an `ord-` prefix in any case becomes `ORD-`. */
export function normalizeOrderNumber(value: string): string {
  const trimmed = westernDigits(value).trim();
  return /^ord-/i.test(trimmed) ? `ORD-${trimmed.slice(4)}` : trimmed;
}
