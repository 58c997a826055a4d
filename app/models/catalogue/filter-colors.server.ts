import type { FilterColor } from "~/shared/product";
import { optionTexts } from "./product-variant.server";
import type { Prisma } from "~/generated/prisma/client";

/**
 * The names a variant's value may give each filter colour (issue 43): the filter's own name as the shop shows it,
 * and the plain words an owner types for that colour, in English and Arabic. A value matches when it is one of them
 * whole, ignoring case and spaces: "Navy" is the secondary stage's navy, "Blue" alone is no stage's blue.
 */
const FILTER_COLOR_NAMES: Record<FilterColor, string[]> = {
  kindergartenBlue: ["kindergarten blue", "light blue", "sky blue", "baby blue", "أزرق الروضة", "أزرق فاتح", "سماوي"],
  primaryPink: ["primary pink", "pink", "وردي الابتدائي", "وردي", "زهري"],
  middleIndigoBlue: ["middle indigo blue", "indigo blue", "indigo", "أزرق نيلي المتوسط", "أزرق نيلي", "نيلي"],
  secondaryNavyBlue: ["secondary navy blue", "navy blue", "navy", "كحلي الثانوي", "كحلي"],
  white: ["white", "أبيض", "ابيض"],
};

const normalized = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const NAMES = new Map(Object.entries(FILTER_COLOR_NAMES).map(([color, names]) => [color, new Set(names.map(normalized))]));

/** Whether one of a variant's values (its `optionValues`) names the colour. */
export function variantHasColor(optionValues: Prisma.JsonValue, color: FilterColor): boolean {
  const names = NAMES.get(color)!;
  return optionTexts(optionValues).some((value) => names.has(normalized(value.en)) || names.has(normalized(value.ar)));
}
