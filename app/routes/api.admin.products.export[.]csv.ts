import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueExportFileName, listCatalogueSheet, recordCatalogueExport } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { catalogueSheetCsv } from "~/api/answers/catalogue-sheet.server";
import { todayInKuwait } from "~/shared/admin-dates";

/** GET /api/admin/products/export.csv: every product and variant, one row per variant (the products page's button too). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const rows = await listCatalogueSheet();
  // The file's name names the stock its rows show, so importing it again later leaves the sales made since alone.
  const id = await recordCatalogueExport(rows);
  const csv = catalogueSheetCsv(rows);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${catalogueExportFileName(todayInKuwait(), id)}"`,
      "Cache-Control": "no-store",
    },
  });
}
