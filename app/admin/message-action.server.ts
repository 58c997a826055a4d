import { data } from "@remix-run/node";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import type { AuditActor } from "~/models/shop/index.server";
import { requeueMessage } from "~/models/messaging/index.server";

/** The order page's "send again" for a failed message: queued again at once, and the page's toast says so. */
export async function handleResendForm(request: Request, form: { orderId: string; messageId: string }, actor?: AuditActor) {
  const requeued = await requeueMessage(form.orderId, form.messageId, new Date(), actor);
  if (!requeued) {
    const t = await i18nServer.getFixedT(request);
    return data({ ok: false, message: t("admin.messages.resendFailed") }, { status: 409 });
  }
  return redirectWithToast(currentPage(request), { name: "messageResent" });
}
