import { filsToKD } from "~/shared/money";
import { optionTexts } from "~/models/catalogue/index.server";

/**
 * SPEC section 3's "Order (as read)" parts that every order JSON shares: the shopper's My Orders and
 * GET /api/orders/my, and the administrator's order detail give an item and an address the same
 * shape, so an API client reads one format wherever an order comes from.
 */
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

type StoredOrderItem = {
  productId: string | null;
  nameEn: string;
  nameAr: string;
  imageUrl: string;
  quantity: number;
  priceFils: number;
  customTags: unknown;
  variantId: string | null;
  optionValues: unknown;
};

/** `customTags` are the values as the checkout sent them (SPEC: non-empty strings); `customTagDetails` adds titles. */
export function orderItemJson(item: StoredOrderItem) {
  const tags = orderItemTags(item.customTags);
  return {
    productId: item.productId,
    name: { en: item.nameEn, ar: item.nameAr },
    imageUrl: item.imageUrl,
    quantity: item.quantity,
    price: filsToKD(item.priceFils),
    customTags: tags.map((tag) => tag.value),
    customTagDetails: tags.map((tag) => ({ title: { en: tag.titleEn, ar: tag.titleAr }, value: tag.value })),
    /** the variant bought and its option values as they were named then (issue 31) */
    variantId: item.variantId,
    optionValues: optionTexts(item.optionValues as never),
  };
}

type StoredAddress = {
  city: string;
  street: string;
  streetNumber: string;
  block: string;
  buildingNumber: string;
  floor: string | null;
  apartmentNumber: string | null;
  notes: string | null;
};

export function orderAddressJson(order: StoredAddress) {
  return {
    city: order.city,
    street: order.street,
    streetNumber: order.streetNumber,
    block: order.block,
    buildingNumber: order.buildingNumber,
    floor: order.floor ?? "",
    apartmentNumber: order.apartmentNumber ?? "",
    notes: order.notes ?? "",
  };
}
