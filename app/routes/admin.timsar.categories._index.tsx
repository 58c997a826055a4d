import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** /admin/timsar/categories shows the category overview. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  throw redirect("/admin/timsar/categories/view");
}

/**
 * Never drawn (the loader always redirects or refuses), but its presence keeps this a page: a route without a view
 * is a resource route, whose thrown 403 reaches the browser as an empty answer instead of the shop's 403 page.
 */
export default function CategoriesIndex() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
