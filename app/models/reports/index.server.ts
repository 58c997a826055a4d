export { getDashboardFigures, toPrepareWhere } from "./dashboard.server";
export { type BestSeller, bestSellerName, type BestVariant, getSalesReport, resolveSalesRange, type SalesReport, type SourceSales } from "./sales-report.server";
