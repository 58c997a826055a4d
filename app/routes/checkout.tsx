import { CheckoutCouponSchema, CheckoutSchema, CheckoutShownTotalSchema, CouponPreviewSchema, getZodConstraint, giftAndSlotOf, parseWithZod } from "~/shared/schemas.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { deliveryDateText } from "~/shared/delivery-date";
import { lateCancelFrom } from "~/shared/promised-date";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { getEnv } from "~/env.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { readShopperCart } from "~/auth/shopper-cart.server";
import { guestCookieHeader, isCheckoutGuest } from "~/cookies/checkout-guest.server";
import { readCampaign } from "~/cookies/campaign.server";
import { promisedByOf, listDeliverySlots, getCartSummary, couponProblemMessage, orderErrorMessage, checkoutDetailsOf, OrderError, checkoutOffer, giveBackCouponAttempt, takeCouponAttempt, withCouponAttempt } from "~/models/orders/index.server";
import type { TFunction } from "i18next";
import type { Language } from "~/shared/language";
import { getDeliverySlotSettings, getShopSettings, listDeliveryAreas, hitRateLimit, ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS, shopNameFor } from "~/models/shop/index.server";
import { ordersPlacedHere, placedByAsker, rememberOrderHeader } from "~/cookies/order-access.server";
import { placeOrderAndStartPayment } from "~/models/payments/index.server";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { getCustomerFromRequest } from "~/auth/session.server";
import { readFormData } from "~/utils/form-data.server";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { appliedCouponHeader, readAppliedCoupon } from "~/cookies/coupon.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SavedAddresses } from "~/components/checkout/saved-addresses";
import { chosenAddressIndex, savedAddressesOf } from "~/models/accounts/index.server";
import { EarlierOrderLink, earlierOrderLinkOf, type EarlierOrderLinkData } from "~/components/checkout/earlier-order-link";
import { retryAfterPageHeaders } from "~/utils/page-headers";

const LOGIN_FROM_CHECKOUT = "/login?from=checkout";

/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

/**
 * The promised delivery day and the right to cancel if it is missed by more than 14 days (Kuwait's rules, issue 48).
 * With delivery windows the promise is the window's day the shopper picks (`promisedBy` is null until then).
 */
function CheckoutPromise({ promisedBy, language }: { promisedBy: string | null; language: Language }) {
  const { t } = useTranslation();
  return (
    <p className="checkout__promise" data-testid="checkout-promised-by">
      {promisedBy
        ? `${t("promise.atCheckout", { date: deliveryDateText(promisedBy, language) })} ${t("promise.lateCancelFrom", { date: deliveryDateText(lateCancelFrom(promisedBy), language) })}`
        : t("promise.atWindow")}
    </p>
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [language, t, customer, isGuest] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    getCustomerFromRequest(request),
    isCheckoutGuest(request),
  ]);
  if (!customer && !isGuest) throw redirect(LOGIN_FROM_CHECKOUT);
  const [cart, areas, appliedCode, retried, savedAddresses, settings, slotSettings, deliveryDays] = await Promise.all([
    getCartSummary(await readShopperCart(request, customer), language),
    listDeliveryAreas(),
    readAppliedCoupon(request),
    retriedOrderDetails(request, customer?.id ?? null),
    customer ? savedAddressesOf(customer.id) : [],
    getShopSettings(),
    getDeliverySlotSettings(),
    listDeliverySlots(),
  ]);
  const chosenAddress = chosenAddressIndex(request, savedAddresses);
  const { offer, problem } = await checkoutOffer(appliedCode, cart.productsTotalFils, { email: customer?.email, phone: customer?.phone }, t, language);
  const defaults = {
    email: customer?.email ?? "",
    fullName: customer?.fullName ?? "",
    phone: customer?.phone ?? "",
    couponCode: appliedCode ?? "",
    ...(chosenAddress === null ? {} : savedAddresses[chosenAddress]),
  };
  return {
    language,
    items: cart.items,
    productsTotalFils: cart.productsTotalFils,
    areas,
    offer,
    // A code applied earlier that no longer fits (the cart changed, the code ended): the shopper sees why before paying.
    couponNotice: problem ? { kind: "error" as const, text: problem.message } : null,
    defaults: retried ? { ...retried, couponCode: appliedCode ?? retried.couponCode } : defaults,
    savedAddresses,
    chosenAddress,
    // The form's attributes from its schema, so the browser needs no zod to draw it.
    constraint: getZodConstraint(CheckoutSchema),
    // WhatsApp updates are offered only when the shop can send them (issue 43).
    whatsAppOffered: getEnv().whatsApp !== null,
    // Issue 48: wrapping at the owner's price, and her windows once she has any (the checkout is as before without).
    giftWrapFils: settings.giftWrapFils,
    deliveryDays: slotSettings.windows.length ? deliveryDays : null,
    // The day placing now would promise (issue 48): the shopper reads it before paying; with windows, the one she picks.
    promisedBy: slotSettings.windows.length ? null : await promisedByOf(new Date(), null),
    meta: { title: t("checkout.title"), description: t("pageTexts.defaultDescription"), siteName: shop },
  };
}

