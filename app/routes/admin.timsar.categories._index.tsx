import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/admin-session.server";

/** /admin/timsar/categories shows the category overview. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw redirect("/admin/timsar/categories/view");
}
