import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { getAdminFromRequest } from "~/auth/admin-session.server";
import adminStyles from "~/styles/admin.css";
import { adminMessages } from "~/i18n/browser/areas/admin/shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

/** Admin pages hold customers' personal data: never stored by caches, never indexed. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/** The administration texts, which the browser gets with the admin area's routes (app/i18n/route-messages.tsx). */
export const handle = adminMessages;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/**
 * The admin area's frame: the menu shows only to a signed-in member, with only what their role may use. This loader does not guard
 * anything by itself; every admin page's own loader and action call requireAdmin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getAdminFromRequest(request);
  return { adminEmail: admin?.email ?? null, role: admin?.role ?? null };
}

export default function AdminLayout() {
  const { adminEmail, role } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      {adminEmail ? <AdminNav email={adminEmail} role={role ?? ""} /> : null}
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
