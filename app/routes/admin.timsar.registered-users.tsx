import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getRegisteredPhones } from "~/models/fulfilment/index.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatCount } from "~/shared/digits";

/** The order pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminOrderMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
  const search = (new URL(request.url).searchParams.get("search") ?? "").slice(0, 100);
  const [language, t, phones] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), getRegisteredPhones(search)]);
  return {
    title: t("admin.users.title"),
    search,
    phones: phones.map((row) => ({
      phone: row.phone,
      fullName: row.fullName,
      email: row.email,
      orderCount: formatCount(row.orderCount, language),
      lastOrderAt: row.lastOrderAt ? formatAdminDateTime(row.lastOrderAt, language) : null,
    })),
  };
}

export default function RegisteredUsers() {
  const { t } = useTranslation();
  const { phones, search } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.users.title")}</h1>
      {/* A GET form: the search is in the address, works without JavaScript and can be shared or reloaded. */}
      <Form method="get" className="admin-filters" role="search">
        <div className="field">
          <label htmlFor="users-search">{t("admin.users.search")}</label>
          <input id="users-search" type="search" name="search" dir="auto" defaultValue={search} placeholder={t("admin.users.searchPlaceholder")} maxLength={100} />
        </div>
        <button type="submit" className="button button--primary">
          {t("admin.users.searchButton")}
        </button>
        {search ? (
          <Link to="/admin/timsar/registered-users" className="button button--secondary">
            {t("admin.users.clear")}
          </Link>
        ) : null}
      </Form>
      <AdminTable
        rows={phones}
        rowKey={(row) => row.phone}
        empty={search ? t("admin.users.noMatch") : t("admin.users.empty")}
        testId="users-table"
        columns={[
          { header: t("admin.users.name"), cell: (row) => row.fullName || "-" },
          { header: t("admin.users.email"), cell: (row) => row.email, dir: "ltr" },
          { header: t("admin.users.phone"), cell: (row) => row.phone, dir: "ltr" },
          { header: t("admin.users.orderCount"), cell: (row) => row.orderCount },
          { header: t("admin.users.lastOrder"), cell: (row) => row.lastOrderAt ?? t("admin.users.never") },
          {
            header: <span className="visually-hidden">{t("admin.users.viewOrders")}</span>,
            cell: (row) => <Link to={`/admin/timsar/user-orders/${encodeURIComponent(row.phone)}`}>{t("admin.users.viewOrders")}</Link>,
          },
        ]}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.users.fetchFailed")} />;
}
