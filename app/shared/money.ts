import type { Language } from "./language";
import { localFigure } from "./digits";

export const FILS_PER_KD = 1000;

/**
 * 2500 fils → "2.50 KD" / "٢٫٥٠ د.ك": the shop shows amounts with 2 decimals (SPEC section 9), in the page's digits
 * (docs/decisions/0079-the-digit-rule.md); an amount with a fils digit (a price entered as 2.875, its multiples and
 * shares) keeps its third decimal, so what is shown is what is charged and the lines add up (decision 0105).
 * Inputs, data and the API take `filsToKDInput` and `filsToKD` instead.
 */
export function formatKD(fils: number, language: Language = "en"): string {
  const { amount, currency } = kdParts(fils, language);
  return `${amount} ${currency}`;
}

/** The figure (with an optional sign) and the currency apart, for layouts that isolate the figure (issue 28). */
export function kdParts(fils: number, language: Language = "en", sign = "") {
  // The figure is written once, as the English one, and then in the page's digits: both languages always name the
  // same amount. Whole fils over 1000 to 3 decimals is exact (the binary fraction is far closer than half a fils);
  // a third decimal of 0 is dropped: 2500 → "2.50", 2875 → "2.875", -530 → "-0.53". Written short: every byte here
  // counts against the home page's script budget.
  return { amount: sign + localFigure((fils / FILS_PER_KD).toFixed(3).replace(/0$/, ""), language), currency: language === "ar" ? "د.ك" : "KD" };
}

/** Fils as a KD number for JSON answers (SPEC's API speaks KD): 2500 → 2.5. */
export function filsToKD(fils: number): number {
  return fils / FILS_PER_KD;
}
