import { Link } from "@remix-run/react";
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
  | "admin.packingSlip.none"
  | "admin.returns.fetchFailed"
  | "admin.returns.errors.notFound";

/** SPEC section 8's admin defaults ('Error fetching orders', 'Order not found', …) when a page cannot load. */
export function AdminError({ message }: { message: MessageKey }) {
  const { t } = useTranslation();
  return (
    <section className="page admin-page" role="alert" data-testid="admin-error">
      <h1>{t(message)}</h1>
      <p>
        <Link to="/admin/timsar/dashboard">{t("admin.nav.dashboard")}</Link>
      </p>
    </section>
  );
}

/** `GeneralErrorBoundary`'s handlers for an admin page: `notFound` for a 404 when the page has one, else `failed`. */
export function adminErrorHandlers(failed: MessageKey, notFound?: MessageKey) {
  const showFailed = () => <AdminError message={failed} />;
  return {
    statusHandlers: notFound ? { 404: () => <AdminError message={notFound} /> } : undefined,
    defaultStatusHandler: showFailed,
    unexpectedErrorHandler: showFailed,
  };
}
