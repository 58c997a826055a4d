import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";

/** /admin/timsar/categories shows the category overview. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  throw redirect("/admin/timsar/categories/view");
}
