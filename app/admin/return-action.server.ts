import { data } from "@remix-run/node";
import type { SignedInAdmin } from "~/auth/admin-session.server";
import { refundAmountFils } from "~/admin/refund-action.server";
import { i18nServer } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/bilingual.server";
import { decideReturn, getAdminReturn, ReturnError } from "~/models/returns/index.server";
import { RefundError } from "~/models/payments/index.server";
import { isReturnStatus, type ReturnStatus } from "~/shared/returns";

/** The owner's decision on a return, for the return page's forms and `PUT /api/admin/returns/{id}/status`. */

export type ReturnDecisionOutcome = { ok: true; id: string; status: ReturnStatus } | { ok: false; status: number; key: MessageKey };

const REFUND_KEYS = {
  notFound: "admin.order.notFound",
  notPaid: "admin.refund.notPaid",
  invalidAmount: "admin.refund.invalidAmount",
  overRefund: "admin.returns.errors.overRefund",
  gatewayRefused: "admin.refund.gatewayRefused",
  gatewayUnavailable: "admin.refund.gatewayUnavailable",
} as const satisfies Record<string, MessageKey>;

export async function decide(
  idOrNumber: string,
  input: { status: unknown; restock?: boolean | string[]; refundAmount?: unknown; note?: string | null },
  admin: SignedInAdmin,
): Promise<ReturnDecisionOutcome> {
  const found = await getAdminReturn(idOrNumber);
  if (!found) return { ok: false, status: 404, key: "admin.returns.errors.notFound" };
  const amount = refundAmountFils(input.refundAmount);
  if (!isReturnStatus(input.status) || amount === null) return { ok: false, status: 400, key: "admin.returns.errors.invalid" };
  try {
    await decideReturn({ id: found.row.id, status: input.status, admin, note: input.note, restock: input.restock, refundAmountFils: amount });
    return { ok: true, id: found.row.id, status: input.status };
  } catch (error) {
    if (error instanceof RefundError) return { ok: false, status: error.status, key: REFUND_KEYS[error.reason] };
    if (!(error instanceof ReturnError)) throw error;
    const key = (["notFound", "badTransition", "overRefund", "outOfStock", "busy", "badVariant"] as const).find((reason) => reason === error.reason) ?? "badTransition";
    return { ok: false, status: error.status, key: `admin.returns.errors.${key}` };
  }
}

/** The return page's forms: the outcome in the admin's language, shown on the page. */
export async function handleReturnForm(request: Request, form: FormData, admin: SignedInAdmin) {
  const t = await i18nServer.getFixedT(request);
  const restockLines = form.getAll("restock").map(String);
  const outcome = await decide(
    String(form.get("returnId") ?? ""),
    { status: form.get("status"), restock: restockLines, refundAmount: form.get("refundAmount") ?? undefined, note: String(form.get("note") ?? "") },
    admin,
  );
  if (!outcome.ok) return data({ ok: false, message: t(outcome.key) }, { status: outcome.status });
  return data({ ok: true, message: t("admin.returns.saved", { status: t(`returns.statuses.${outcome.status}`) }) });
}
