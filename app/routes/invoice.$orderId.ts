import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { canReadInvoice } from "~/auth/document-access.server";
import { signedInvoicePath, getOrderById } from "~/models/orders/index.server";
import { refuseDocument } from "~/auth/document-refusal.server";

/** SPEC's "View Invoice" button of the payment result page goes to /invoice/{orderId}: opened for its owner. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const order = await getOrderById(params.orderId ?? "");
  if (!order || order.paymentStatus !== "paid") return refuseDocument(request, 404, bilingual("tracking.notFound"));
  if (!(await canReadInvoice(request, order))) return refuseDocument(request, 403, bilingual("tracking.invoicePrivate"));
  return redirect(signedInvoicePath(order.orderNumber));
}
