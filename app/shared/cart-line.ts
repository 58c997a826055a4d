import * as z from "./zod";

/** The most of one line a cart holds (stock permitting). */
export const MAX_LINE_QUANTITY = 999;

/**
 * One cart line as the signed `cart` cookie stores it: the product, how many, and the values of its tags; for a
 * product with options, the variant (issue 31: two colours of one clip are two lines).
 */
const CartLineSchema = z.object({
  productId: z.string().min(1).max(64),
  variantId: z.string().min(1).max(64).optional(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  customTags: z.array(z.string().max(200)).max(10).default([]),
});
const CartSchema = z.array(CartLineSchema).max(100);

export type CartLine = z.infer<typeof CartLineSchema>;

/** Lines as stored, or none when the value is not a cart this shop wrote. */
export function parseCartLines(value: unknown): CartLine[] {
  const parsed = CartSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}
