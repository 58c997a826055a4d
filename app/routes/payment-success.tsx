import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Ltr } from "~/components/ltr";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { normalizeOrderNumber } from "~/shared/order-number";
import { FormMessage } from "~/components/forms";
import { i18nServer } from "~/i18n/i18next.server";
import { clearCartCookieHeader } from "~/cookies/cart.server";
import { canReadInvoice, signedInvoicePath } from "~/models/invoice-access.server";
import { getOrderByNumber } from "~/models/order.server";
import { pageMeta } from "~/utils/meta";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/settings.server";

/** `/payment-success?orderNumber=`: the number, a signed invoice link for the buyer, and the e-mail note. */
/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = await i18nServer.getFixedT(request);
  const meta = { title: t("payment.successTitle"), description: t("pageTexts.defaultDescription"), siteName: shop };
  const orderNumber = normalizeOrderNumber(new URL(request.url).searchParams.get("orderNumber") ?? "");
  const order = orderNumber ? await getOrderByNumber(orderNumber) : null;
  // No paid order to thank for: SPEC's message under a heading that says so, not "Thank you for your order!".
  if (!order || order.paymentStatus !== "paid") return { meta: { ...meta, title: t("payment.orderNotFoundTitle") }, orderNumber: null, invoiceUrl: null };
  const invoiceUrl = (await canReadInvoice(request, order)) ? signedInvoicePath(order.orderNumber) : `/view-invoice?orderNumber=${order.orderNumber}`;
  return data({ meta, orderNumber: order.orderNumber, invoiceUrl }, { headers: { "Set-Cookie": await clearCartCookieHeader() } });
}

export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  const { orderNumber, invoiceUrl } = useLoaderData<typeof loader>();
  return (
    <section className="page page--narrow outcome" data-testid="payment-success">
      <h1>{orderNumber ? t("payment.successTitle") : t("payment.orderNotFoundTitle")}</h1>
      {orderNumber ? (
        <>
          <p>
            {t("payment.orderNumber")}:{" "}
            <Ltr className="outcome__number" data-testid="order-number">
              {orderNumber}
            </Ltr>
          </p>
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
