import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { withLtr } from "~/components/ltr";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { OrdersTable } from "~/components/admin/orders-table";
import { shownPaymentStatus } from "~/shared/payment-status";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getOrdersByPhone } from "~/models/fulfilment/index.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { formatKD } from "~/shared/money";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The order pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminOrderMessages;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
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
  const { phone, orders } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page">
      <p>
        <Link to="/admin/timsar/registered-users">{t("admin.users.back")}</Link>
      </p>
      <h1>{withLtr((values) => t("admin.users.ordersFor", values), { phone })}</h1>
      <OrdersTable orders={orders} empty={t("admin.users.noOrders")} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.orders.fetchFailed")} />;
}
