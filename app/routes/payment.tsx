import { CardSchema, getZodConstraint, parseWithZod, PaymentCancelSchema, PaymentChoiceSchema } from "~/shared/schemas.server";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CardForm } from "~/components/checkout/card-form";
import { PaymentMethods } from "~/components/checkout/payment-methods";
import { FormMessage } from "~/components/form-message";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { emptyShopperCart } from "~/auth/shopper-cart.server";
import { beginGatewayPayment, getPaymentSession, isLateRefusal, latePaymentState, listPaymentMethods, PaymentStartError, testAttemptToPay, confirmPayment, hitPaymentLimits, retryAfter } from "~/models/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";
import { hitRateLimit, shopNameFor } from "~/models/shop/index.server";
import { testProvider } from "~/payments/test-provider.server";
import { formatKD } from "~/shared/money";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/form-data.server";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderHold } from "~/components/checkout/order-hold";
import { cancelUnpaidOrder } from "~/models/fulfilment/index.server";

// Card numbers and CVVs are never sent back to the page, stored or logged.
const HIDDEN_FIELDS = ["cardNumber", "cvv"];

/**
 * The payment page of an order session. With the test provider it is that provider's hosted card page
 * (CONTRACT.md); with a gateway it lists the gateway's ways to pay, and the chosen one leads to its hosted page.
 */
/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

/** A refused load's Retry-After reaches the browser (a route without `headers` sends none of its loader's headers). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const retry = loaderHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const meta = { title: t("payment.title"), description: t("pageTexts.defaultDescription"), siteName: shop };
  const url = new URL(request.url);
  const orderSessionId = url.searchParams.get("orderSessionId") ?? "";
  const session = orderSessionId ? await getPaymentSession(orderSessionId) : null;
  if (!session) return { meta, state: "missing" as const, payment: null, gateway: null };
  if (session.order.paymentStatus === "paid") throw redirect(`/payment-success?orderNumber=${session.order.orderNumber}`);
  if (session.order.paymentStatus !== "unpaid" && url.searchParams.get("cancelled") === "1") {
    return { meta, state: "cancelled" as const, payment: null, gateway: null, message: t("payment.cancelled", { orderNumber: session.order.orderNumber }) };
  }
  // Minutes left of the hold, rounded up: a short hold (more than half of what was for sale) shows 10, not 15.
  const heldMinutes = Math.max(0, Math.ceil(((session.order.reservedUntil?.getTime() ?? 0) - Date.now()) / 60_000));
  // A hold that ended (a reminder's link, decision 0085): paid late while its pieces are for sale, taken again then.
  const late = session.order.paymentStatus !== "unpaid" || heldMinutes === 0;
  if (late) {
    const lateState = await latePaymentState(session.order.id);
    if (lateState === "soldOut") return { meta, state: "soldOut" as const, payment: null, gateway: null, message: t("payment.soldOut") };
    if (lateState === "notPayable") return { meta, state: "notPayable" as const, payment: null, gateway: null };
  }
  // The card form's attributes from its schema, so the browser needs no zod to draw it.
  const constraint = getZodConstraint(CardSchema);
  const payment = {
    orderSessionId,
    orderNumber: session.order.orderNumber,
    amount: formatKD(session.amountFils, language),
    amountFils: session.amountFils,
    language,
    constraint,
    heldMinutes,
    late,
  };
  if (session.provider === testProvider.name) return { meta, state: "ready" as const, payment, gateway: null };
  // Each load may ask the gateway for its ways to pay: counted per order and per client (docs/decisions/0069).
  const limit = await hitPaymentLimits("page", orderSessionId, clientAddress(context));
  if (!limit.allowed) {
    const message = t("payment.pageTooBusy", { minutes: Math.ceil(limit.retryAfterSeconds / 60) });
    return data({ meta, state: "tooMany" as const, payment: null, gateway: null, message }, { status: 429, headers: retryAfter(limit) });
  }
  try {
    const methods = await listPaymentMethods(session, language);
    return { meta, state: "ready" as const, payment, gateway: { methods, error: null } };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return { meta, state: "ready" as const, payment, gateway: { methods: [], error: t("payment.gatewayUnavailable") } };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "cancel") return cancelAction(request, formData);
  if (formData.has("methodId")) return gatewayAction(request, formData, context);
  return testCardAction(request, formData, context);
}

/** The shopper picked KNET, card or Apple Pay: start that payment at the gateway and go to its hosted page. */
async function gatewayAction(request: Request, formData: FormData, context: ActionFunctionArgs["context"]) {
  const t = await i18nServer.getFixedT(request);
  const fail = (status: number, message: string, headers?: Record<string, string>) =>
    data({ result: undefined, paidOrderNumber: null, gatewayError: message }, { status, headers });
  const submission = parseWithZod(formData, { schema: PaymentChoiceSchema });
  if (submission.status !== "success") return fail(404, t("payment.sessionNotFound"));
  const { orderSessionId, methodId } = submission.value;
  const limit = await hitPaymentLimits("start", orderSessionId, clientAddress(context));
  if (!limit.allowed) return fail(429, t("checkout.tooManyAttempts"), retryAfter(limit));
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await beginGatewayPayment(orderSessionId, methodId));
  } catch (error) {
    if (error instanceof PaymentStartError) {
      if (error.reason === "unknownMethod") return fail(400, t("payment.unknownMethod"));
      if (error.reason === "notPayable") return fail(409, t("payment.notPayable"));
      if (isLateRefusal(error.reason)) return fail(409, t(`payment.${error.reason}`));
      return fail(404, t("payment.sessionNotFound"));
    }
    if (error instanceof PaymentGatewayError) return fail(502, t(error.fault === "refused" ? "payment.gatewayRefused" : "payment.gatewayUnavailable"));
    throw error;
  }
  throw redirect(redirectUrl, { status: 303 });
}

