import type { Language } from "~/shared/language";
import { orderStatusBadge } from "~/shared/order-status";

/** The coloured order-status badge of SPEC section 4; `unknownPrefix` is "Status: " on the invoice page. */
export function StatusBadge({ status, language, unknownPrefix = "" }: { status: string; language: Language; unknownPrefix?: string }) {
  const badge = orderStatusBadge(status, language);
  return (
    <span className={`status-badge status-badge--${badge.color}`} data-status={status} data-testid="status-badge">
      {badge.known ? badge.label : `${unknownPrefix}${badge.label}`}
    </span>
  );
}
