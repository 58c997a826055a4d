/** A `YYYY-MM-DD` day as the shopper reads it in their language (the delay notice): weekday, day, month and year. */
export function deliveryDateText(date: string, language: "ar" | "en"): string {
  return new Intl.DateTimeFormat(language === "ar" ? "ar-EG" : "en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
