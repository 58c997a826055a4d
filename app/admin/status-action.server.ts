import { data } from "@remix-run/node";
import type { z } from "zod";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import type { SignedInAdmin } from "~/auth/admin-session.server";
import type { OrderStatusFormSchema } from "~/shared/order-page-schemas";

type StatusForm = z.infer<typeof OrderStatusFormSchema>;

/** The status form's refusal when it does not parse: the SPEC's message, shown where the form is. */
export async function statusFormRefused(request: Request) {
  const t = await i18nServer.getFixedT(request);
  return data({ ok: false, message: t("admin.orders.statusUpdateFailed") }, { status: 400 });
}

/**
 * The status change posted by the orders list and the order page; both show the SPEC's messages. Without
 * JavaScript the success is a 303 back to the page with the message in the flash (decision 0049); the fetcher's
 * post (`mode=fetch`) stays on the page, so it answers the outcome and the form shows the toast itself, its list
 * row's badge changing in place (a redirect would make it a navigation, which loses the list's scroll and focus).
 */
export async function handleStatusForm(request: Request, form: StatusForm, admin: SignedInAdmin) {
  const t = await i18nServer.getFixedT(request);
  const order = await setOrderStatus({ idOrNumber: form.orderId, status: form.status, admin });
  if (!order) return data({ ok: false, message: t("admin.order.notFound") }, { status: 404 });
  if (form.mode !== "fetch") return redirectWithToast(currentPage(request), { name: "orderStatusUpdated" });
  return data({ ok: true, message: t("admin.orders.statusUpdated"), orderId: order.id, status: order.status });
}
