/**
 * A figure as an Arabic or English page shows it (decision 0079): "3.25" → "٣٫٢٥" in Arabic, unchanged in English.
 * Written here apart from the app's formatter, so a journey checks the page against the rule, not against itself.
 */
export function figure(latin: string, language: "ar" | "en"): string {
  if (language === "en") return latin;
  return latin.replace(/[0-9.]/g, (char) => (char === "." ? "٫" : "٠١٢٣٤٥٦٧٨٩"[Number(char)]));
}
