export { getDashboardFigures, toPrepareWhere } from "./dashboard.server";
export { type BestSeller, bestSellerName, type BestVariant, getSalesReport, resolveSalesRange, salesReportCsv, salesReportJson } from "./sales-report.server";
