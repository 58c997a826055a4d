import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../tests/factories/category";
import { createProduct } from "../../tests/factories/product";
import { readCartLines } from "~/cookies/cart.server";
import { action, loader } from "./cart";
import { loader as cartJsonLoader } from "./cart[.]json";

const context = { cspNonce: "test-nonce" };

function post(fields: Record<string, string | string[]>, cookie = ""): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return new Request("http://shop.test/cart", { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} });
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

async function unwrap(result: unknown): Promise<Response> {
  if (result instanceof Response) return result;
  const wrapped = result as { data: unknown; init?: ResponseInit | null };
  return Response.json(wrapped.data, wrapped.init ?? undefined);
}

describe("the cart action without JavaScript", () => {
  it("adds, then redirects back with a one-shot 'added' flash; Buy Now goes to the cart", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id });
    const added = await unwrap(await action({ request: post({ intent: "add", productId: product.id, source: "card", redirectTo: "/?color=white" }), params: {}, context }));
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/?color=white");
    expect(cookiesOf(added)).toContain("shop_flash=added");
    const cookie = cookiesOf(added);
    const bought = await unwrap(await action({ request: post({ intent: "buy", productId: product.id, redirectTo: "/" }, cookie), params: {}, context }));
    expect(bought.headers.get("Location")).toBe("/cart");
    const lines = await readCartLines(new Request("http://shop.test/", { headers: { Cookie: cookiesOf(bought) } }));
    expect(lines).toEqual([{ productId: product.id, quantity: 2, customTags: [] }]);
  });

  it("sends a card's add with required tags to the product page with SPEC's message", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, tags: [{ titleEn: "Name", titleAr: "الاسم", required: true }] });
    for (const [intent, flash] of [["add", "tagsRequiredAdd"], ["buy", "tagsRequiredBuy"]]) {
      const response = await unwrap(await action({ request: post({ intent, productId: product.id, source: "card" }), params: {}, context }));
      expect(response.headers.get("Location")).toBe(`/product/${product.id}`);
      expect(cookiesOf(response)).toContain(`shop_flash=${flash}`);
    }
  });

  it("refuses an off-site redirect target", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id });
    const response = await unwrap(await action({ request: post({ intent: "add", productId: product.id, redirectTo: "//evil.example" }), params: {}, context }));
    expect(response.headers.get("Location")).toBe("/cart");
  });
});

describe("the cart action with JavaScript", () => {
  it("answers the outcome instead of redirecting, and 409 for a problem", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 1 });
    const first = await unwrap(await action({ request: post({ intent: "add", productId: product.id, mode: "fetch" }), params: {}, context }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ problem: null, intent: "add" });
    const second = await unwrap(
      await action({ request: post({ intent: "add", productId: product.id, mode: "fetch" }, cookiesOf(first)), params: {}, context }),
    );
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ problem: "stockLimit", intent: "add" });
  });
});

describe("the cart page", () => {
  it("lists lines with database prices and sends a signed-out shopper to /login?from=checkout", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 2750 });
    const added = await unwrap(await action({ request: post({ intent: "add", productId: product.id }), params: {}, context }));
    const request = new Request("http://shop.test/cart", { headers: { Cookie: cookiesOf(added) } });
    const page = (await loader({ request, params: {}, context })) as unknown as {
      data: { cart: { totalFils: number; items: { productId: string }[] }; checkoutHref: string };
    };
    expect(page.data.cart.items.map((item) => item.productId)).toEqual([product.id]);
    expect(page.data.cart.totalFils).toBe(2750);
    expect(page.data.checkoutHref).toBe("/login?from=checkout");
    // The message is the root's to show (decision 0049): the cart page leaves the flash alone.
    expect(cookiesOf(added)).toContain("shop_flash=added");
  });
});

describe("/cart.json, the drawer's data", () => {
  it("answers the same cart as the page, as JSON", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 1200 });
    const added = await unwrap(await action({ request: post({ intent: "add", productId: product.id }), params: {}, context }));
    const response = await cartJsonLoader({ request: new Request("http://shop.test/cart.json", { headers: { Cookie: cookiesOf(added) } }), params: {}, context });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as { cart: { totalFils: number; count: number }; checkoutHref: string };
    expect(body.cart).toMatchObject({ totalFils: 1200, count: 1 });
    expect(body.checkoutHref).toBe("/login?from=checkout");
  });
});
