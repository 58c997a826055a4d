import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CartView } from "~/components/shop/cart-view";
import { ErrorPage } from "~/components/error-page";
import type { CartActionAnswer } from "~/shared/cart";
import { getLanguage } from "~/i18n/i18next.server";
import { changeShopperCart, readShopperCart } from "~/auth/shopper-cart.server";
import { addToCart, getCartView, removeLine, setLineQuantity, type CartChange, cartFreeDeliveryNote } from "~/models/orders/index.server";
import { redirectWithToast } from "~/cookies/toast.server";
import type { ToastPlace } from "~/shared/toast-messages";
import { shopNameFor } from "~/models/shop/index.server";
import { CartFormSchema, parseWithZod } from "~/shared/schemas.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { checkoutHref } from "~/shared/storefront";
import { getCustomerFromRequest } from "~/auth/session.server";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SHARED_PAGE_HEADER } from "~/utils/shared-page";

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [customer, language] = await Promise.all([getCustomerFromRequest(request), getLanguage(request)]);
  const t = fixedT(language);
  const cart = await getCartView(await readShopperCart(request, customer));
  return data(
    {
      cart,
      freeDeliveryNote: await cartFreeDeliveryNote(cart.totalFils, t, language),
      checkoutHref: checkoutHref(Boolean(customer)),
      language,
      meta: { title: t("pageTexts.cartTitle"), description: t("pageTexts.cartDescription", { shop }), siteName: shop },
    },
    // A guest's cart page is the cookie's lines, the language and the catalogue, so the server may keep it for every
    // shopper with the same lines (server/page-cache.ts); a signed-in shopper's is hers alone.
    { headers: { "Cache-Control": "private, no-store", ...(customer ? {} : { [SHARED_PAGE_HEADER]: "1" }) } },
  );
}

/** The mark of a page that may be kept, and nothing else of the loader's: the server answers the cart `no-store`. */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const mark = loaderHeaders.get(SHARED_PAGE_HEADER);
  if (mark) headers.set(SHARED_PAGE_HEADER, mark);
  return headers;
};

/**
 * Every cart change. Without JavaScript it answers with a redirect (back to the page, or to the cart for Buy Now)
 * and the one flash the root shows (decision 0049); with JavaScript (mode=fetch) it answers the outcome and the page shows the toast itself.
 */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: CartFormSchema, disableAutoCoercion: true });
  // How to answer, read even from a refused form: a fetcher gets the outcome, a plain post goes back where it came from.
  const isFetch = submission.payload.mode === "fetch";
  const back = safeRedirectPath(typeof submission.payload.redirectTo === "string" ? submission.payload.redirectTo : null, "/cart");
  if (submission.status !== "success") {
    return isFetch ? data<CartActionAnswer>({ problem: "notFound", intent: null }, { status: 400 }) : redirect(back, 303);
  }
  const input = submission.value;
  // A signed-in shopper's cart is kept on the server, a guest's in the cookie (app/auth/shopper-cart.server.ts).
  const { change, setCookie } = await changeShopperCart(request, undefined, (lines): CartChange | Promise<CartChange> => {
    switch (input.intent) {
      case "add":
      case "buy":
        return addToCart(lines, input.productId, input.tag, input.variantId || null);
      case "quantity":
        return setLineQuantity(lines, input.lineId, input.quantity);
      case "remove":
        return { lines: removeLine(lines, input.lineId), problem: null };
      case "clear":
        return { lines: [], problem: null };
    }
  });
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);

  const isAdd = input.intent === "add" || input.intent === "buy";
  if (isAdd && change.problem === "variantRequired" && input.source === "card") {
    // The home grid has no option choices: the product page has them (issue 31).
    return redirectWithToast(`/product/${encodeURIComponent(input.productId)}`, { name: "variantRequired", place: "product" }, { headers });
  }
  if (isAdd && change.problem === "tagsRequired" && input.source === "card") {
    // The home grid has no tag inputs: send the shopper to the product page to fill them (SPEC section 5).
    const productPath = `/product/${encodeURIComponent(input.productId)}`;
    return redirectWithToast(productPath, { name: input.intent === "buy" ? "tagsRequiredBuy" : "tagsRequiredAdd", place: "product" }, { headers });
  }
  if (isFetch) {
    return data<CartActionAnswer>({ problem: change.problem, intent: input.intent }, { status: change.problem ? 409 : 200, headers });
  }
  if (change.problem) return redirectWithToast(back, { name: change.problem, place: placeOf(back) }, { headers });
  if (input.intent === "buy") return redirect("/cart", { status: 303, headers });
  if (input.intent === "add") return redirectWithToast(back, { name: "added", place: placeOf(back) }, { headers });
  return redirect(back, { status: 303, headers });
}

/** The home page and search show the cart's toasts as on a grid; every other page as on a product page. */
function placeOf(path: string): ToastPlace {
  const pathname = path.split("?")[0];
  return pathname === "/" || pathname === "/search" ? "grid" : "product";
}

export default function CartPage() {
  const { t } = useTranslation();
  const { cart, checkoutHref: checkout, language, freeDeliveryNote } = useLoaderData<typeof loader>();
  return (
    <div className="page cart-page">
      <h1>{t("shop.cart.title")}</h1>
      <CartView cart={cart} checkoutHref={checkout} language={language} freeDeliveryNote={freeDeliveryNote} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  ...(loaderData ? pageMeta(loaderData.meta) : []),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPage kind="notFound" /> }} />;
}
