import type { Language } from "./language";
import { kdParts } from "./money";

/**
 * Left-to-right islands in Arabic text (issue 28, point 5): card numbers, phones, order numbers and amounts are read
 * left to right even inside a right-to-left line. In HTML the `<Ltr>` component (a `<bdi dir="ltr">` that does not
 * break) does it; where there is only text (mails, the PDF's lines, a toast's message) the number goes between
 * U+2066 (left-to-right isolate) and U+2069 (pop directional isolate). Browsers, mail clients and the PDF's bidi step
 * (app/pdf/text.server.ts, which strips them before drawing) honour them; they are invisible and never extracted.
 */
export const LRI = "\u2066";
export const PDI = "\u2069";

export function bidiIsolate(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/**
 * An amount for plain text: "2.50 KD" in English, and in Arabic the signed figure as an island before the currency,
 * so that "-0.80 د.ك" keeps its minus on the left of the digits ("0.80-" otherwise).
 */
export function formatKDText(fils: number, language: Language = "en", sign: "" | "-" = ""): string {
  const { amount, currency } = kdParts(fils, language, sign);
  return language === "ar" ? `${bidiIsolate(amount)} ${currency}` : `${amount} ${currency}`;
}
