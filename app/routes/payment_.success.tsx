// /payment/success is the same outcome page as /payment/return: both take `orderId` and verify it.
export { ErrorBoundary, default, handle, loader, meta } from "./payment_.return";
