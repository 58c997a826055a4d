import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PaymentBadge } from "~/components/admin/payment-badge";
import { shownPaymentStatus } from "~/shared/payment-status";
import { AdminError } from "~/components/admin/admin-error";
import { StatusBadge } from "~/components/status-badge";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getOrdersByPhone } from "~/models/admin-order.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { requireAdmin } from "~/auth/admin-session.server";
import { formatKD } from "~/shared/money";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const phone = (params.phone ?? "").slice(0, 20);
  const [language, t, orders] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), getOrdersByPhone(phone)]);
  return {
    title: t("admin.users.ordersFor", { phone }),
    phone,
    language,
    orders: orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      fullName: order.fullName,
      status: order.status,
      paymentStatus: shownPaymentStatus(order),
      total: formatKD(order.totalFils, language),
      date: formatAdminDateTime(order.createdAt, language),
    })),
  };
}

export default function UserOrders() {
  const { t } = useTranslation();
  const { phone, orders, language } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page">
      <p>
        <Link to="/admin/timsar/registered-users">{t("admin.users.back")}</Link>
      </p>
      <h1>{t("admin.users.ordersFor", { phone })}</h1>
      {orders.length === 0 ? (
        <p className="admin-empty">{t("admin.users.noOrders")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.orders.orderNumber")}</th>
                <th scope="col">{t("admin.orders.customer")}</th>
                <th scope="col">{t("admin.orders.date")}</th>
                <th scope="col">{t("admin.orders.total")}</th>
                <th scope="col">{t("admin.orders.payment")}</th>
                <th scope="col">{t("admin.orders.status")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/admin/timsar/orders/${order.id}`}>{order.orderNumber}</Link>
                  </td>
                  <td>{order.fullName}</td>
                  <td>{order.date}</td>
                  <td>{order.total}</td>
                  <td>
                    <PaymentBadge paymentStatus={order.paymentStatus} />
                  </td>
                  <td>
                    <StatusBadge status={order.status} language={language} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <AdminError failed="admin.orders.fetchFailed" />;
}
