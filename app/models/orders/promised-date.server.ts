import { getShopSettings } from "~/models/shop/index.server";
import { kuwaitDateKey } from "~/shared/admin-dates";
import { addDays } from "~/shared/promised-date";

/**
 * The day an order placed at `placedAt` is promised by (CONTRACT.md "Gifts and delivery times"): the delivery day
 * the shopper chose (a delivery window's date), or else the Kuwait day of placing (UTC+3: an order placed at 23:30
 * in Kuwait is already the next day's, while UTC is still on the previous one) plus the owner's delivery days. The
 * checkout shows the same before paying; placing stores it (decision 0093).
 */
export async function promisedByOf(placedAt: Date, deliveryDate: string | null): Promise<string> {
  return deliveryDate ?? promisedDayOf(placedAt, null, (await getShopSettings()).deliveryDays);
}

/** The same, with the owner's delivery days already read (placing reads the settings once). */
export function promisedDayOf(placedAt: Date, deliveryDate: string | null, deliveryDays: number): string {
  return deliveryDate ?? addDays(kuwaitDateKey(placedAt), deliveryDays);
}
