import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Pagination } from "~/components/admin/pagination";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getGroupedOrders } from "~/models/fulfilment/index.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { formatKD } from "~/shared/money";
import { readPageParam } from "~/shared/paging";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatCount } from "~/shared/digits";

/** The order pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminOrderMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
  const page = readPageParam(new URL(request.url).searchParams, "page");
  const [language, t, result] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), getGroupedOrders({ page })]);
  return {
    title: t("admin.grouped.title"),
    page: result.page,
    pageCount: result.pageCount,
    groups: result.groups.map((group) => ({
      fullName: group.fullName,
      phone: group.phone,
      totalOrders: formatCount(group.totalOrders, language),
      totalAmount: formatKD(group.totalFils, language),
      lastOrderDate: formatAdminDateTime(group.lastOrderDate, language),
    })),
  };
}

export default function GroupedOrders() {
  const { t } = useTranslation();
  const { groups, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.grouped.title")}</h1>
      <AdminTable
        rows={groups}
        rowKey={(group) => group.phone}
        empty={t("admin.grouped.empty")}
        testId="grouped-table"
        columns={[
          { header: t("admin.grouped.fullName"), cell: (group) => group.fullName },
          {
            header: t("admin.grouped.phone"),
            cell: (group) => <Link to={`/admin/timsar/user-orders/${encodeURIComponent(group.phone)}`}>{group.phone}</Link>,
            dir: "ltr",
          },
          { header: t("admin.grouped.totalOrders"), cell: (group) => group.totalOrders },
          { header: t("admin.grouped.totalAmount"), cell: (group) => group.totalAmount },
          { header: t("admin.grouped.lastOrderDate"), cell: (group) => group.lastOrderDate },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.grouped.fetchFailed")} />;
}
