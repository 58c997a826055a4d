import type { Language } from "./language";

/**
 * Arabic keyboards type Arabic-Indic digits (٠–٩) and Persian ones Eastern Arabic-Indic (۰–۹): wherever the shop
 * asks for digits (phones, codes, card fields, block and building numbers, order numbers, quantities, amounts), it
 * reads them as 0–9, in the browser as it types and on the server, which may get a form sent without JavaScript.
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function westernDigits(value: string): string {
  // U+0660–U+0669 and U+06F0–U+06F9: the digit's value is the code point's last hexadecimal digit.
  return value.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** What a field that takes only digits keeps of what was typed: the digits, read as 0–9, at most `max` of them. */
export function digitsOnly(value: string, max: number): string {
  return westernDigits(value).replace(/\D/g, "").slice(0, max);
}

const ARABIC_INDIC_ZERO = 0x0660;
const ARABIC_DECIMAL_SEPARATOR = "\u066B";

/**
 * The digit rule (docs/decisions/0079-the-digit-rule.md): a figure the shop shows (an amount, a count, a date) is
 * written in the page's digits, Arabic-Indic on an Arabic page as Intl's "ar-EG" writes them ("٢٫٥٠"), Latin on an
 * English one. What a person types back (order numbers, phones, codes) never goes through this: it stays Latin.
 * `figure` is a number as JavaScript writes it ("2.50", "-12"); only its digits and its decimal point change.
 */
export function localFigure(figure: string, language: Language): string {
  if (language !== "ar") return figure;
  return figure.replace(/[0-9.]/g, (char) => (char === "." ? ARABIC_DECIMAL_SEPARATOR : String.fromCharCode(ARABIC_INDIC_ZERO + Number(char))));
}

/** A count (orders, pieces, days) in the page's digits: 12 → "١٢" in Arabic, "12" in English. */
export function formatCount(count: number, language: Language): string {
  return localFigure(String(count), language);
}
