import { redirect } from "@remix-run/node";

/**
 * /admin/timsar/categories shows the category overview. The redirect tells nothing, so it asks for no permission:
 * the overview checks it and draws the shop's 403 page, which this view-less (resource) route could not.
 */
export function loader() {
  throw redirect("/admin/timsar/categories/view");
}