/**
 * `?retry=<orderId>` (Try Again after a failed payment whose hold ended): the order's details fill the form again,
 * for the browser that placed the order or its signed-in owner only (docs/decisions/0043).
 */
async function retriedOrderDetails(request: Request, customerId: string | null) {
  const orderId = new URL(request.url).searchParams.get("retry");
  if (!orderId) return null;
  const order = await checkoutDetailsOf(orderId);
  if (!order) return null;
  const mine = (customerId !== null && order.customerId === customerId) || (await ordersPlacedHere(request)).includes(orderId);
  return mine ? order.details : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "guest") {
    throw redirect("/checkout", { status: 303, headers: { "Set-Cookie": await guestCookieHeader() } });
  }
  const [language, t, customer, isGuest] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    getCustomerFromRequest(request),
    isCheckoutGuest(request),
  ]);
  if (!customer && !isGuest) throw redirect(LOGIN_FROM_CHECKOUT, { status: 303 });
  const intent = formData.get("intent");
  if (intent === "applyCoupon" || intent === "removeCoupon") return couponAction(request, customer, formData, t, language, clientAddress(context));

  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  // The same bucket as POST /api/orders: a client gets one budget of order attempts, whichever way it places them.
  const address = clientAddress(context);
  const limit = await hitRateLimit(`orders:${address}`, ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS);
  if (!limit.allowed) {
    const message = `${t("checkout.saveFailed")}: ${t("checkout.tooManyAttempts")}`;
    return data(
      { result: submission.reply({ formErrors: [message] }), paymentUrl: null, orderSessionId: null },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply(), paymentUrl: null, orderSessionId: null }, { status: 400 });
  const lines = await readShopperCart(request, customer);
  const coupon = parseWithZod(formData, { schema: CheckoutCouponSchema });
  if (coupon.status !== "success") {
    const message = `${t("checkout.saveFailed")}: ${couponProblemMessage("unknown", t, language)}`;
    return data({ result: submission.reply({ formErrors: [message] }), paymentUrl: null, orderSessionId: null }, { status: 400 });
  }
  const { couponCode } = coupon.value;
  const shown = parseWithZod(formData, { schema: CheckoutShownTotalSchema });
  const shownSubtotalFils = shown.status === "success" ? (shown.value.shownSubtotalFils ?? null) : null;
  try {
    const outcome = await withCouponAttempt(address, couponCode, () =>
      placeOrderAndStartPayment({ details: submission.value, lines, customerId: customer?.id ?? null, language, clientAddress: address, couponCode, shownSubtotalFils, ...giftAndSlotOf(submission.value), campaign: readCampaign(request) }),
    );
    if ("refused" in outcome) {
      const message = `${t("checkout.saveFailed")}: ${tooManyCodesText(outcome.refused.retryAfterSeconds, t)}`;
      return data(
        { result: submission.reply({ formErrors: [message] }), paymentUrl: null, orderSessionId: null },
        { status: 429, headers: { "Retry-After": String(outcome.refused.retryAfterSeconds) } },
      );
    }
    const placed = outcome.placed;
    const headers = { "Set-Cookie": await rememberOrderHeader(request, placed.order.id) };
    // With JavaScript the page shows its toast and then goes on; without it the browser follows the redirect.
    if (formData.get("enhanced") === "1") return data({ result: submission.reply(), paymentUrl: placed.paymentUrl, orderSessionId: placed.orderSessionId }, { headers });
    throw redirect(placed.paymentUrl, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    // The client's earlier unpaid order is named, with a way to pay or cancel it, only to the one who placed it.
    const owns = error.earlier ? await placedByAsker(request, customer?.id ?? null, error.earlier) : false;
    const message = `${t("checkout.saveFailed")}: ${orderErrorMessage(error, t, language, owns)}`;
    const earlierOrder = owns && error.earlier ? earlierOrderLinkOf(error.earlier) : null;
    // New prices: the page is drawn again with them (a refusal does not reload the page's data by itself).
    const repriced = error.code === "pricesChanged";
    return data({ result: submission.reply({ formErrors: [message] }), paymentUrl: null, orderSessionId: null, earlierOrder, repriced }, { status: error.status });
  }
}

/**
 * The discount code's Apply and Remove. With JavaScript they come from a fetcher; without it the whole checkout
 * form is posted, so the answer gives its values back (no field errors: the shopper has not tried to pay yet).
 */
