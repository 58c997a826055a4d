import { expect, test } from "./fixtures";
import { createCategory } from "../factories/category";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { kuwaitDayStart, todayInKuwait } from "../../app/shared/admin-dates";
import { e2eDatabase } from "../support/e2e-database";
import { chooseLanguage, type Lang } from "./storefront-helpers";

const TEXT = {
  ar: { sortBy: "الترتيب حسب", bestSellers: "الأكثر مبيعاً", apply: "تطبيق" },
  en: { sortBy: "Sort by", bestSellers: "Best sellers", apply: "Apply" },
} as const;

/** A category of its own whose oldest product sold most, then the middle one; the newest sold nothing. */
async function rankedCategory() {
  const db = e2eDatabase();
  const category = await createCategory(db);
  const make = (minute: number) => createProduct(db, { categoryId: category.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)) });
  const [most, second, none] = [await make(1), await make(2), await make(3)];
  const line = (product: typeof most, quantity: number) => ({ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 1500, quantity });
  // The ranking counts whole days before today (decision 0059).
  const yesterday = new Date(kuwaitDayStart(todayInKuwait()).getTime() - 60 * 60 * 1000);
  await createOrder(db, { createdAt: yesterday, items: [line(most, 4), line(second, 1)] });
  await createOrder(db, { createdAt: yesterday, items: [line(second, 2)] });
  return { slug: category.slug, order: [most.id, second.id, none.id] };
}

for (const lang of ["ar", "en"] as Lang[]) {
  test(`home (${lang}): the Best sellers sort ranks by units sold, in the page and the API`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await chooseLanguage(context, baseURL, lang);
    const { slug, order } = await rankedCategory();
    await page.goto(`/?category=${slug}`);
    const ids = () => page.getByTestId("product-grid").locator("[data-product-id]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-product-id")));
    expect(await ids()).toEqual([...order].reverse());
    await page.getByLabel(TEXT[lang].sortBy).selectOption({ label: TEXT[lang].bestSellers });
    if (!javaScriptEnabled) await page.getByRole("button", { name: TEXT[lang].apply }).click();
    await expect(page).toHaveURL(new RegExp(`sort=best-sellers`));
    await expect.poll(ids).toEqual(order);

    const api = await (await page.request.get(`/api/products?category=${slug}&sort=best-sellers`)).json();
    expect(api.products.map((product: { _id: string }) => product._id)).toEqual(order);
  });
}
