/** The home page's colour filter (SPEC section 2): the Kuwaiti school-uniform colours, one per stage. */
export const FILTER_COLORS = ["kindergartenBlue", "primaryPink", "middleIndigoBlue", "secondaryNavyBlue", "white"] as const;
export type FilterColor = (typeof FILTER_COLORS)[number];

export function isFilterColor(value: unknown): value is FilterColor {
  return typeof value === "string" && (FILTER_COLORS as readonly string[]).includes(value);
}

/** A new product's low-stock alert: the owner hears of it once this many pieces or fewer are for sale. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