/** The shopper cancels the unpaid order (docs/decisions/0077); the page then says so, or why it could not. */
async function cancelAction(request: Request, formData: FormData) {
  const t = await i18nServer.getFixedT(request);
  const fail = (status: number, message: string) => data({ result: undefined, paidOrderNumber: null, gatewayError: message }, { status });
  const submission = parseWithZod(formData, { schema: PaymentCancelSchema });
  if (submission.status !== "success") return fail(404, t("payment.sessionNotFound"));
  const { orderSessionId } = submission.value;
  try {
    const { outcome } = await cancelUnpaidOrder(orderSessionId);
    if (outcome === "notFound") return fail(404, t("payment.sessionNotFound"));
    if (outcome === "notCancellable") return fail(409, t("payment.notCancellable"));
  } catch (error) {
    if (error instanceof PaymentGatewayError) return fail(502, t("payment.gatewayUnavailable"));
    throw error;
  }
  throw redirect(`/payment?orderSessionId=${encodeURIComponent(orderSessionId)}&cancelled=1`, { status: 303 });
}

/** The test provider's card page: approve or decline at once, then show the outcome. */
async function testCardAction(request: Request, formData: FormData, context: ActionFunctionArgs["context"]) {
  const t = await i18nServer.getFixedT(request);
  const reply = (result: ReturnType<typeof submission.reply>, paidOrderNumber: string | null = null) => ({ result, paidOrderNumber, gatewayError: null });
  const submission = parseWithZod(formData, { schema: CardSchema });
  if (submission.status !== "success") return data(reply(submission.reply({ hideFields: HIDDEN_FIELDS })), { status: 400 });
  const { orderSessionId, cardNumber } = submission.value;
  const attempts = await hitRateLimit(`card:${orderSessionId}:${clientAddress(context)}`, 10, 600);
  if (!attempts.allowed) {
    return data(reply(submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [t("payment.orderFailedRetry")] })), { status: 429 });
  }
  const session = await getPaymentSession(orderSessionId);
  if (!session || session.provider !== testProvider.name || !session.providerPaymentId) {
    return data(reply(submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [t("payment.sessionNotFound")] })), { status: 404 });
  }
  // A card page left open on an order cancelled meanwhile: nothing is tried or written, whatever its payment says.
  if (session.order.status === "cancelled") {
    const cancelled = t("payment.cancelled", { orderNumber: session.order.orderNumber });
    return data(reply(submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [cancelled] })), { status: 409 });
  }
  // After a decline the same order is paid with a new attempt, which counts against the order's starts (decision 0043).
  if (session.status !== "initiated" && session.order.paymentStatus !== "paid") {
    const starts = await hitPaymentLimits("start", orderSessionId, clientAddress(context));
    if (!starts.allowed) {
      return data(reply(submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [t("checkout.tooManyAttempts")] })), { status: 429, headers: retryAfter(starts) });
    }
  }
  let attempt: Awaited<ReturnType<typeof testAttemptToPay>> = null;
  try {
    attempt = session.order.paymentStatus === "paid" ? null : await testAttemptToPay(orderSessionId);
  } catch (error) {
    // Paying late after its pieces sold out: nothing is charged, and the page says why (decision 0085).
    if (error instanceof PaymentStartError && isLateRefusal(error.reason)) {
      return data(reply(submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [t(`payment.${error.reason}`)] })), { status: 409 });
    }
    throw error;
  }
  if (attempt) await testProvider.submitCard(attempt.providerPaymentId, { cardNumber });
  const outcome = await confirmPayment(attempt?.paymentId ?? orderSessionId);
  if (outcome?.state !== "paid") throw redirect(`/payment/return?orderId=${session.order.id}`, { status: 303 });

  const headers = { "Set-Cookie": await emptyShopperCart(request) };
  if (formData.get("enhanced") === "1") return data(reply(submission.reply({ resetForm: true }), outcome.orderNumber), { headers });
  throw redirect(`/payment-success?orderNumber=${outcome.orderNumber}`, { status: 303, headers });
}

export default function PaymentPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const { state, payment, gateway } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <section className="page page--narrow">
      <h1>{t("payment.title")}</h1>
      {payment ? <OrderHold orderSessionId={payment.orderSessionId} heldMinutes={payment.heldMinutes} late={payment.late} /> : null}
      {payment && !gateway && actionData?.gatewayError ? <FormMessage message={actionData.gatewayError} /> : null}
      {payment && gateway ? (
        <PaymentMethods {...payment} methods={gateway.methods} error={actionData?.gatewayError ?? gateway.error} />
      ) : payment ? (
        <CardForm {...payment} lastResult={actionData?.result} paidOrderNumber={actionData?.paidOrderNumber ?? null} />
      ) : (
        <div className="payment-card">
          <FormMessage
            kind={state === "cancelled" ? "success" : "error"}
            message={"message" in loaderData ? loaderData.message : state === "notPayable" ? t("payment.notPayable") : t("payment.sessionNotFound")}
          />
          <p>
            {state === "soldOut" ? (
              <Link to="/" className="button button--primary" data-testid="back-to-shop">
                {t("payment.backToShop")}
              </Link>
            ) : (
              <Link to={state === "cancelled" ? "/cart" : "/checkout"} className="button button--primary">
                {state === "cancelled" ? t("payment.backToCart") : t("payment.backToCheckout")}
              </Link>
            )}
          </p>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
