import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSalesReport, resolveSalesRange } from "~/models/reports/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";
import { salesReportJson } from "~/api/answers/reports.server";

/** GET /api/admin/sales-report?dateFrom&dateTo (YYYY-MM-DD, Kuwait days); both default to today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "sales");
  const params = new URL(request.url).searchParams;
  const range = resolveSalesRange(params.get("dateFrom"), params.get("dateTo"));
  if (!range.ok) return jsonError(400, bilingual(`admin.report.${range.message}` as MessageKey));
  const report = await getSalesReport(range.dateFrom, range.dateTo);
  return Response.json(salesReportJson(report), { headers: { "Cache-Control": "no-store" } });
}
