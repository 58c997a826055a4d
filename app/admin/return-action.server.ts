import { data } from "@remix-run/node";
import type { SignedInAdmin } from "~/auth/admin-session.server";
import { refundAmountFils } from "~/admin/refund-action.server";
import type { z } from "zod";
import { redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/bilingual.server";
import { decideReturn, getAdminReturn, ReturnError } from "~/models/returns/index.server";
import { RefundError } from "~/models/payments/index.server";
import { isReturnStatus, type ReturnStatus } from "~/shared/returns";
import type { ReturnDecisionFormSchema } from "~/shared/order-page-schemas";

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
  if (!isReturnStatus(input.status)) return { ok: false, status: 400, key: "admin.returns.errors.invalid" };
  // An amount that is not a KD amount above 0 is said as the order page's refund says it.
  if (amount === null) return { ok: false, status: 400, key: REFUND_KEYS.invalidAmount };
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

/**
 * The return page's forms (parsed by ReturnDecisionFormSchema): a refusal in the admin's language, shown on the page;
 * a decision taken answers 303 back to the return with a flash naming its new status (decision 0049).
 */
export async function handleReturnForm(request: Request, form: z.infer<typeof ReturnDecisionFormSchema> | null, admin: SignedInAdmin) {
  const outcome: ReturnDecisionOutcome = form ? await decide(form.returnId, form, admin) : { ok: false, status: 400, key: "admin.returns.errors.invalid" };
  if (!outcome.ok) {
    const t = await i18nServer.getFixedT(request);
    return data({ ok: false, message: t(outcome.key) }, { status: outcome.status });
  }
  return redirectWithToast(new URL(request.url).pathname, { name: "returnDecided", returnStatus: outcome.status });
}
