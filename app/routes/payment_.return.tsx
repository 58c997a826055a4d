import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/components/checkout/payment-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { emptyShopperCart, shopperCartCount } from "~/auth/shopper-cart.server";
import { i18nServer } from "~/i18n/i18next.server";
import { hitPaymentLimits, retryAfter, payAgainSessionOf, verifyOrderPayment } from "~/models/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";
import { shopNameFor } from "~/models/shop/index.server";
import { retryAfterPageHeaders } from "~/utils/page-headers";

/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

const CHECKOUT = "/checkout";

/**
 * Try Again after a failed payment (docs/decisions/0043): the same order's payment page while its hold lasts, else
 * the checkout form filled with the order's details (for the browser that placed it; the checkout checks).
 */
async function tryAgainUrlOf(orderId: string): Promise<string> {
  const orderSessionId = await payAgainSessionOf(orderId);
  return orderSessionId ? `/payment?orderSessionId=${encodeURIComponent(orderSessionId)}` : `${CHECKOUT}?retry=${encodeURIComponent(orderId)}`;
}

/**
 * The payment result page by `orderId` (the gateway's return URL): the server asks the gateway, never the
 * query string, whether the order is paid (the gateway's own query only says which payment to ask about); a paid
 * order empties the cart. When the gateway cannot answer, the page says so and offers to look again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = await i18nServer.getFixedT(request);
  const meta = { title: t("payment.title"), description: t("pageTexts.defaultDescription"), siteName: shop };
  const searchParams = new URL(request.url).searchParams;
  const orderId = searchParams.get("orderId")?.trim();
  if (!orderId) return data({ meta, state: "missing" as const, orderId: null, orderNumber: null, tryAgainUrl: CHECKOUT }, { status: 400 });
  // Limited per order and per client like the status API; the page offers to look again, after Retry-After.
  const limit = await hitPaymentLimits("status", orderId, clientAddress(context));
  if (!limit.allowed) return data({ meta, state: "unavailable" as const, orderId, orderNumber: null, tryAgainUrl: CHECKOUT }, { status: 429, headers: retryAfter(limit) });
  let result;
  try {
    result = await verifyOrderPayment(orderId, searchParams, { shopper: true, recheck: true });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return data({ meta, state: "unavailable" as const, orderId, orderNumber: null, tryAgainUrl: CHECKOUT }, { status: 503, headers: { "Retry-After": "30" } });
  }
  if (!result) return data({ meta, state: "failed" as const, orderId: null, orderNumber: null, tryAgainUrl: CHECKOUT }, { status: 404 });
  if (result.takenAfterCancel) return data({ meta, state: "refundDue" as const, orderId: result.orderId, orderNumber: result.orderNumber, tryAgainUrl: CHECKOUT });
  if (result.state !== "paid") return data({ meta, state: "failed" as const, orderId: result.orderId, orderNumber: null, tryAgainUrl: await tryAgainUrlOf(result.orderId) });
  // The header's cart count is read beside this loader, from a cart that still holds the bought items: coming back
  // from the gateway, go once more to the plain address, so the confirmation is shown with the cart emptied.
  const hadItems = (await shopperCartCount(request)) > 0;
  const headers = { "Set-Cookie": await emptyShopperCart(request) };
  const fromGateway = [...searchParams.keys()].some((key) => key !== "orderId");
  if (fromGateway && hadItems) {
    throw redirect(`/payment/return?orderId=${encodeURIComponent(result.orderId)}`, { status: 303, headers });
  }
  return data({ meta, state: "paid" as const, orderId: result.orderId, orderNumber: result.orderNumber, tryAgainUrl: CHECKOUT }, { headers });
}

export default function PaymentResultPage() {
  const { state, orderId, orderNumber, tryAgainUrl } = useLoaderData<typeof loader>();
  return <PaymentResult state={state} orderId={orderId} orderNumber={orderNumber} tryAgainUrl={tryAgainUrl} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
