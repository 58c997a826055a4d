import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Ltr } from "~/components/ltr";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { normalizeOrderNumber } from "~/shared/order-number";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { FormMessage } from "~/components/form-message";
import { StatusBadge } from "~/components/status-badge";
import { inLanguage } from "~/i18n/bilingual.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { lookUpInvoice } from "~/auth/invoice-lookup.server";
import { pageMeta } from "~/utils/meta";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { returnsMessages } from "~/i18n/browser/areas/returns";
import { combinedAreas } from "~/i18n/area-messages";
import { orderReturnsSummary } from "~/models/returns/index.server";
import { type ReturnJson, returnReadJson } from "~/api/answers/returns.server";
import { ReturnsList } from "~/components/returns-list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";
import { latePromiseView } from "~/models/fulfilment/index.server";
import { lateCancelFormAction } from "~/auth/late-cancel.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { CancelledLate } from "~/components/account/cancelled-late";
import { LateCancelForm, PromisedBy } from "~/components/account/late-cancel";
import { signedDocumentPath } from "~/models/orders/index.server";
import { retryAfterPageHeaders } from "~/utils/page-headers";

type Found = { orderNumber: string; status: string; invoiceUrl: string | null; phoneMismatch: boolean };

/**
 * The promise as this page shows it; the credit notes' links are signed as the invoice's is, so whoever reached the
 * order by its phone opens them without a session.
 */
function promiseViewOf(view: Awaited<ReturnType<typeof latePromiseView>>) {
  if (!view) return null;
  return {
    promisedBy: view.promisedBy,
    slot: view.slot,
    state: view.state,
    cancelledLate: view.cancelledLate && { at: view.cancelledLate.at.toISOString(), refundedFils: view.cancelledLate.refundedFils },
    creditNotes: view.creditNotes.map((note) => ({ number: note.number, amountFils: note.amountFils, createdAt: note.createdAt.toISOString(), url: signedDocumentPath({ kind: "credit-note", number: note.number }) })),
  };
}

type PromiseView = NonNullable<ReturnType<typeof promiseViewOf>>;

/** Order tracking (a GET form, so it works without JavaScript): the status by number, the invoice with the phone. */
/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = combinedAreas(checkoutMessages, returnsMessages);

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const meta = { title: t("tracking.title"), description: t("pageTexts.defaultDescription"), siteName: shop };
  const url = new URL(request.url);
  const raw = url.searchParams.get("orderNumber");
  const phone = url.searchParams.get("phone") ?? "";
  const base = {
    meta,
    language,
    query: { orderNumber: raw ?? "", phone },
    error: null as string | null,
    found: null as Found | null,
    returns: null as { returns: ReturnJson[]; canRequest: boolean } | null,
    promise: null as PromiseView | null,
  };
  if (raw === null) return base;
  const orderNumber = normalizeOrderNumber(raw);
  if (!orderNumber) return data({ ...base, error: t("tracking.invalidNumber") }, { status: 400 });
  const result = await lookUpInvoice(request, context, orderNumber, phone);
  if (result.kind === "limited") {
    const headers = { "Retry-After": String(result.retryAfterSeconds), "Cache-Control": "no-store" };
    return data({ ...base, query: { orderNumber, phone }, error: inLanguage(result.message, language) }, { status: 429, headers });
  }
  if (result.kind === "notFound") return data({ ...base, query: { orderNumber, phone }, error: t("tracking.notFound") }, { status: 404 });
  // The order's returns, and the way to ask one, only for whoever may read its invoice (the owner, or with the phone).
  const summary = result.invoiceUrl ? await orderReturnsSummary(result.orderNumber) : null;
  const returns = summary && { ...summary, returns: summary.returns.map(returnReadJson) };
  // The promised day and the late order's cancellation (issue 48), for the same people.
  const promise = result.invoiceUrl ? promiseViewOf(await latePromiseView(result.orderNumber)) : null;
  return { ...base, query: { orderNumber, phone }, found: result, returns, promise };
}

/** "Cancel and get a full refund" of a late order, by its phone (or as its signed-in shopper); back to this page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await getCustomerFromRequest(request);
  return lateCancelFormAction(request, context, { customerId: customer?.id ?? null }, (orderNumber, phone) => `/view-invoice?${new URLSearchParams({ orderNumber, phone }).toString()}`);
}

export default function ViewInvoicePage() {
  const { t } = useTranslation();
  const { language, query, error, found, returns, promise } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.lateCancel;
  const navigation = useNavigation();
  return (
    <section className="page page--narrow">
      <h1>{t("tracking.title")}</h1>
      <div className="tracking">
        <Form method="get" key={`${query.orderNumber}|${query.phone}`}>
          <div className="field">
            <label htmlFor="orderNumber">{t("tracking.orderNumber")}</label>
            <input id="orderNumber" name="orderNumber" defaultValue={query.orderNumber} placeholder={t("tracking.orderNumberPlaceholder")} dir="ltr" autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor="phone">{t("tracking.phone")}</label>
            {/* The checkout's fixed +965; what the shopper types is read by normalizeKuwaitiPhone, so spaces, a typed
                +965 and Arabic-Indic digits all find the order. */}
            <div className="phone-input" dir="ltr">
              <span className="phone-input__prefix">{KUWAIT_DIALING_PREFIX}</span>
              <input id="phone" name="phone" type="tel" inputMode="tel" maxLength={40} defaultValue={query.phone} autoComplete="tel-national" />
            </div>
          </div>
          <button type="submit" className="button button--primary" disabled={navigation.state === "loading"}>
            {t("tracking.search")}
          </button>
        </Form>
        <FormMessage message={error} />
        {found ? (
          <div className="tracking__result" data-testid="tracking-result">
            <p>
              <Ltr data-testid="tracking-order-number">{found.orderNumber}</Ltr>
            </p>
            <StatusBadge status={found.status} language={language} unknownPrefix={t("tracking.statusPrefix")} />
            {found.invoiceUrl ? (
              <a href={found.invoiceUrl} className="button button--secondary" target="_blank" rel="noreferrer" data-testid="invoice-link">
                {t("tracking.openInvoice")}
              </a>
            ) : (
              <p className="field__hint">{found.phoneMismatch ? t("tracking.wrongPhone") : t("tracking.phoneHint")}</p>
            )}
            {promise && promise.state !== "cancelled" ? <PromisedBy date={promise.promisedBy} language={language} slot={promise.slot} /> : null}
            {promise?.state === "open" ? <LateCancelForm orderNumber={found.orderNumber} phone={query.phone} error={refused?.message} /> : null}
            {promise?.cancelledLate ? <CancelledLate at={promise.cancelledLate.at} refundedFils={promise.cancelledLate.refundedFils} creditNotes={promise.creditNotes} language={language} /> : null}
            {returns?.canRequest ? (
              <a
                href={`/view-invoice/return?${new URLSearchParams({ orderNumber: found.orderNumber, phone: query.phone }).toString()}`}
                className="button button--secondary"
                data-testid="request-return"
              >
                {t("returns.request")}
              </a>
            ) : null}
            {returns ? <ReturnsList returns={returns.returns} language={language} /> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
