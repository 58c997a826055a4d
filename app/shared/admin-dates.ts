/** The shop's days are Kuwait days (UTC+3 all year, no daylight saving). */
const KUWAIT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDateKey(value: unknown): value is string {
  if (typeof value !== "string" || !DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "2026-11-22" for the Kuwait day an instant falls in. */
export function kuwaitDateKey(instant: Date): string {
  return new Date(instant.getTime() + KUWAIT_OFFSET_MS).toISOString().slice(0, 10);
}

export function todayInKuwait(now = new Date()): string {
  return kuwaitDateKey(now);
}

/** The first instant of a Kuwait day. */
export function kuwaitDayStart(dateKey: string): Date {
  return new Date(new Date(`${dateKey}T00:00:00Z`).getTime() - KUWAIT_OFFSET_MS);
}

/** The first instant after a Kuwait day, for half-open ranges [start, end). */
export function kuwaitDayEnd(dateKey: string): Date {
  return new Date(kuwaitDayStart(dateKey).getTime() + DAY_MS);
}

export function daysBetween(fromKey: string, toKey: string): number {
  return Math.round((kuwaitDayStart(toKey).getTime() - kuwaitDayStart(fromKey).getTime()) / DAY_MS);
}

/** True when the range is exactly one calendar month, first day to last day. */
export function isFullMonth(fromKey: string, toKey: string): boolean {
  if (!fromKey.endsWith("-01") || fromKey.slice(0, 7) !== toKey.slice(0, 7)) return false;
  const [year, month] = fromKey.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Number(toKey.slice(8, 10)) === lastDay;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl date format, made once per locale and options: building one costs tens of microseconds, which a table of
 * orders or a My Orders page paid on every row.
 */
export function dateFormat(language: "ar" | "en", options: Intl.DateTimeFormatOptions, englishLocale = "en-US"): Intl.DateTimeFormat {
  const locale = language === "ar" ? "ar-EG" : englishLocale;
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Dates for admin tables, formatted on the server (same text on both sides, no hydration mismatch). */
export function formatAdminDateTime(instant: Date, language: "ar" | "en"): string {
  return dateFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kuwait" }).format(instant);
}

/** A long date of Kuwait's calendar (SPEC section 2: Arabic-Egypt or English-US), for the admin and the shopper alike. */
export function formatAdminDate(instant: Date, language: "ar" | "en"): string {
  return dateFormat(language, { dateStyle: "long", timeZone: "Asia/Kuwait" }).format(instant);
}
