import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

const LINKS = [
  { to: "/admin/timsar/dashboard", key: "admin.nav.dashboard" },
  { to: "/admin/timsar/orders", key: "admin.nav.orders" },
  { to: "/admin/timsar/returns", key: "admin.nav.returns" },
  { to: "/admin/timsar/grouped-orders", key: "admin.nav.groupedOrders" },
  { to: "/admin/timsar/registered-users", key: "admin.nav.users" },
  { to: "/admin/timsar/products", key: "admin.nav.products" },
  { to: "/admin/timsar/categories/view", key: "admin.nav.categories" },
  { to: "/admin/timsar/sales-report", key: "admin.nav.salesReport" },
  { to: "/admin/timsar/coupons", key: "admin.nav.coupons" },
  { to: "/admin/timsar/settings", key: "admin.nav.settings" },
] as const;

export function AdminNav({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <nav className="admin-nav" aria-label={t("admin.nav.label")}>
      <ul className="admin-nav__links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="admin-nav__link" prefetch="intent">
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="admin-nav__session">
        <span className="admin-nav__email">{t("admin.nav.signedInAs", { email })}</span>
        <Form method="post" action="/admin/timsar/logout">
          <button type="submit" className="button button--secondary admin-nav__logout">
            {t("admin.nav.logout")}
          </button>
        </Form>
      </div>
    </nav>
  );
}
