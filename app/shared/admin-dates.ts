/** The shop's days are Kuwait days (UTC+3 all year, no daylight saving). */
const KUWAIT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A day of the years 2000 to 9999: no order, report or coupon of the shop falls before them, and a year such as 0001
 * (typed while typing 2026) starts before any instant PostgreSQL's timestamps take, which answered 500.
 */
const DATE_PATTERN = /^[2-9]\d{3}-\d\d-\d\d$/;

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

const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * An ISO 8601 date-time ("2026-11-25T20:10:00.000Z", "2026-11-25T23:10+03:00") as an instant; one without an
 * offset is Kuwait time, as a day is a Kuwait day. Null for anything else, an impossible day included.
 */
export function parseDateTime(value: string): Date | null {
  const match = DATE_TIME_PATTERN.exec(value);
  if (!match || !isDateKey(match[1])) return null;
  const [, day, hours, minutes, seconds = "00", fraction = "0", zone = "+03:00"] = match;
  const offset = zone === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const instant = new Date(`${day}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, "0").slice(0, 3)}${offset}`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * A start or an end given as a Kuwait day or as a date-time: a day starts at its first instant and ends at the first
 * instant after it (the day included), a date-time is that instant. Null when it is neither.
 */
export function dayOrInstant(value: string, edge: "start" | "end"): Date | null {
  if (isDateKey(value)) return edge === "start" ? kuwaitDayStart(value) : kuwaitDayEnd(value);
  return parseDateTime(value);
}

/** The stored start or end read back: the Kuwait day when it falls on a day's edge, else the instant in ISO 8601. */
export function dayOrInstantKey(instant: Date, edge: "start" | "end"): string {
  const day = kuwaitDateKey(edge === "start" ? instant : new Date(instant.getTime() - 1));
  const edgeOfDay = edge === "start" ? kuwaitDayStart(day) : kuwaitDayEnd(day);
  return edgeOfDay.getTime() === instant.getTime() ? day : instant.toISOString();
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
