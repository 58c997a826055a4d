import { data } from "@remix-run/node";
import { i18nServer } from "~/i18n/i18next.server";
import type { AuditActor } from "~/models/shop/index.server";
import { requeueMessage } from "~/models/messaging/index.server";

/** The order page's "send again" for a failed message: queued again at once, and the toast says so. */
export async function handleResendForm(request: Request, form: FormData, actor?: AuditActor) {
  const t = await i18nServer.getFixedT(request);
  const orderId = form.get("orderId");
  const messageId = form.get("messageId");
  const requeued = typeof orderId === "string" && typeof messageId === "string" && (await requeueMessage(orderId.slice(0, 64), messageId.slice(0, 64), new Date(), actor));
  if (!requeued) return data({ ok: false, message: t("admin.messages.resendFailed") }, { status: 409 });
  return data({ ok: true, message: t("admin.messages.resent") });
}
