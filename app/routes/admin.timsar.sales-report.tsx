import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormMessage } from "~/components/form-message";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { bestSellerName, getSalesReport, resolveSalesRange, type BestSeller, type BestVariant } from "~/models/reports/index.server";
import { formatAdminDate, kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { formatKD } from "~/shared/money";
import { Money } from "~/components/ltr";
import { adminReportMessages } from "~/i18n/browser/areas/admin/report";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { formatCount } from "~/shared/digits";
import { SourceSalesTable, sourceSalesRows } from "~/components/admin/source-sales-table";

/** The sales report's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminReportMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "sales");
  const params = new URL(request.url).searchParams;
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const range = resolveSalesRange(params.get("dateFrom"), params.get("dateTo"));
  const today = todayInKuwait();
  const base = { title: t("admin.report.title"), language };
  if (!range.ok) {
    return { ...base, error: t(`admin.report.${range.message as "invalidDate"}`), dateFrom: params.get("dateFrom") ?? today, dateTo: params.get("dateTo") ?? today, report: null };
  }
  const report = await getSalesReport(range.dateFrom, range.dateTo);
  // Amounts go to the view as fils and are laid out there by <Money> (a signed figure, then the currency).
  const money = (fils: number) => fils;
  const seller = (row: BestSeller | BestVariant) => ({
    productId: "variantId" in row ? row.variantId : row.productId,
    name: bestSellerName(row, language),
    units: formatCount(row.units, language),
    revenue: formatKD(row.revenueFils, language),
  });
  return {
    ...base,
    error: null,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    report: {
      isFullMonth: report.isFullMonth,
      days: Object.entries(report.days).map(([date, day]) => ({
        date,
        label: formatAdminDate(new Date(kuwaitDayStart(date).getTime() + 12 * 60 * 60 * 1000), language),
        orders: day.orders.map((order) => ({
          orderNumber: order.orderNumber,
          products: money(order.productsFils),
          delivery: money(order.deliveryFils),
          giftWrap: order.giftWrapFils > 0 ? money(order.giftWrapFils) : null,
          total: money(order.totalFils),
          discount: order.discountFils > 0 ? money(order.discountFils) : null,
          couponCode: order.couponCode,
          exchangeCredit: order.exchangeCreditFils > 0 ? money(order.exchangeCreditFils) : null,
        })),
        refunds: day.refunds.map((note) => ({ creditNoteNumber: note.creditNoteNumber, orderNumber: note.orderNumber, amount: money(-note.amountFils), returnNumber: note.returnNumber })),
        returnCount: formatCount(day.returnCount, language),
        productsTotal: money(day.productsFils),
        deliveryTotal: money(day.deliveryFils),
        giftWrapTotal: money(day.giftWrapFils),
        discountTotal: money(day.discountFils),
        total: money(day.totalFils),
        refundsTotal: money(-day.refundsFils),
        netTotal: money(day.netFils),
      })),
      summary: {
        orderCount: formatCount(report.rangeSummary.orderCount, language),
        refundCount: formatCount(report.rangeSummary.refundCount, language),
        returnCount: formatCount(report.rangeSummary.returnCount, language),
        returnsTotal: money(-report.rangeSummary.returnsFils),
        productsTotal: money(report.rangeSummary.productsFils),
        deliveryTotal: money(report.rangeSummary.deliveryFils),
        giftWrapTotal: report.rangeSummary.giftWrapFils > 0 ? money(report.rangeSummary.giftWrapFils) : null,
        discountTotal: money(report.rangeSummary.discountFils),
        exchangeCreditTotal: report.rangeSummary.exchangeCreditFils > 0 ? money(report.rangeSummary.exchangeCreditFils) : null,
        total: money(report.rangeSummary.totalFils),
        refundsTotal: money(-report.rangeSummary.refundsFils),
        netTotal: money(report.rangeSummary.netFils),
        recoveredCount: formatCount(report.recovered.orderCount, language),
        recoveredTotal: money(report.recovered.amountFils),
      },
      bySource: sourceSalesRows(report.bySource, language, t("admin.report.sourceDirect")),
      bestSellers: {
        byUnits: report.bestSellers.byUnits.map(seller),
        byRevenue: report.bestSellers.byRevenue.map(seller),
        byVariant: report.bestSellers.byVariant.map(seller),
      },
    },
  };
}

export default function SalesReport() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const csvHref = `/admin/timsar/sales-report/csv?${new URLSearchParams({ dateFrom: data.dateFrom, dateTo: data.dateTo }).toString()}`;
  // A column for gifts' wrapping when the range has any, so each order's line adds up to its amount (issue 48).
  const wrapping = data.report?.summary.giftWrapTotal != null;
  return (
    <section className="page admin-page">
      <h1>{t("admin.report.title")}</h1>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="report-from">{t("admin.report.dateFrom")}</label>
          <input id="report-from" type="date" name="dateFrom" defaultValue={data.dateFrom} required />
        </div>
        <div className="field">
          <label htmlFor="report-to">{t("admin.report.dateTo")}</label>
          <input id="report-to" type="date" name="dateTo" defaultValue={data.dateTo} required />
        </div>
        <button type="submit" className="button button--primary">
          {t("admin.report.show")}
        </button>
        {data.report ? (
          <a href={csvHref} className="button button--secondary" download>
            {t("admin.report.csv")}
          </a>
        ) : null}
      </Form>
      <FormMessage message={data.error} />
      <p className="admin-note">{t("admin.report.onlyPaid")}</p>
      {data.report ? (
        <>
          <section className="admin-card admin-summary" data-testid="report-summary">
            <h2>{t("admin.report.summary")}</h2>
            {data.report.isFullMonth ? <p className="admin-flag">{t("admin.report.fullMonth")}</p> : null}
            <dl className="admin-dl">
              <dt>{t("admin.report.orderCount")}</dt>
              <dd>{data.report.summary.orderCount}</dd>
              <dt>{t("admin.report.productsTotal")}</dt>
              <dd>
                <Amount value={data.report.summary.productsTotal} />
              </dd>
              <dt>{t("admin.report.discountTotal")}</dt>
              <dd data-testid="report-discount">
                <Amount value={data.report.summary.discountTotal} />
              </dd>
              {data.report.summary.exchangeCreditTotal ? (
                <>
                  <dt>{t("admin.report.exchangeCreditTotal")}</dt>
                  <dd data-testid="report-exchange-credit">
                    <Amount value={data.report.summary.exchangeCreditTotal} />
                  </dd>
                </>
              ) : null}
              <dt>{t("admin.report.deliveryTotal")}</dt>
              <dd>
                <Amount value={data.report.summary.deliveryTotal} />
              </dd>
              {data.report.summary.giftWrapTotal ? (
                <>
                  <dt>{t("admin.report.giftWrapTotal")}</dt>
                  <dd data-testid="report-gift-wrap">
                    <Amount value={data.report.summary.giftWrapTotal} />
                  </dd>
                </>
              ) : null}
              <dt>{t("admin.report.salesTotal")}</dt>
              <dd data-testid="report-total">
                <Amount value={data.report.summary.total} />
              </dd>
              <dt>{t("admin.report.refundCount")}</dt>
              <dd>{data.report.summary.refundCount}</dd>
              <dt>{t("admin.report.refundsTotal")}</dt>
              <dd data-testid="report-refunds">
                <Amount value={data.report.summary.refundsTotal} />
              </dd>
              <dt>{t("admin.report.returns")}</dt>
              <dd data-testid="report-returns">
                {data.report.summary.returnCount} (<Amount value={data.report.summary.returnsTotal} />)
              </dd>
              <dt>{t("admin.report.recovered")}</dt>
              <dd data-testid="report-recovered">
                {data.report.summary.recoveredCount} (<Amount value={data.report.summary.recoveredTotal} />)
              </dd>
              <dt>{t("admin.report.netTotal")}</dt>
              <dd>
                <strong data-testid="report-net">
                  <Amount value={data.report.summary.netTotal} />
                </strong>
              </dd>
            </dl>
          </section>
          <section className="admin-card" aria-labelledby="by-source-heading">
            <h2 id="by-source-heading">{t("admin.report.bySource")}</h2>
            <SourceSalesTable
              testId="report-by-source"
              caption={t("admin.report.bySourceCaption")}
              columns={[t("admin.report.source"), t("admin.report.sourceOrders"), t("admin.report.sourceAmount")]}
              rows={data.report.bySource}
              empty={t("admin.report.noSales")}
            />
          </section>
          <BestSellers lists={data.report.bestSellers} />
          {data.report.days.length === 0 ? <p className="admin-empty">{t("admin.report.noSales")}</p> : null}
          {data.report.days.map((day) => (
            <section key={day.date} className="admin-card" data-testid="report-day" data-date={day.date}>
              <h2>{day.label}</h2>
              <div className="admin-table-scroll">
                <table className="admin-table admin-report-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.report.number")}</th>
                      <th scope="col">{t("admin.report.productsTotal")}</th>
                      <th scope="col">{t("admin.report.discountTotal")}</th>
                      <th scope="col">{t("admin.report.deliveryTotal")}</th>
                      {wrapping ? <th scope="col">{t("admin.report.giftWrap")}</th> : null}
                      <th scope="col">{t("admin.report.refundsTotal")}</th>
                      <th scope="col">{t("admin.report.returns")}</th>
                      <th scope="col">{t("admin.report.amount")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {day.orders.map((order) => (
                      <tr key={order.orderNumber}>
                        <th scope="row">
                          <bdi dir="ltr">{order.orderNumber}</bdi>
                        </th>
                        <td>
                          <Amount value={order.products} />
                        </td>
                        <td>
                          {order.discount ? (
                            <>
                              <Amount value={order.discount} /> (<bdi dir="ltr">{order.couponCode ?? ""}</bdi>)
                            </>
                          ) : order.exchangeCredit ? (
                            <span data-testid="report-order-exchange-credit">
                              <Amount value={order.exchangeCredit} /> ({t("admin.report.exchangeCredit")})
                            </span>
                          ) : (
                            "—"
                          )}
                        </td>
                        <td>
                          <Amount value={order.delivery} />
                        </td>
                        {wrapping ? <td>{order.giftWrap === null ? "—" : <Amount value={order.giftWrap} />}</td> : null}
                        <td>—</td>
                        <td>—</td>
                        <td>
                          <Amount value={order.total} />
                        </td>
                      </tr>
                    ))}
                    {day.refunds.map((note) => (
                      <tr key={note.creditNoteNumber} data-testid="report-refund">
                        <th scope="row">
                          {t("admin.report.creditNote")} <bdi dir="ltr">{note.creditNoteNumber}</bdi>
                          <span className="admin-note-order">
                            {t("admin.report.ofOrder")} <bdi dir="ltr">{note.orderNumber}</bdi>
                          </span>
                        </th>
                        <td>—</td>
                        <td>—</td>
                        <td>—</td>
                        {wrapping ? <td>—</td> : null}
                        <td>
                          <Amount value={note.amount} />
                        </td>
                        <td data-testid="report-refund-return">{note.returnNumber ? <bdi dir="ltr">{note.returnNumber}</bdi> : "—"}</td>
                        <td>
                          <Amount value={note.amount} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t("admin.report.salesTotal")}</th>
                      <td>
                        <Amount value={day.productsTotal} />
                      </td>
                      <td>
                        <Amount value={day.discountTotal} />
                      </td>
                      <td>
                        <Amount value={day.deliveryTotal} />
                      </td>
                      {wrapping ? (
                        <td>
                          <Amount value={day.giftWrapTotal} />
                        </td>
                      ) : null}
                      <td />
                      <td data-testid="report-day-returns">{day.returnCount}</td>
                      <td>
                        <Amount value={day.total} />
                      </td>
                    </tr>
                    <tr>
                      <th scope="row">{t("admin.report.netTotal")}</th>
                      <td />
                      <td />
                      <td />
                      {wrapping ? <td /> : null}
                      <td data-testid="report-day-refunds">
                        <Amount value={day.refundsTotal} />
                      </td>
                      <td />
                      <td data-testid="report-day-net">
                        <strong>
                          <Amount value={day.netTotal} />
                        </strong>
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </section>
          ))}
        </>
      ) : null}
    </section>
  );
}

/** An amount (fils): its signed figure as a left-to-right island, then the currency, so "-2.00" keeps its minus on the left of the digits in Arabic too. */
function Amount({ value }: { value: number }) {
  const { language } = useLoaderData<typeof loader>();
  return <Money fils={value} language={language} className="admin-amount" />;
}

/** `productId` is the row's key: a variant's row carries its variant's id there. */
type SellerRow = { productId: string; name: string; units: string; revenue: string };

/**
 * The range's top products twice: by units sold and by revenue (lines' totals before discount codes); then, when
 * products with options sold, their top variants by units (issue 31).
 */
function BestSellers({ lists }: { lists: { byUnits: SellerRow[]; byRevenue: SellerRow[]; byVariant: SellerRow[] } }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card" data-testid="best-sellers" aria-labelledby="best-sellers-heading">
      <h2 id="best-sellers-heading">{t("admin.report.bestSellers")}</h2>
      {lists.byUnits.length === 0 ? (
        <p className="admin-empty">{t("admin.report.noBestSellers")}</p>
      ) : (
        <>
          <div className="admin-report-columns">
            <SellerTable testId="best-by-units" caption={t("admin.report.byUnits")} rows={lists.byUnits} />
            <SellerTable testId="best-by-revenue" caption={t("admin.report.byRevenue")} rows={lists.byRevenue} />
          </div>
          {lists.byVariant.length > 0 ? <SellerTable testId="best-by-variant" caption={t("admin.report.byVariant")} rows={lists.byVariant} /> : null}
          <p className="admin-note">{t("admin.report.revenueNote")}</p>
        </>
      )}
    </section>
  );
}

function SellerTable({ testId, caption, rows }: { testId: string; caption: string; rows: SellerRow[] }) {
  const { t } = useTranslation();
  const { language } = useLoaderData<typeof loader>();
  // Its own scrolling box: on a phone a long product name or the Arabic revenue header must not widen the page.
  return (
    <div className="admin-table-scroll">
      <table className="admin-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.report.rank")}</th>
            <th scope="col">{t("admin.report.product")}</th>
            <th scope="col">{t("admin.report.units")}</th>
            <th scope="col">{t("admin.report.revenueBeforeDiscount")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.productId}>
              <td>{formatCount(index + 1, language)}</td>
              <th scope="row">{row.name}</th>
              <td>{row.units}</td>
              <td>{row.revenue}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
