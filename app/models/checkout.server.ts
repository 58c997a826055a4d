import type { TFunction } from "i18next";
import { i18nServer } from "~/i18n/i18next.server";
import { localized, type Language } from "~/i18n/config";
import { readCartLines } from "~/cookies/cart.server";
import { priceCartLines } from "~/models/cart.server";
import { OrderError } from "~/models/order.server";

export type CartSummaryLine = { productId: string; name: string; quantity: number; priceFils: number; customTags: string[] };

/** The cart as the checkout shows it, priced from the database; lines whose product is hidden or gone are dropped. */
export async function getCartSummary(request: Request, language: Language) {
  const lines = await readCartLines(request);
  const items: CartSummaryLine[] = (await priceCartLines(lines)).flatMap(({ line, product }) => {
    if (!product) return [];
    const name = localized(language, { en: product.nameEn, ar: product.nameAr });
    return [{ productId: product.id, name, quantity: line.quantity, priceFils: product.priceFils, customTags: line.customTags.filter(Boolean) }];
  });
  return { items, lines, productsTotalFils: items.reduce((sum, item) => sum + item.priceFils * item.quantity, 0) };
}

/** The shopper-facing text of a refused order, in one language; API answers join both. */
export function orderErrorMessage(error: OrderError, t: TFunction, language: Language): string {
  const name = error.productName ? localized(language, error.productName) : "";
  switch (error.code) {
    case "emptyCart":
      return t("checkout.emptyCart");
    case "unknownCity":
      return t("checkoutValidation.cityRequired");
    case "unavailable":
      return t("checkout.productUnavailable");
    case "outOfStock":
      return t("checkout.outOfStock", { name });
    case "requiredTag":
      return t("checkout.requiredTagMissing", { name });
  }
}

/** API answers carry both languages: "English text / النص العربي" (common.md). */
export async function bilingual(key: string, options?: Record<string, string>): Promise<string> {
  const [en, ar] = await Promise.all([i18nServer.getFixedT("en"), i18nServer.getFixedT("ar")]);
  return `${en(key as never, options)} / ${ar(key as never, options)}`;
}

export async function bilingualOrderError(error: OrderError): Promise<string> {
  const [en, ar] = await Promise.all([i18nServer.getFixedT("en"), i18nServer.getFixedT("ar")]);
  return `${orderErrorMessage(error, en, "en")} / ${orderErrorMessage(error, ar, "ar")}`;
}

/** Translates a submission's field errors (translation keys) into bilingual messages. */
export async function bilingualFieldErrors(errors: Record<string, string[] | null | undefined>): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    Object.entries(errors)
      .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0)
      .map(async ([field, keys]) => [field, await Promise.all(keys.map((key) => bilingual(key)))] as const),
  );
  return Object.fromEntries(entries);
}

/** The address Express resolved under TRUST_PROXY; tests and direct calls share one bucket. */
export function clientKey(context: { clientAddress?: string } | undefined): string {
  return context?.clientAddress ?? "local";
}
