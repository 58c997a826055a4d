import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { CartLine } from "~/shared/cart-line";
import { createCategory } from "../../../tests/factories/category";
import { createCustomer } from "../../../tests/factories/customer";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { addToCart, type CartChange } from "./cart.server";
import { changeSavedCart, emptySavedCart, getSavedCartLines, joinSavedCart } from "./saved-cart.server";

const red = { en: "Red", ar: "أحمر" };
const blue = { en: "Blue", ar: "أزرق" };
const line = (productId: string, quantity: number, customTags: string[] = [], variantId?: string): CartLine => ({
  productId,
  ...(variantId ? { variantId } : {}),
  quantity,
  customTags,
});

/** Two changes that both read the cart before either writes: each waits at the gate until the other has read too. */
function gate(parties: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived += 1;
    if (arrived === parties) open();
    await opened;
  };
}

describe("a signed-in shopper's saved cart", () => {
  it("is kept for the shopper and found again, by them only", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id });
    const [shopper, other] = [await createCustomer(prisma), await createCustomer(prisma)];
    expect(await getSavedCartLines(shopper.id)).toEqual([]);
    await changeSavedCart(shopper.id, (lines) => addToCart(lines, product.id, []));
    await changeSavedCart(shopper.id, (lines) => addToCart(lines, product.id, []));
    expect(await getSavedCartLines(shopper.id)).toEqual([line(product.id, 2)]);
    expect(await getSavedCartLines(other.id)).toEqual([]);
    await emptySavedCart(shopper.id);
    expect(await getSavedCartLines(shopper.id)).toEqual([]);
  });

  it("joins a guest cart at sign-in: the same line adds its quantities, others are added after", async () => {
    const category = await createCategory(prisma);
    const tagged = await createProduct(prisma, { categoryId: category.id, stockQuantity: 10, tags: [{ titleEn: "Name", titleAr: "الاسم", required: false }] });
    const plain = await createProduct(prisma, { categoryId: category.id, stockQuantity: 10 });
    const { product: clip, variants } = await createProductWithOptions(prisma, [{ nameEn: "Colour", values: [red, blue] }], [
      { optionValues: [red], stockQuantity: 5 },
      { optionValues: [blue], stockQuantity: 5 },
    ]);
    const shopper = await createCustomer(prisma);
    await changeSavedCart(shopper.id, () => ({ lines: [line(tagged.id, 2, ["Sara"]), line(clip.id, 1, [], variants[0].id)], problem: null }));

    const joined = await joinSavedCart(shopper.id, [line(tagged.id, 3, ["Sara"]), line(tagged.id, 1, ["Noor"]), line(clip.id, 2, [], variants[1].id), line(plain.id, 1), line(clip.id, 1, [], variants[0].id)]);

    expect(joined.problem).toBeNull();
    expect(await getSavedCartLines(shopper.id)).toEqual([
      line(tagged.id, 5, ["Sara"]),
      line(clip.id, 2, [], variants[0].id),
      line(tagged.id, 1, ["Noor"]),
      line(clip.id, 2, [], variants[1].id),
      line(plain.id, 1),
    ]);
  });

  it("never holds more than is for sale after a join, and leaves out what is no longer for sale", async () => {
    const category = await createCategory(prisma);
    const scarce = await createProduct(prisma, { categoryId: category.id, stockQuantity: 4 });
    const soldOut = await createProduct(prisma, { categoryId: category.id, stockQuantity: 1 });
    const hidden = await createProduct(prisma, { categoryId: category.id, stockQuantity: 5 });
    const { product: clip, variants } = await createProductWithOptions(prisma, [{ nameEn: "Colour", values: [red, blue] }], [
      { optionValues: [red], stockQuantity: 3 },
      { optionValues: [blue], stockQuantity: 3 },
    ]);
    const shopper = await createCustomer(prisma);
    await changeSavedCart(shopper.id, () => ({ lines: [line(scarce.id, 3), line(clip.id, 2, [], variants[0].id)], problem: null }));
    // Since the guest put these in the cart, one sold out and one was hidden.
    await prisma.product.update({ where: { id: soldOut.id }, data: { stockQuantity: 0, isAvailable: false } });
    await prisma.productVariant.updateMany({ where: { productId: soldOut.id }, data: { stockQuantity: 0, isAvailable: false } });
    await prisma.product.update({ where: { id: hidden.id }, data: { isVisible: false } });

    const joined = await joinSavedCart(shopper.id, [line(scarce.id, 3), line(clip.id, 2, [], variants[0].id), line(clip.id, 2, [], variants[1].id), line(soldOut.id, 1), line(hidden.id, 2)]);

    // 3 + 3 of four for sale is four; the red clip's two more would make four of its three: three; the blue one joins whole.
    expect(joined.problem).toBe("stockLimit");
    expect(await getSavedCartLines(shopper.id)).toEqual([line(scarce.id, 4), line(clip.id, 3, [], variants[0].id), line(clip.id, 2, [], variants[1].id)]);

    const onlyGone = await joinSavedCart(shopper.id, [line(soldOut.id, 2)]);
    expect(onlyGone.problem).toBe("outOfStock");
    expect(await getSavedCartLines(shopper.id)).toEqual([line(scarce.id, 4), line(clip.id, 3, [], variants[0].id), line(clip.id, 2, [], variants[1].id)]);
  });

  for (const start of ["no cart yet", "a saved cart"] as const) {
    it(`keeps both of two adds that race (${start})`, async () => {
      const category = await createCategory(prisma);
      const [first, second, kept] = await Promise.all([1, 2, 3].map(() => createProduct(prisma, { categoryId: category.id })));
      const shopper = await createCustomer(prisma);
      if (start === "a saved cart") await changeSavedCart(shopper.id, (lines) => addToCart(lines, kept.id, []));
      const bothRead = gate(2);
      let tries = 0;
      const add = (productId: string) =>
        changeSavedCart(shopper.id, async (lines): Promise<CartChange> => {
          tries += 1;
          const change = await addToCart(lines, productId, []);
          // Only the first round waits: after it, one of the two has written and the other must see it.
          if (tries <= 2) await bothRead();
          return change;
        });

      await Promise.all([add(first.id), add(second.id)]);

      const lines = await getSavedCartLines(shopper.id);
      expect(lines).toHaveLength(start === "a saved cart" ? 3 : 2);
      expect(lines).toEqual(expect.arrayContaining([line(first.id, 1), line(second.id, 1)]));
      expect(tries).toBe(3);
    });
  }

  it("takes twelve racing adds of one product, none lost and never above its stock", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 8 });
    const shopper = await createCustomer(prisma);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => changeSavedCart(shopper.id, (lines) => addToCart(lines, product.id, []))));
    expect(outcomes.filter((outcome) => outcome.problem === null)).toHaveLength(8);
    expect(outcomes.filter((outcome) => outcome.problem === "stockLimit")).toHaveLength(4);
    expect(await getSavedCartLines(shopper.id)).toEqual([line(product.id, 8)]);
  });
});
