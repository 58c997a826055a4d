export { adminReturnJson, getAdminReturn, listReturns } from "./return-admin.server";
export { decideReturn } from "./return-decision.server";
export { makeReturnRequest, returnPageView } from "./return-request.server";
export { exchangeOrdersOf, orderReturnsSummary, ordersOpenForReturn, ReturnError, returnJson, type ReturnLineInput, returnSelect, returnsOfOrders } from "./return.server";
