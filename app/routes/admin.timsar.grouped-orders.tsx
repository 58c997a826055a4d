import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Pagination } from "~/components/admin/pagination";
import { AdminError } from "~/components/admin/admin-error";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getGroupedOrders } from "~/models/admin-order.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { requireAdmin } from "~/auth/admin-session.server";
import { formatKD } from "~/shared/money";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  const [language, t, result] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), getGroupedOrders({ page })]);
  return {
    title: t("admin.grouped.title"),
    page: result.page,
    pageCount: result.pageCount,
    groups: result.groups.map((group) => ({
      fullName: group.fullName,
      phone: group.phone,
      totalOrders: group.totalOrders,
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
      {groups.length === 0 ? (
        <p className="admin-empty">{t("admin.grouped.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="grouped-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.grouped.fullName")}</th>
                <th scope="col">{t("admin.grouped.phone")}</th>
                <th scope="col">{t("admin.grouped.totalOrders")}</th>
                <th scope="col">{t("admin.grouped.totalAmount")}</th>
                <th scope="col">{t("admin.grouped.lastOrderDate")}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.phone}>
                  <td>{group.fullName}</td>
                  <td dir="ltr">
                    <Link to={`/admin/timsar/user-orders/${encodeURIComponent(group.phone)}`}>{group.phone}</Link>
                  </td>
                  <td>{group.totalOrders}</td>
                  <td>{group.totalAmount}</td>
                  <td>{group.lastOrderDate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <AdminError failed="admin.grouped.fetchFailed" />;
}
