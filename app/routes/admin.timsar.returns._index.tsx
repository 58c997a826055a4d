import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Ltr } from "~/components/ltr";
import { ReturnStatusBadge } from "~/components/returns-list";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { combinedAreas } from "~/i18n/area-messages";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { adminReturnMessages } from "~/i18n/browser/areas/admin/returns";
import { returnsMessages } from "~/i18n/browser/areas/returns";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { listReturns } from "~/api/answers/returns.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { formatKD } from "~/shared/money";
import { readPageParam } from "~/shared/paging";
import { RETURN_STATUSES, isReturnStatus } from "~/shared/returns";

/** The returns' texts, their statuses' words and the paging links' (with the orders'), which the browser fetches with this page. */
export const handle = combinedAreas(adminReturnMessages, returnsMessages, adminOrderMessages);

/** `/admin/timsar/returns`: the returns by status (all by default), newest first, with search. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "returns:read");
  const params = new URL(request.url).searchParams;
  const requested = params.get("status");
  const status = isReturnStatus(requested) || requested === "waiting" ? requested : "";
  const q = (params.get("q") ?? "").slice(0, 100);
  const [language, t, list] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), listReturns({ status, q, page: readPageParam(params, "page") })]);
  return {
    title: t("admin.returns.title"),
    status,
    q,
    page: list.page,
    pageCount: list.totalPages,
    rows: list.returns.map((row) => ({
      id: row._id,
      number: row.number,
      orderNumber: row.orderNumber,
      fullName: row.fullName,
      phone: row.phone,
      status: row.status,
      exchangeOrder: row.exchangeOrder && { paymentStatus: row.exchangeOrder.paymentStatus },
      resolution: row.resolution,
      refund: formatKD(Math.round(row.refundAmount * 1000), language),
      date: formatAdminDateTime(new Date(row.createdAt), language),
    })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminReturns() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const tabHref = (status: string) => (status ? `/admin/timsar/returns?status=${status}` : "/admin/timsar/returns");
  const columns: AdminColumn<Row>[] = [
    { header: t("admin.returns.number"), cell: (row) => <Link to={`/admin/timsar/returns/${row.id}`}><Ltr>{row.number}</Ltr></Link> },
    { header: t("admin.returns.order"), cell: (row) => <Ltr>{row.orderNumber}</Ltr> },
    { header: t("admin.returns.customer"), cell: (row) => row.fullName },
    { header: t("admin.returns.phone"), dir: "ltr", cell: (row) => row.phone },
    { header: t("admin.returns.status"), cell: (row) => <ReturnStatusBadge status={row.status} exchangeOrder={row.exchangeOrder} /> },
    { header: t("admin.returns.resolution"), cell: (row) => t(`admin.returns.resolutions.${row.resolution as "refund"}`) },
    { header: t("admin.returns.refund"), cell: (row) => row.refund },
    { header: t("admin.returns.date"), cell: (row) => row.date },
  ];
  return (
    <section className="page admin-page">
      <h1>{t("admin.returns.title")}</h1>
      <nav aria-label={t("admin.returns.status")}>
        <ul className="admin-tabs">
          {["", "waiting", ...RETURN_STATUSES].map((status) => (
            <li key={status || "all"}>
              <Link to={tabHref(status)} className="admin-tab" aria-current={status === data.status ? "page" : undefined}>
                {status === "waiting" ? t("admin.returns.waiting") : status ? t(`returns.statuses.${status as "requested"}`) : t("admin.returns.all")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="admin-filters" role="search">
        {data.status ? <input type="hidden" name="status" value={data.status} /> : null}
        <div className="field">
          <label htmlFor="return-search">{t("admin.returns.searchLabel")}</label>
          <input id="return-search" type="search" name="q" defaultValue={data.q} placeholder={t("admin.returns.searchPlaceholder")} maxLength={100} />
        </div>
        <button type="submit" className="button button--primary">
          {t("admin.returns.search")}
        </button>
      </Form>
      <AdminTable rows={data.rows} columns={columns} rowKey={(row) => row.id} empty={t("admin.returns.empty")} testId="returns-table" />
      <Pagination page={data.page} pageCount={data.pageCount} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.returns.fetchFailed")} />;
}
