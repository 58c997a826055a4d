import * as z from "./zod";
import { isDateKey, kuwaitDayStart, todayInKuwait } from "./admin-dates";
import { westernDigits } from "./typed-digits";

/**
 * Delivery windows (issue 48, CONTRACT.md "Gifts and delivery times", decision 0091). Every time here is Kuwait time
 * (UTC+3 all year): a window's "HH:MM", the same-day cut-off and the days, whatever zone the server runs in.
 */
export const SLOT_DAYS_AHEAD = 7;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export type DeliveryWindowSetting = { id?: string; from: string; to: string; capacity: number; days: number[] };
export type DeliverySlotSettings = { windows: (DeliveryWindowSetting & { id: string })[]; sameDayCutoff: string | null; closedDates: string[] };

/** `PUT /api/admin/delivery-slots`'s body, and the settings page's once read (messages are translation keys). */
export const DeliverySlotsBodySchema = z
  .object({
    windows: z
      .array(
        z.object({
          id: z.string().min(1).max(64).optional(),
          from: z.string().regex(TIME, "admin.deliverySlots.errors.time"),
          to: z.string().regex(TIME, "admin.deliverySlots.errors.time"),
          // An empty or unreadable number says the same as a wrong one, not zod's words.
          capacity: z.number("admin.deliverySlots.errors.capacity").int("admin.deliverySlots.errors.capacity").min(1, "admin.deliverySlots.errors.capacity").max(10000, "admin.deliverySlots.errors.capacity"),
          days: z.array(z.number().int().min(0).max(6)).min(1, "admin.deliverySlots.errors.days").max(7),
        }),
      )
      .max(20, "admin.deliverySlots.errors.tooMany"),
    sameDayCutoff: z.string().regex(TIME, "admin.deliverySlots.errors.time").nullable(),
    closedDates: z.array(z.string().refine(isDateKey, "admin.deliverySlots.errors.date")).max(366, "admin.deliverySlots.errors.tooMany"),
  })
  .superRefine((body, ctx) => {
    body.windows.forEach((window, index) => {
      if (TIME.test(window.from) && TIME.test(window.to) && window.from >= window.to) {
        ctx.addIssue({ code: "custom", path: ["windows", index, "to"], message: "admin.deliverySlots.errors.order" });
      }
    });
  });

export type DeliverySlotsBody = z.infer<typeof DeliverySlotsBodySchema>;

/** Minutes since a Kuwait midnight of "HH:MM". */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** Minutes since the Kuwait midnight of the day `now` falls in, in Kuwait. */
export function kuwaitMinutesNow(now: Date): number {
  return Math.floor((now.getTime() - kuwaitDayStart(todayInKuwait(now)).getTime()) / 60_000);
}

/** The Kuwait day `offset` days after `dateKey`. */
export function addDays(dateKey: string, offset: number): string {
  return new Date(new Date(`${dateKey}T00:00:00Z`).getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Sunday 0 … Saturday 6, of a Kuwait day. */
export function weekdayOf(dateKey: string): number {
  return new Date(`${dateKey}T00:00:00Z`).getUTCDay();
}

/**
 * Whether a window may still be chosen on a day: within the next 7 Kuwait days from today, on one of its weekdays, not a
 * closed date; today only before the same-day cut-off (when the owner set one) and before the window begins.
 */
export function isWindowOpen(settings: DeliverySlotSettings, window: DeliveryWindowSetting, date: string, now: Date): boolean {
  const today = todayInKuwait(now);
  if (!isDateKey(date) || date < today || date > addDays(today, SLOT_DAYS_AHEAD - 1)) return false;
  if (settings.closedDates.includes(date) || !window.days.includes(weekdayOf(date))) return false;
  if (date !== today) return true;
  const minutes = kuwaitMinutesNow(now);
  if (settings.sameDayCutoff !== null && minutes >= minutesOf(settings.sameDayCutoff)) return false;
  return minutes < minutesOf(window.from);
}

/** The next 7 Kuwait days' windows that may be chosen, before counting their orders. */
export function openWindows(settings: DeliverySlotSettings, now: Date): { date: string; windows: (DeliveryWindowSetting & { id: string })[] }[] {
  const today = todayInKuwait(now);
  return Array.from({ length: SLOT_DAYS_AHEAD }, (_, offset) => addDays(today, offset))
    .map((date) => ({ date, windows: settings.windows.filter((window) => isWindowOpen(settings, window, date, now)) }))
    .filter((day) => day.windows.length > 0);
}

const text = z.string().max(400).optional();

/**
 * The settings page's form (conform's names: `windows[0].from`, `windows[0].days` ticked per weekday, the closed dates
 * one a line); `deliverySlotsBodyOf` turns it into the API's body, which `DeliverySlotsBodySchema` then checks.
 */
export const DeliverySlotsFormSchema = z.object({
  windows: z
    .array(
      z.object({
        id: text,
        from: text,
        to: text,
        capacity: text,
        days: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(1)).max(7)),
      }),
    )
    .max(30)
    .optional(),
  sameDayCutoff: text,
  closedDates: z.string().max(8000).optional(),
});

export type DeliverySlotsForm = z.infer<typeof DeliverySlotsFormSchema>;

/**
 * A row without times is a blank one (the page's new window) or one the owner emptied to remove it. Figures typed on
 * an Arabic keyboard (a capacity of "٧", a time, a date) are read as digits, as the shop reads amounts and phones.
 */
export function deliverySlotsBodyOf(form: DeliverySlotsForm): unknown {
  const typed = (value: string | undefined) => westernDigits(value ?? "").trim();
  return {
    windows: (form.windows ?? [])
      .filter((row) => row.from || row.to)
      .map((row) => ({
        ...(row.id ? { id: row.id } : {}),
        from: typed(row.from),
        to: typed(row.to),
        capacity: /^\d+$/.test(typed(row.capacity)) ? Number(typed(row.capacity)) : NaN,
        days: row.days.map(Number),
      })),
    sameDayCutoff: typed(form.sameDayCutoff) || null,
    closedDates: typed(form.closedDates).split(/[\s,]+/).filter(Boolean),
  };
}
