import { Ltr, Money, withLtr } from "~/components/ltr";
import { useTranslation } from "~/i18n/translation";
import type { Language } from "~/shared/language";
import { RETURN_STATUS_COLOR, isReturnStatus } from "~/shared/returns";
import { formatCount } from "~/shared/digits";

type OptionText = { en: string; ar: string };

/** An exchange's wanted values in one language: "M", "Red / M". */
function valuesLabel(values: OptionText[], language: Language): string {
  return values.map((value) => value[language] || value.en).join(" / ");
}

/** A return as an order read shows it (CONTRACT.md "Returns and exchanges"); the fields this list needs. */
export type ShownReturn = {
  _id: string;
  number: string;
  status: string;
  resolution: string;
  refundAmount: number;
  items: { name: { en: string; ar: string }; quantity: number; exchangeOptionValues?: OptionText[] }[];
  /** a dearer exchange's order: its payment page while the difference is due (decision 0061) */
  exchangeOrder?: { amountDue: number; payUrl: string | null } | null;
};

export function ReturnStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isReturnStatus(status);
  return (
    <span className={`status-badge status-badge--${known ? RETURN_STATUS_COLOR[status] : "grey"}`} data-status={status} data-testid="return-status">
      {known ? t(`returns.statuses.${status}`) : status}
    </span>
  );
}

/** The returns of an order under it: each one's number, status, items and, for a refund, its amount. */
export function ReturnsList({ returns, language }: { returns: ShownReturn[]; language: Language }) {
  const { t } = useTranslation();
  if (returns.length === 0) return null;
  return (
    <section className="order-card__returns" data-testid="order-returns">
      <h3>{t("returns.listTitle")}</h3>
      <ul>
        {returns.map((shown) => (
          <li key={shown._id} data-testid="order-return">
            <Ltr>{shown.number}</Ltr> <ReturnStatusBadge status={shown.status} />{" "}
            <span>{shown.items.map((item) => `${(language === "ar" ? item.name.ar || item.name.en : item.name.en || item.name.ar) || "-"} × ${formatCount(item.quantity, language)}`).join("، ")}</span>
            {shown.items.some((item) => item.exchangeOptionValues?.length) ? (
              <span data-testid="return-wanted">
                {" · "}
                {t("returns.wanted", {
                  values: shown.items
                    .filter((item) => item.exchangeOptionValues?.length)
                    .map((item) => valuesLabel(item.exchangeOptionValues!, language))
                    .join("، "),
                })}
              </span>
            ) : null}
            {shown.exchangeOrder?.payUrl ? (
              <span data-testid="return-due">
                {" · "}
                {withLtr((values) => t("returns.due", values), { amount: <Money fils={Math.round(shown.exchangeOrder.amountDue * 1000)} language={language} /> })}{" "}
                <a href={shown.exchangeOrder.payUrl} data-testid="return-pay">
                  {t("returns.pay")}
                </a>
              </span>
            ) : null}
            {shown.resolution === "refund" ? (
              <span> · {withLtr((values) => t("returns.refund", values), { amount: <Money fils={Math.round(shown.refundAmount * 1000)} language={language} /> })}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
