import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCatalogueSheet } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { catalogueSheetCsv } from "~/api/answers/catalogue-sheet.server";
import { todayInKuwait } from "~/shared/admin-dates";

/** GET /api/admin/products/export.csv: every product and variant, one row per variant (the products page's button too). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const csv = catalogueSheetCsv(await listCatalogueSheet());
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${todayInKuwait()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
