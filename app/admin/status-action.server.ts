import { data } from "@remix-run/node";
import { z } from "zod";
import { i18nServer } from "~/i18n/i18next.server";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import type { SignedInAdmin } from "~/auth/admin-session.server";
import { ORDER_STATUSES } from "~/shared/order-status";

const StatusForm = z.object({ orderId: z.string().min(1).max(64), status: z.enum(ORDER_STATUSES) });

/** The status change posted by the orders list and the order page; both show the SPEC's messages. */
export async function handleStatusForm(request: Request, form: FormData, admin: SignedInAdmin) {
  const t = await i18nServer.getFixedT(request);
  const parsed = StatusForm.safeParse({ orderId: form.get("orderId"), status: form.get("status") });
  if (!parsed.success) return data({ ok: false, message: t("admin.orders.statusUpdateFailed") }, { status: 400 });
  const order = await setOrderStatus({ idOrNumber: parsed.data.orderId, status: parsed.data.status, admin });
  if (!order) return data({ ok: false, message: t("admin.order.notFound") }, { status: 404 });
  return data({ ok: true, message: t("admin.orders.statusUpdated"), orderId: order.id, status: order.status });
}
