import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ErrorPage } from "~/components/error-page";
import { i18nServer } from "~/i18n/i18next.server";
import { requireAdmin } from "~/auth/admin-session.server";
import { adminDashboardMessages } from "~/i18n/browser/areas/admin/dashboard";

/** The dashboard's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminDashboardMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await i18nServer.getFixedT(request);
  return { title: t("admin.dashboard.title") };
}

const TILES = [
  { to: "/admin/timsar/orders", title: "admin.dashboard.orders", hint: "admin.dashboard.ordersHint", icon: "🧾" },
  { to: "/admin/timsar/products", title: "admin.dashboard.products", hint: "admin.dashboard.productsHint", icon: "🎀" },
  { to: "/admin/timsar/sales-report", title: "admin.dashboard.salesReport", hint: "admin.dashboard.salesReportHint", icon: "📈" },
  { to: "/admin/timsar/registered-users", title: "admin.dashboard.users", hint: "admin.dashboard.usersHint", icon: "👥" },
] as const;

export default function Dashboard() {
  const { t } = useTranslation();
  return (
    <section className="page admin-page">
      <h1>{t("admin.dashboard.title")}</h1>
      <ul className="admin-tiles">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="admin-tile" data-testid="admin-tile">
              <span className="admin-tile__icon" aria-hidden="true">
                {tile.icon}
              </span>
              <span className="admin-tile__title">{t(tile.title)}</span>
              <span className="admin-tile__hint">{t(tile.hint)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <ErrorPage kind="error" />;
}
