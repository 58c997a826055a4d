import type { LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { canReadInvoice } from "~/auth/document-access.server";
import { getInvoicePdf, getOrderByNumber } from "~/models/orders/index.server";
import { refuseDocument } from "~/auth/document-refusal.server";
import { privatePdfResponse } from "~/utils/pdf-response.server";

/**
 * `/uploads/invoices/{orderNumber}.pdf`. Invoices are kept outside data/uploads (served without checks), so
 * this route answers them: for the owner, the administrator, or a link the server signed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = /^(ORD-\d{10,})\.pdf$/.exec(params.file ?? "");
  if (!match) return refuseDocument(request, 404, bilingual("tracking.notFound"));
  const order = await getOrderByNumber(match[1]);
  if (!order || order.paymentStatus !== "paid") return refuseDocument(request, 404, bilingual("tracking.notFound"));
  if (!(await canReadInvoice(request, order))) return refuseDocument(request, 403, bilingual("tracking.invoicePrivate"));
  const pdf = await getInvoicePdf(order.orderNumber);
  if (!pdf) return refuseDocument(request, 404, bilingual("tracking.notFound"));
  return privatePdfResponse(pdf, `${order.orderNumber}.pdf`);
}
