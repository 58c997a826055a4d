export { type AdminReturn, findReturns, getAdminReturn } from "./return-admin.server";
export { decideReturn } from "./return-decision.server";
export { makeReturnRequest, returnPageView } from "./return-request.server";
export { exchangeOrdersOf, orderReturnsSummary, ordersOpenForReturn, ReturnError, type ReturnExchangeOrder, type ReturnLineInput, type ReturnRead, type ReturnRow, returnSelect, returnsOfOrders } from "./return.server";
