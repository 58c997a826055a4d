import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n/i18next.server";
import { getSalesReport, resolveSalesRange } from "~/models/reports/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { salesReportCsv } from "~/api/answers/reports.server";

/** The sales report as CSV, for a spreadsheet; the same model function as the page and the API. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "sales");
  const params = new URL(request.url).searchParams;
  const range = resolveSalesRange(params.get("dateFrom"), params.get("dateTo"));
  if (!range.ok) {
    const t = await i18nServer.getFixedT(request);
    return new Response(t(`admin.report.${range.message as "invalidDate"}`), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const report = await getSalesReport(range.dateFrom, range.dateTo);
  return new Response(salesReportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sales-report-${range.dateFrom}-to-${range.dateTo}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
