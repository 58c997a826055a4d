import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CardForm } from "~/components/checkout/card-form";
import { CardSchema } from "~/shared/card-schema";
import { ErrorPage } from "~/components/error-page";
import { FormMessage } from "~/components/forms";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { clearCartCookieHeader } from "~/cookies/cart.server";
import { confirmPayment, getPaymentSession } from "~/models/payment.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { testProvider } from "~/payments/test-provider.server";
import { formatKD } from "~/shared/money";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import checkoutStyles from "~/styles/checkout.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

// Card numbers and CVVs are never sent back to the page, stored or logged.
const HIDDEN_FIELDS = ["cardNumber", "cvv"];

/** The built-in test provider's hosted card page (CONTRACT.md). A real gateway hosts its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const meta = { title: t("payment.title"), description: t("meta.defaultDescription"), siteName: t("meta.siteName") };
  const orderSessionId = new URL(request.url).searchParams.get("orderSessionId") ?? "";
  const session = orderSessionId ? await getPaymentSession(orderSessionId) : null;
  if (!session || session.provider !== testProvider.name) return { meta, state: "missing" as const, payment: null };
  if (session.order.paymentStatus === "paid") throw redirect(`/payment-success?orderNumber=${session.order.orderNumber}`);
  if (session.order.paymentStatus !== "unpaid") return { meta, state: "notPayable" as const, payment: null };
  return {
    meta,
    state: "ready" as const,
    payment: { orderSessionId, orderNumber: session.order.orderNumber, amount: formatKD(session.amountFils, language) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const t = await i18nServer.getFixedT(request);
  const submission = parseWithZod(formData, { schema: CardSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), paidOrderNumber: null }, { status: 400 });
  const { orderSessionId, cardNumber } = submission.value;
  const attempts = await hitRateLimit(`card:${orderSessionId}:${clientAddress(context)}`, 10, 600);
  if (!attempts.allowed) {
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [t("payment.orderFailedRetry")] }), paidOrderNumber: null }, { status: 429 });
  }
  const session = await getPaymentSession(orderSessionId);
  if (!session || session.provider !== testProvider.name || !session.providerPaymentId) {
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS, formErrors: [t("payment.sessionNotFound")] }), paidOrderNumber: null }, { status: 404 });
  }
  if (session.order.paymentStatus === "unpaid") await testProvider.submitCard(session.providerPaymentId, { cardNumber });
  const outcome = await confirmPayment(orderSessionId);
  if (outcome?.state !== "paid") throw redirect(`/payment/return?orderId=${session.order.id}`, { status: 303 });

  const headers = { "Set-Cookie": await clearCartCookieHeader() };
  if (formData.get("enhanced") === "1") return data({ result: submission.reply({ resetForm: true }), paidOrderNumber: outcome.orderNumber }, { headers });
  throw redirect(`/payment-success?orderNumber=${outcome.orderNumber}`, { status: 303, headers });
}

export default function PaymentPage() {
  const { t } = useTranslation();
  const { state, payment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page page--narrow">
      <h1>{t("payment.title")}</h1>
      {payment ? (
        <CardForm {...payment} lastResult={actionData?.result} paidOrderNumber={actionData?.paidOrderNumber ?? null} />
      ) : (
        <div className="payment-card">
          <FormMessage message={state === "notPayable" ? t("payment.notPayable") : t("payment.sessionNotFound")} />
          <p>
            <Link to="/checkout" className="button button--primary">
              {t("payment.backToCheckout")}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <ErrorPage kind="error" />;
}