async function couponAction(request: Request, customer: { id: string } | null, formData: FormData, t: TFunction, language: Language, address: string) {
  const initialValue: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") initialValue[name] = value;
  const cart = await getCartSummary(await readShopperCart(request, customer), language);
  const submission = parseWithZod(formData, { schema: CouponPreviewSchema });
  if (submission.status !== "success") {
    // Only a code longer than any the shop makes fails here: it is refused as an unknown code, and not looked up.
    const { offer } = await checkoutOffer(null, cart.productsTotalFils, {}, t, language);
    const text = couponProblemMessage("unknown", t, language);
    return data({ result: { initialValue }, paymentUrl: null, orderSessionId: null, offer, couponNotice: { kind: "error" as const, text } }, { status: 400 });
  }
  const { intent, email, phone } = submission.value;
  const code = intent === "applyCoupon" ? submission.value.couponCode : null;
  const contact = { email, phone };
  // Every code tried takes one of the client's attempts before it is looked up; a usable one gives it back.
  const attempt = code ? await takeCouponAttempt(address) : null;
  if (attempt && !attempt.allowed) {
    const { offer } = await checkoutOffer(null, cart.productsTotalFils, contact, t, language);
    return data(
      {
        result: { initialValue: { ...initialValue, couponCode: code ?? "" } },
        paymentUrl: null,
        orderSessionId: null,
        offer,
        couponNotice: { kind: "error" as const, text: tooManyCodesText(attempt.retryAfterSeconds, t) },
      },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  const { offer, problem } = await checkoutOffer(code, cart.productsTotalFils, contact, t, language);
  if (attempt && offer.coupon) await giveBackCouponAttempt(address);
  const result = { initialValue: { ...initialValue, couponCode: offer.coupon?.code ?? code ?? "" } };
  const base = { result, paymentUrl: null, orderSessionId: null, offer };
  if (intent === "applyCoupon" && !offer.coupon) {
    const text = problem?.message ?? couponProblemMessage("unknown", t, language);
    return data({ ...base, couponNotice: { kind: "error" as const, text } }, { status: problem?.problem === "usedUp" || problem?.problem === "alreadyUsed" ? 409 : 400 });
  }
  const text = offer.coupon ? t("offers.couponApplied", { code: offer.coupon.code }) : t("offers.couponRemoved");
  return data({ ...base, couponNotice: { kind: "success" as const, text } }, { headers: { "Set-Cookie": await appliedCouponHeader(offer.coupon?.code ?? null) } });
}

/** The refusal once the client's wrong codes are spent, with the wait in whole minutes. */
function tooManyCodesText(retryAfterSeconds: number, t: TFunction): string {
  return t("offers.coupon.tooManyAttempts", { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/**
 * Once the order is placed (the answer names the payment page) the page shows its toast and leaves: its loader is not
 * run again on the way out. That is one round trip less on a slow network, and what it brought back (the cart read
 * again, an error) could take the form, and the redirect it holds, away before the browser leaves. A refusal for prices
 * changed since the page was drawn reloads its data (a refusal would not), so the shopper sees the new total.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  typeof (actionResult as { paymentUrl?: unknown } | undefined)?.paymentUrl === "string" ? false : Boolean((actionResult as { repriced?: boolean } | undefined)?.repriced) || defaultShouldRevalidate;

export default function CheckoutPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaderData.items.length === 0) {
    return (
      <section className="page page--narrow checkout-empty">
        <h1>{t("checkout.title")}</h1>
        <p data-testid="empty-cart">{t("checkout.emptyCart")}</p>
        <Link to="/" className="button button--primary">
          {t("checkout.backToShop")}
        </Link>
      </section>
    );
  }
  return (
    <section className="page checkout">
      <h1>{t("checkout.title")}</h1>
      <EarlierOrderLink order={(actionData as { earlierOrder?: EarlierOrderLinkData | null } | undefined)?.earlierOrder ?? null} />
      <SavedAddresses addresses={loaderData.savedAddresses} chosen={loaderData.chosenAddress} areas={loaderData.areas} language={loaderData.language} />
      <CheckoutPromise promisedBy={loaderData.promisedBy} language={loaderData.language} />
      <CheckoutForm
        // A chosen saved address fills the form anew.
        key={loaderData.chosenAddress ?? "typed"}
        {...loaderData}
        offer={actionData && "offer" in actionData ? actionData.offer : loaderData.offer}
        couponNotice={actionData && "couponNotice" in actionData ? actionData.couponNotice : loaderData.couponNotice}
        lastResult={actionData?.result}
        paymentUrl={actionData?.paymentUrl ?? null}
        orderSessionId={actionData?.orderSessionId ?? null}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
