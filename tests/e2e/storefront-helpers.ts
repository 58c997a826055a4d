import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { figure } from "../support/digits";

export type Lang = "ar" | "en";

export const TEXT = {
  ar: {
    categories: "التصنيفات",
    all: "الكل",
    more: "المزيد",
    showLess: "إظهار أقل",
    empty: "لا توجد منتجات تطابق التصفية المحددة.",
    added: "تمت الإضافة إلى السلة",
    addToCart: "أضف إلى السلة",
    buyNow: "اشترِ الآن",
    outOfStock: "نفدت الكمية",
    inStock: "متوفر",
    sale: "تخفيض",
    notFound: "المنتج غير موجود",
    tagsProduct: "يرجى تعبئة جميع الخيارات المطلوبة لهذا المنتج.",
    tagsGridAdd: "يرجى تعبئة جميع الخيارات المطلوبة لهذا المنتج قبل الإضافة إلى السلة.",
    cartEmpty: "سلتك فارغة",
    clear: "إفراغ السلة",
    checkout: "إتمام الطلب",
    remove: "إزالة",
    kd: "د.ك",
  },
  en: {
    categories: "Categories",
    all: "All",
    more: "More",
    showLess: "Show Less",
    empty: "No products match the selected filter.",
    added: "Added to cart",
    addToCart: "Add to Cart",
    buyNow: "Buy Now",
    outOfStock: "Out of Stock",
    inStock: "In Stock",
    sale: "SALE",
    notFound: "Product not found",
    tagsProduct: "Please fill in all required custom tags for this product.",
    tagsGridAdd: "Please fill in all required custom tags for this product before adding to cart.",
    cartEmpty: "Your cart is empty",
    clear: "Clear",
    checkout: "Checkout",
    remove: "Remove",
    kd: "KD",
  },
} as const;

/** The visitor's language lives in the `lang` cookie (CONTRACT.md); without it this Arabic browser gets Arabic. */
export async function chooseLanguage(context: BrowserContext, baseURL: string | undefined, lang: Lang) {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
}

export function card(page: Page, productId: string) {
  return page.locator(`[data-product-id="${productId}"]`);
}

/** The header's count, in the page's digits (decision 0079): "٢" on an Arabic page, "2" on an English one. */
export async function expectCartCount(page: Page, count: number) {
  const language = (await page.locator("html").getAttribute("lang")) === "en" ? "en" : "ar";
  await expect(page.getByTestId("cart-count").first()).toHaveText(figure(String(count), language));
}

/** Opens the cart: the drawer with JavaScript, the /cart page without. Returns the element holding it. */
export async function openCart(page: Page, javaScriptEnabled: boolean) {
  await page.getByTestId("cart-button").click();
  if (javaScriptEnabled) {
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer).toBeVisible();
    return drawer;
  }
  await expect(page).toHaveURL(/\/cart$/);
  return page.locator("main");
}

/** Fills the test provider's card form (a card its rules approve unless told otherwise) and pays. */
export async function payByTestCard(page: Page, options: { holder?: string; cardNumber?: string; digits?: (value: string) => string } = {}) {
  const { holder = "Sara Ahmad", cardNumber = "4111111111111111", digits = (value: string) => value } = options;
  await page.locator('[name="cardholderName"]').fill(holder);
  await page.locator('[name="cardNumber"]').fill(digits(cardNumber));
  await page.locator('[name="month"]').fill(digits("12"));
  await page.locator('[name="year"]').fill(digits("39"));
  await page.locator('[name="cvv"]').fill(digits("123"));
  await page.getByTestId("card-pay").click();
}

/**
 * The thank-you page of a paid order. With JavaScript the card form shows its toast for 4 s before it goes on
 * (SPEC), after the server has taken the payment: on a busy 2-core machine the two together passed 10 s, so the wait
 * is for the address, as long as the slowest journey's step may need.
 */
export async function expectThankYou(page: Page, orderNumber?: string) {
  const number = orderNumber ?? "ORD-\\d{12}";
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?orderNumber=${number}$`), { timeout: 30_000 });
}
