import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Ltr } from "~/components/ltr";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { normalizeOrderNumber } from "~/shared/order-number";
import { FormMessage } from "~/components/form-message";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { clearCartCookieHeader } from "~/cookies/cart.server";
import { canReadInvoice } from "~/auth/document-access.server";
import { signedInvoicePath, getOrderByNumber, paidOrderSummaryOf } from "~/models/orders/index.server";
import { pageMeta } from "~/utils/meta";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";
import { PaidOrderSummary } from "~/components/checkout/paid-order-summary";

/**
 * `/payment-success?orderNumber=`: the thank-you page. It says the order is paid, gives its number and a tracking
 * link (the order lookup) to anyone with the number; its items, total and address, and a signed invoice link, only to
 * the browser that placed it or its owner (issue 43, point 11).
 */
/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [t, language] = await Promise.all([i18nServer.getFixedT(request), getLanguage(request)]);
  const meta = { title: t("payment.successTitle"), description: t("pageTexts.defaultDescription"), siteName: shop };
  const orderNumber = normalizeOrderNumber(new URL(request.url).searchParams.get("orderNumber") ?? "");
  const order = orderNumber ? await getOrderByNumber(orderNumber) : null;
  // No paid order to thank for: SPEC's message under a heading that says so, not "Thank you for your order!".
  if (!order || order.paymentStatus !== "paid") {
    return { meta: { ...meta, title: t("payment.orderNotFoundTitle") }, orderNumber: null, invoiceUrl: null, trackingUrl: null, summary: null, language };
  }
  const mine = await canReadInvoice(request, order);
  const invoiceUrl = mine ? signedInvoicePath(order.orderNumber) : `/view-invoice?orderNumber=${order.orderNumber}`;
  const summary = mine ? await paidOrderSummaryOf(order.id, language) : null;
  const trackingUrl = `/view-invoice?orderNumber=${order.orderNumber}`;
  return data({ meta, orderNumber: order.orderNumber, invoiceUrl, trackingUrl, summary, language }, { headers: { "Set-Cookie": await clearCartCookieHeader() } });
}

export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  const { orderNumber, invoiceUrl, trackingUrl, summary, language } = useLoaderData<typeof loader>();
  return (
    <section className="page page--narrow outcome" data-testid="payment-success">
      <h1>{orderNumber ? t("payment.successTitle") : t("payment.orderNotFoundTitle")}</h1>
      {orderNumber ? (
        <>
          <p className="outcome__paid" data-testid="payment-paid">
            {t("payment.paidInFull")}
          </p>
          <p>
            {t("payment.orderNumber")}:{" "}
            <Ltr className="outcome__number" data-testid="order-number">
              {orderNumber}
            </Ltr>
          </p>
          {summary ? <PaidOrderSummary summary={summary} language={language} /> : null}
          <p>{t("payment.emailedCopy")}</p>
        </>
      ) : (
        <FormMessage message={t("payment.orderNumberNotFound")} />
      )}
      <div className="outcome__actions">
        {invoiceUrl ? (
          <a href={invoiceUrl} className="button button--primary" target="_blank" rel="noreferrer" data-testid="view-invoice">
            {t("payment.viewInvoice")}
          </a>
        ) : null}
        {trackingUrl ? (
          <Link to={trackingUrl} className="button button--secondary" data-testid="track-order">
            {t("payment.trackOrder")}
          </Link>
        ) : null}
        <Link to="/" className="button button--secondary">
          {t("checkout.backToShop")}
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
