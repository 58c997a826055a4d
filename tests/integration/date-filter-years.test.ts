import { describe, expect, it } from "vitest";
import * as adminOrders from "~/routes/api.admin.orders._index";
import * as ordersPage from "~/routes/admin.timsar.orders._index";
import * as salesReport from "~/routes/api.admin.sales-report";
import * as salesReportPage from "~/routes/admin.timsar.sales-report";
import * as salesReportCsv from "~/routes/admin.timsar.sales-report_.csv";
import * as audit from "~/routes/api.admin.audit";
import { adminCookie, answer, message, request } from "../support/admin-requests";

// Probe 5, finding 5 (docs/decisions/0108-the-largest-amount-an-owner-types.md): on PostgreSQL the year 0001
// answered 500.

describe("a date filter of the year 0001 is refused as a date that is no date", () => {
  it("the orders list and its API, the sales report (API, page, CSV) and the activity log", async () => {
    const { cookie } = await adminCookie();
    const get = (handler: unknown, path: string) => answer(handler, request(path, { cookie }));

    const api = await get(adminOrders.loader, "/api/admin/orders?status=cancelled&dateFrom=0001-01-01");
    expect(api.status).toBe(400);
    expect(await message(api)).toContain("Please enter valid dates.");
    expect((await get(adminOrders.loader, "/api/admin/orders?status=cancelled&dateTo=2026-02-30")).status).toBe(400);
    expect((await get(adminOrders.loader, "/api/admin/orders?status=cancelled&dateFrom=2026-01-01")).status).toBe(200);

    // The page leaves out a filter it cannot read, as it did for 2026-02-30.
    expect((await get(ordersPage.loader, "/admin/timsar/orders?status=delivered&dateFrom=0001-01-01&dateTo=2026-12-01")).status).toBe(200);

    const report = await get(salesReport.loader, "/api/admin/sales-report?dateFrom=0001-01-01&dateTo=0001-12-31");
    expect(report.status).toBe(400);
    expect(await message(report)).toContain("Please enter valid dates.");
    const reportPage = (await (await get(salesReportPage.loader, "/admin/timsar/sales-report?dateFrom=0001-01-01&dateTo=0001-12-31")).json()) as { error: string | null };
    expect(reportPage.error).toBeTruthy();
    const csv = await get(salesReportCsv.loader, "/admin/timsar/sales-report/csv?dateFrom=0001-01-01&dateTo=0001-12-31");
    expect(csv.status).toBe(400);

    expect((await get(audit.loader, "/api/admin/audit?from=0001-01-01")).status).toBe(400);
    expect((await get(audit.loader, "/api/admin/audit?from=2026-01-01")).status).toBe(200);
  });
});
