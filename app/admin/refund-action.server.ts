import { data } from "@remix-run/node";
import { redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import { findAdminOrderId } from "~/models/fulfilment/index.server";
import { refundOrder, RefundError } from "~/models/payments/index.server";
import type { SignedInAdmin } from "~/auth/admin-session.server";
import { parseKDToFils } from "~/shared/money-input";

const REFUND_MESSAGE_KEYS = {
  notFound: "admin.order.notFound",
  notPaid: "admin.refund.notPaid",
  invalidAmount: "admin.refund.invalidAmount",
  overRefund: "admin.refund.overRefund",
  gatewayRefused: "admin.refund.gatewayRefused",
  gatewayUnavailable: "admin.refund.gatewayUnavailable",
} as const;

/**
 * The amount of a refund as the form or the API gives it: KD with at most 3 decimals, or nothing for all that is
 * left. `undefined` means "all", `null` a bad amount.
 */
export function refundAmountFils(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const fils = parseKDToFils(String(value));
  return fils && fils > 0 ? fils : null;
}

type RefundMessageKey = (typeof REFUND_MESSAGE_KEYS)[keyof typeof REFUND_MESSAGE_KEYS];
type RefundOutcome = { ok: true; orderId: string; fils: number } | { ok: false; status: number; key: RefundMessageKey };

/** One refund for the admin page's form and `POST /api/admin/orders/{id}/refund`. */
export async function refund(idOrNumber: string, amount: unknown, admin: SignedInAdmin): Promise<RefundOutcome> {
  const orderId = await findAdminOrderId(idOrNumber);
  if (!orderId) return { ok: false, status: 404, key: REFUND_MESSAGE_KEYS.notFound };
  const amountFils = refundAmountFils(amount);
  if (amountFils === null) return { ok: false, status: 400, key: REFUND_MESSAGE_KEYS.invalidAmount };
  try {
    const refunded = await refundOrder({ orderId, amountFils, admin });
    return { ok: true, orderId, fils: refunded.amountFils };
  } catch (error) {
    if (!(error instanceof RefundError)) throw error;
    return { ok: false, status: error.status, key: REFUND_MESSAGE_KEYS[error.reason] };
  }
}

/**
 * The admin order page's refund form: a refusal is shown on the page in the admin's language; a refund made answers
 * 303 back to the order page (the confirmation posts without its `?refund=`) with a flash naming the amount.
 */
export async function handleRefundForm(request: Request, form: { orderId: string; amount?: string }, admin: SignedInAdmin) {
  const outcome = await refund(form.orderId, form.amount, admin);
  if (!outcome.ok) {
    const t = await i18nServer.getFixedT(request);
    return data({ ok: false, message: t(outcome.key) }, { status: outcome.status });
  }
  return redirectWithToast(new URL(request.url).pathname, { name: "refundRecorded", fils: outcome.fils });
}
