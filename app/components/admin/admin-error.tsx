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
  | "admin.returns.errors.notFound"
  | "admin.reviews.fetchFailed";

/** SPEC section 8's admin defaults ('Error fetching orders', 'Order not found', …) when a page cannot load. */
export function AdminError({ message }: { message: MessageKey }) {
  const { t } = useTranslation();
  return (
    <section className="page admin-page" role="alert" data-testid="admin-error">
      <title>{t(message)}</title>
      <h1>{t(message)}</h1>
      <p>
        <Link to="/admin/timsar/dashboard">{t("admin.nav.dashboard")}</Link>
      </p>
    </section>
  );
}

/** The 403 page: the signed-in member's role does not include what they asked for (CONTRACT.md "Staff and roles"). */
export function AdminForbidden() {
  return <AdminRefusal testId="admin-forbidden" area="forbidden" />;
}

/** The 405 page: a form post to a page that has no form (Remix answers 405 for a route without an action). */
export function AdminNoPosts() {
  return <AdminRefusal testId="admin-no-posts" area="noPosts" />;
}

/** A refused admin page: its title (the tab's too) and why, in the page's language, and the way back to the dashboard. */
function AdminRefusal({ testId, area }: { testId: string; area: "forbidden" | "noPosts" }) {
  const { t } = useTranslation();
  return (
    <section className="page admin-page" role="alert" data-testid={testId}>
      <title>{t(`admin.${area}.title`)}</title>
      <h1>{t(`admin.${area}.title`)}</h1>
      <p>{t(`admin.${area}.body`)}</p>
      <p>
        <Link to="/admin/timsar/dashboard">{t("admin.nav.dashboard")}</Link>
      </p>
    </section>
  );
}

const forbidden = () => <AdminForbidden />;
const noPosts = () => <AdminNoPosts />;

/** For an admin page whose boundary is otherwise the shop's: only the 403 and 405 pages differ. */
export const adminForbiddenHandlers = { statusHandlers: { 403: forbidden, 405: noPosts } };

/** `GeneralErrorBoundary`'s handlers for an admin page: `notFound` for a 404 when the page has one, else `failed`. */
export function adminErrorHandlers(failed: MessageKey, notFound?: MessageKey) {
  const showFailed = () => <AdminError message={failed} />;
  const statusHandlers: Record<number, () => JSX.Element> = { 403: forbidden, 405: noPosts };
  if (notFound) statusHandlers[404] = () => <AdminError message={notFound} />;
  return {
    statusHandlers,
    defaultStatusHandler: showFailed,
    unexpectedErrorHandler: showFailed,
  };
}
