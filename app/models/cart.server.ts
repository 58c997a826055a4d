import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/env.server";

const CartLineSchema = z.object({
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(999),
  customTags: z.array(z.string().max(200)).max(10).default([]),
});
const CartSchema = z.array(CartLineSchema).max(100);

export type CartLine = z.infer<typeof CartLineSchema>;

let cartCookie: ReturnType<typeof createCookie> | undefined;

/** The cart lives in a signed cookie: it works without JavaScript and the server can trust its shape. */
export function getCartCookie() {
  const env = getEnv();
  cartCookie ??= createCookie("cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: env.sessionSecrets,
  });
  return cartCookie;
}

/** Lines as stored; prices always come from the database when the cart is shown or ordered. */
export async function readCartLines(request: Request): Promise<CartLine[]> {
  const value: unknown = await getCartCookie().parse(request.headers.get("Cookie"));
  const parsed = CartSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export async function getCartCount(request: Request): Promise<number> {
  const lines = await readCartLines(request);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
