import type { Language } from "./language";

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
