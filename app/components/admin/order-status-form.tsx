import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { StatusBadge } from "~/components/status-badge";
import { Toast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { ORDER_STATUSES, orderStatusBadge } from "~/shared/order-status";
import { useLanguage } from "./use-language";

export const STATUS_TOAST_MS = 3500;

export type StatusActionData = { ok: boolean; message: string; orderId?: string; status?: string };

/**
 * One small form per order: without JavaScript it is a plain POST answered by a 303 back to the page and its flash
 * toast (decision 0049); with it the fetcher saves in place (`mode=fetch`), the badge changes and a toast confirms for
 * 3.5 s (SPEC section 9). A list row's form (`row`) is
 * compact with a hidden label; the order page's (`page`) shows its "Status" label and a primary Save button.
 */
export function OrderStatusForm({
  orderId,
  status,
  showBadge = false,
  variant = "row",
}: {
  orderId: string;
  status: string;
  showBadge?: boolean;
  variant?: "row" | "page";
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const fetcher = useFetcher<StatusActionData>({ key: `order-status-${orderId}` });
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const page = variant === "page";
  const selectId = page ? "order-status" : `status-${orderId}`;
  const shown = typeof pending === "string" ? pending : fetcher.data?.ok && fetcher.data.status ? fetcher.data.status : status;
  return (
    <fetcher.Form method="post" className="status-form" data-testid="status-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      {showBadge ? <StatusBadge status={shown} language={language} /> : null}
      <label className={page ? undefined : "visually-hidden"} htmlFor={selectId}>
        {page ? t("admin.order.status") : t("admin.orders.changeStatus")}
      </label>
      <select id={selectId} name="status" defaultValue={status} key={status}>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {orderStatusBadge(value, language).label}
          </option>
        ))}
      </select>
      <button type="submit" className={page ? "button button--primary" : "button button--secondary button--small"} disabled={fetcher.state !== "idle"}>
        {page ? t("admin.order.save") : t("admin.orders.save")}
      </button>
      {fetcher.data && fetcher.state === "idle" ? (
        <Toast message={fetcher.data.message} kind={fetcher.data.ok ? "success" : "error"} durationMs={STATUS_TOAST_MS} />
      ) : null}
    </fetcher.Form>
  );
}
