import { data } from "@remix-run/node";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import { DELAY_NOTICES_PER_ORDER, checkDelayDate, queueDelayNotice } from "~/models/fulfilment/index.server";
import type { AuditActor } from "~/models/shop/index.server";

/**
 * The order page's "Tell the shopper of a delay": a day from today on queues the notice and answers 303 back with the
 * page's toast; a missing, wrong or past day answers the field's message and queues nothing; an order that takes no
 * notice (unpaid, cancelled, delivered, or its notices used up) answers 409 with why, shown as the page's message.
 */
export async function handleDelayForm(request: Request, form: { orderId: string; date?: string }, actor?: AuditActor) {
  const t = await i18nServer.getFixedT(request);
  const checked = checkDelayDate(form.date);
  if (!checked.ok) {
    const message = t(`admin.delay.${checked.problem}`);
    return data({ ok: false, message, delayProblem: message }, { status: 400 });
  }
  const queued = await queueDelayNotice(form.orderId, checked.date, actor);
  if (!queued.ok) {
    if (queued.reason === "notFound") return data({ ok: false, message: t("admin.order.notFound") }, { status: 404 });
    return data({ ok: false, message: t(`admin.delay.${queued.reason}`, { max: DELAY_NOTICES_PER_ORDER }) }, { status: 409 });
  }
  return redirectWithToast(currentPage(request), { name: "delayNoticeQueued" });
}
