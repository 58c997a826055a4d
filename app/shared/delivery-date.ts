import { dateFormat } from "./admin-dates";

/**
 * A `YYYY-MM-DD` day as the shopper reads it in their language (the delay notice): weekday, day, month and, in an
 * e-mail, the year; a phone message leaves the year out to stay within two Arabic SMS parts.
 */
export function deliveryDateText(date: string, language: "ar" | "en", { year = true } = {}): string {
  const parts: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: year ? "numeric" : undefined, timeZone: "UTC" };
  return dateFormat(language, parts, "en-GB").format(new Date(`${date}T00:00:00Z`));
}
