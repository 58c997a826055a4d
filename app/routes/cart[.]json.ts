import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { readShopperCart } from "~/auth/shopper-cart.server";
import { getCartView, cartFreeDeliveryNote } from "~/models/orders/index.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { checkoutHref } from "~/shared/storefront";
import { fixedT } from "~/i18n/fixed-t.server";
import type { CartJson } from "~/shared/cart";

/**
 * The cart drawer's data as plain JSON. The drawer reads it with fetch() rather than a Remix fetcher: a fetcher
 * aimed at /cart right after hydration can run before lazy route discovery knows /cart, and its 404 would replace
 * the page with the error boundary.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [customer, language] = await Promise.all([getCustomerFromRequest(request), getLanguage(request)]);
  const cart = await getCartView(await readShopperCart(request, customer));
  const freeDeliveryNote = await cartFreeDeliveryNote(cart.totalFils, fixedT(language), language);
  const body: CartJson = { cart, checkoutHref: checkoutHref(Boolean(customer)), language, freeDeliveryNote };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
}
