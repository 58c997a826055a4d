import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { roleMay, type AdminPermission } from "~/shared/admin-roles";

/** Each link with the permission its page asks (the server refuses the page to anyone else anyway). */
const LINKS = [
  { to: "/admin/timsar/dashboard", key: "admin.nav.dashboard", may: null },
  { to: "/admin/timsar/orders", key: "admin.nav.orders", may: "orders:read" },
  { to: "/admin/timsar/returns", key: "admin.nav.returns", may: "returns:read" },
  { to: "/admin/timsar/grouped-orders", key: "admin.nav.groupedOrders", may: "customers" },
  { to: "/admin/timsar/registered-users", key: "admin.nav.users", may: "customers" },
  { to: "/admin/timsar/products", key: "admin.nav.products", may: "catalogue:write" },
  { to: "/admin/timsar/categories/view", key: "admin.nav.categories", may: "catalogue:write" },
  { to: "/admin/timsar/reviews", key: "admin.nav.reviews", may: "catalogue:write" },
  { to: "/admin/timsar/sales-report", key: "admin.nav.salesReport", may: "sales" },
  { to: "/admin/timsar/coupons", key: "admin.nav.coupons", may: "coupons" },
  { to: "/admin/timsar/delivery-areas", key: "admin.nav.deliveryAreas", may: "settings" },
  { to: "/admin/timsar/settings", key: "admin.nav.settings", may: "settings" },
  { to: "/admin/timsar/staff", key: "admin.nav.staff", may: "staff" },
  { to: "/admin/timsar/audit", key: "admin.nav.audit", may: "audit" },
  // Every member protects their own account, whatever the role.
  { to: "/admin/timsar/two-step", key: "admin.nav.twoStep", may: null },
] as const satisfies readonly { to: string; key: string; may: AdminPermission | null }[];

export function AdminNav({ email, role }: { email: string; role: string }) {
  const { t } = useTranslation();
  const links = LINKS.filter((link) => link.may === null || roleMay(role, link.may));
  return (
    <nav className="admin-nav" aria-label={t("admin.nav.label")}>
      <ul className="admin-nav__links">
        {links.map((link) => (
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
