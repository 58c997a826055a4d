export { type AdminOrderView, getAdminOrderView } from "./admin-order-view.server";
export { ADMIN_ORDERS_PAGE_SIZE_RULE, countAdminOrderTabs, findAdminOrderId, getAdminOrder, getGroupedOrders, getOrdersByPhone, getPackingSlipOrders, getRegisteredPhones, GROUPED_ORDERS_PAGE_SIZE_RULE, listAdminOrders, type AdminOrderDetail, type AdminOrderRow, invoiceUrlOf, setOrderStatus } from "./admin-order.server";
export { checkDelayDate, DELAY_NOTICES_PER_ORDER, queueDelayNotice } from "./delay-notice.server";
export { cancelUnpaidOrder } from "./order-cancel.server";
export { type CustomerOrder, getOrdersForCustomer } from "./order-history.server";
export { cancelLateOrder, LateCancelError, type LateCancelFailure, lateCancelOutcome, latePromiseView } from "./order-late-cancel.server";
