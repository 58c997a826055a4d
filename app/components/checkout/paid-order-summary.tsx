import { deliveryDateText } from "~/shared/delivery-date";
import { lateCancelFrom } from "~/shared/promised-date";
import { useTranslation } from "~/i18n/translation";
import { addressLine, type AddressParts } from "~/shared/address-line";
import type { Language } from "~/shared/language";
import { formatCount, localFigure } from "~/shared/digits";
import { formatKD } from "~/shared/money";

type Summary = {
  totalFils: number;
  /** the Kuwait day the order is promised by (issue 48) */
  promisedBy: string | null;
  /** the delivery window chosen at checkout, on the promised day */
  slot: { from: string; to: string } | null;
  areaName: string;
  address: AddressParts;
  items: { id: string; name: string; options: string; quantity: number; lineFils: number }[];
};

/** The thank-you page's account of a paid order: what was bought, what was paid, and where it goes. */
export function PaidOrderSummary({ summary, language }: { summary: Summary; language: Language }) {
  const { t } = useTranslation();
  return (
    <div className="paid-summary">
      <h2 className="paid-summary__title">{t("payment.yourItems")}</h2>
      <ul className="paid-summary__items" data-testid="paid-items">
        {summary.items.map((item) => (
          <li key={item.id} className="paid-summary__item">
            <span>
              {item.name}
              {item.options ? ` (${item.options})` : ""} × {formatCount(item.quantity, language)}
            </span>
            <span>{formatKD(item.lineFils, language)}</span>
          </li>
        ))}
      </ul>
      <p className="paid-summary__total">
        <span>{t("payment.totalPaid")}</span> <strong data-testid="paid-total">{formatKD(summary.totalFils, language)}</strong>
      </p>
      <h2 className="paid-summary__title">{t("payment.deliveryAddress")}</h2>
      <p data-testid="paid-address">{addressLine(summary.address, summary.areaName, t)}</p>
      {summary.promisedBy ? (
        <p data-testid="paid-promised-by">
          {summary.slot
            ? t("promise.atCheckoutWindow", {
                date: deliveryDateText(summary.promisedBy, language),
                from: localFigure(summary.slot.from, language),
                to: localFigure(summary.slot.to, language),
              })
            : t("promise.atCheckout", { date: deliveryDateText(summary.promisedBy, language) })}{" "}
          {t("promise.lateCancelFrom", { date: deliveryDateText(lateCancelFrom(summary.promisedBy), language) })}
        </p>
      ) : null}
    </div>
  );
}
