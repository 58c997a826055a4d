import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

type MessageKey =
  | "admin.orders.fetchFailed"
  | "admin.order.loadFailed"
  | "admin.order.notFound"
  | "admin.grouped.fetchFailed"
  | "admin.users.fetchFailed"
  | "admin.categories.fetchFailed"
  | "admin.categories.notFound"
  | "admin.products.fetchFailed"
  | "admin.products.notFound"
  | "admin.products.categoriesFailed"
  | "admin.packingSlip.failed"
  | "admin.packingSlip.none";

/** SPEC section 8's admin defaults ('Error fetching orders', 'Order not found', …) when a page cannot load. */
export function AdminError({ failed, notFound }: { failed: MessageKey; notFound?: MessageKey }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page admin-page" role="alert" data-testid="admin-error">
      <h1>{t(missing && notFound ? notFound : failed)}</h1>
      <p>
        <Link to="/admin/timsar/dashboard">{t("admin.nav.dashboard")}</Link>
      </p>
    </section>
  );
}
