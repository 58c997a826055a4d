/** A custom text frozen on an order item, with the titles its product gave it then. */
export type CustomTagValue = { titleEn: string; titleAr: string; value: string };

/** The tags frozen on an order item: `{ titleEn, titleAr, value }` rows, or plain strings from older orders. */
export function orderItemTags(value: unknown): CustomTagValue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag) => {
    if (typeof tag === "string") return tag ? [{ titleEn: "", titleAr: "", value: tag }] : [];
    if (tag && typeof tag === "object" && "value" in tag) {
      const record = tag as Record<string, unknown>;
      return [{ titleEn: String(record.titleEn ?? ""), titleAr: String(record.titleAr ?? ""), value: String(record.value ?? "") }];
    }
    return [];
  });
}
