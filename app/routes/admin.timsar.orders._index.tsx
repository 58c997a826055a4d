import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { STATUS_TOAST_MS } from "~/components/admin/order-status-form";
import { OrdersTable } from "~/components/admin/orders-table";
import { Pagination } from "~/components/admin/pagination";
import { shownPaymentStatus } from "~/shared/payment-status";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { Toast } from "~/components/toast";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { countAdminOrderTabs, listAdminOrders } from "~/models/fulfilment/index.server";
import { ADMIN_ORDER_TABS, DATED_TABS, DEFAULT_ORDER_TAB, isAdminOrderTab, type AdminOrderTab } from "~/shared/admin-orders";
import { formatAdminDateTime, isDateKey, todayInKuwait } from "~/shared/admin-dates";
import { deliveryDateText } from "~/shared/delivery-date";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { handleStatusForm, statusFormRefused } from "~/admin/status-action.server";
import { formatKD } from "~/shared/money";
import { readPageParam } from "~/shared/paging";
import { readFormData } from "~/utils/form-data.server";
import { OrderStatusFormSchema, parseWithZod } from "~/shared/schemas.server";
import { formatCount } from "~/shared/digits";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormMessage } from "~/components/form-message";

/** The order pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminOrderMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "orders:read");
  const params = new URL(request.url).searchParams;
  const requested = params.get("status");
  const tab: AdminOrderTab = isAdminOrderTab(requested) ? requested : DEFAULT_ORDER_TAB;
  const search = (params.get("search") ?? "").slice(0, 100);
  const dated = DATED_TABS.includes(tab);
  const typedFrom = dated ? (params.get("dateFrom") ?? "") : "";
  const typedTo = dated ? (params.get("dateTo") ?? "") : "";
  const dateFrom = isDateKey(typedFrom) ? typedFrom : "";
  const dateTo = isDateKey(typedTo) ? typedTo : "";
  // A filter that cannot be read, or a range that ends before it starts, is said (as the sales report says it), not
  // shown as an empty list.
  const dateProblem =
    (typedFrom && !dateFrom) || (typedTo && !dateTo) ? "admin.orders.datesInvalid" : dateFrom && dateTo && dateFrom > dateTo ? "admin.orders.datesReversed" : null;
  // Issue 48: the orders to deliver on one Kuwait day, today's and tomorrow's a click away.
  const deliveryDate = isDateKey(params.get("deliveryDate")) ? params.get("deliveryDate")! : "";
  const today = todayInKuwait();
  const [language, t, result, tabCounts] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    listAdminOrders({ tab, search, dateFrom, dateTo, deliveryDate, page: readPageParam(params, "page") }),
    countAdminOrderTabs(),
  ]);
  return {
    title: t("admin.orders.title"),
    language,
    tab,
    tabCounts,
    search,
    dateFrom,
    dateTo,
    dateProblem: dateProblem ? t(dateProblem) : null,
    dated,
    deliveryDate,
    // Kuwait keeps no summer time: a day later is always tomorrow there.
    deliveryDays: { today, tomorrow: todayInKuwait(new Date(Date.now() + 86_400_000)) },
    deliveryDateText: deliveryDate ? deliveryDateText(deliveryDate, language, { year: false }) : "",
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    orders: result.orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      fullName: order.fullName,
      phone: order.phone,
      status: order.status,
      paymentStatus: shownPaymentStatus(order),
      total: formatKD(order.totalFils, language),
      date: formatAdminDateTime(order.createdAt, language),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "orders:write");
  const submission = parseWithZod(await readFormData(request), { schema: OrderStatusFormSchema });
  if (submission.status !== "success") return statusFormRefused(request);
  return handleStatusForm(request, submission.value, admin);
}

/** A status saved in place keeps its row on screen (with the new badge) until the admin moves on. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "status" ? false : defaultShouldRevalidate;

export default function AdminOrders() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tabHref = (tab: AdminOrderTab) => (tab === DEFAULT_ORDER_TAB ? "/admin/timsar/orders" : `/admin/timsar/orders?status=${tab}`);
  return (
    <section className="page admin-page">
      <h1>{t("admin.orders.title")}</h1>
      {actionData ? <Toast message={actionData.message} kind={actionData.ok ? "success" : "error"} durationMs={STATUS_TOAST_MS} /> : null}
      <nav aria-label={t("admin.tabs.label")}>
        <ul className="admin-tabs">
          {ADMIN_ORDER_TABS.map((tab) => (
            <li key={tab}>
              <Link to={tabHref(tab)} className="admin-tab" aria-current={tab === data.tab ? "page" : undefined}>
                {t(`admin.tabs.${tab}`)}
                <span className="admin-tab__count" data-testid={`tab-count-${tab}`}>
                  {formatCount(data.tabCounts[tab], data.language)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.tab === "unpaid" ? <p className="admin-note">{t("admin.orders.unpaidNote")}</p> : null}
      <nav className="admin-filters" aria-label={t("admin.deliveryDay.label")} data-testid="delivery-day">
        {(["today", "tomorrow"] as const).map((day) => (
          <Link
            key={day}
            to={`/admin/timsar/orders?status=${data.tab}&deliveryDate=${data.deliveryDays[day]}`}
            className="button button--secondary"
            aria-current={data.deliveryDate === data.deliveryDays[day] ? "page" : undefined}
          >
            {t(`admin.deliveryDay.${day}`)}
          </Link>
        ))}
        {data.deliveryDate ? (
          <>
            <Link to={tabHref(data.tab)} className="button button--secondary">
              {t("admin.deliveryDay.all")}
            </Link>
            <Link to={`/admin/timsar/packing-slips?deliveryDate=${data.deliveryDate}&status=${data.tab}`} target="_blank" className="button button--primary" data-testid="print-day">
              {t("admin.deliveryDay.print")}
            </Link>
          </>
        ) : null}
      </nav>
      {data.deliveryDate ? <p className="admin-note">{t("admin.deliveryDay.showing", { date: data.deliveryDateText })}</p> : null}
      <Form method="get" className="admin-filters" role="search">
        <input type="hidden" name="status" value={data.tab} />
        {data.deliveryDate ? <input type="hidden" name="deliveryDate" value={data.deliveryDate} /> : null}
        <div className="field">
          <label htmlFor="order-search">{t("admin.orders.search")}</label>
          <input id="order-search" type="search" name="search" defaultValue={data.search} placeholder={t("admin.orders.searchPlaceholder")} maxLength={100} />
        </div>
        {data.dated ? (
          <>
            <div className="field">
              <label htmlFor="date-from">{t("admin.orders.dateFrom")}</label>
              <input id="date-from" type="date" name="dateFrom" defaultValue={data.dateFrom} />
            </div>
            <div className="field">
              <label htmlFor="date-to">{t("admin.orders.dateTo")}</label>
              <input id="date-to" type="date" name="dateTo" defaultValue={data.dateTo} />
            </div>
          </>
        ) : null}
        <button type="submit" className="button button--primary">
          {t("admin.orders.searchButton")}
        </button>
        {data.search || data.dateFrom || data.dateTo ? (
          <Link to={tabHref(data.tab)} className="button button--secondary">
            {t("admin.orders.clear")}
          </Link>
        ) : null}
      </Form>
      <FormMessage message={data.dateProblem} />
      <p className="admin-count">{t("admin.orders.count", { count: data.total })}</p>
      {data.orders.length > 0 ? (
        // A GET form of its own (the rows' tick boxes join it through their `form` attribute, since each row already
        // holds a status form): it opens one printable page of the chosen orders' slips, with or without JavaScript.
        <form id="packing-slips" method="get" action="/admin/timsar/packing-slips" target="_blank" className="admin-filters">
          <p className="admin-note">{t("admin.packingSlip.selectHint")}</p>
          <button type="submit" className="button button--secondary">
            {t("admin.packingSlip.printSelected")}
          </button>
        </form>
      ) : null}
      <OrdersTable orders={data.orders} empty={t("admin.orders.empty")} withPhone editable selectForm="packing-slips" testId="orders-table" />
      <Pagination page={data.page} pageCount={data.pageCount} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.orders.fetchFailed")} />;
}
