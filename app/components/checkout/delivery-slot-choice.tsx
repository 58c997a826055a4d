import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { FieldErrors } from "~/components/forms";
import { deliveryDateText } from "~/shared/delivery-date";
import type { Language } from "~/shared/language";
import { localFigure } from "~/shared/digits";

export type CheckoutSlotDay = { date: string; windows: { id: string; from: string; to: string; available: number }[] };

/**
 * The delivery window (issue 48): one radio button per open window of the next 7 Kuwait days, grouped by day. Offered
 * only when the owner has windows; the server checks the choice again when the order is placed.
 */
export function DeliverySlotChoice({ meta, days, language }: { meta: FieldMetadata<string | undefined>; days: CheckoutSlotDay[]; language: Language }) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout-slots" aria-describedby={meta.errorId} data-testid="delivery-slots">
      <legend>{t("checkoutGift.slotHeading")}</legend>
      <p className="field__hint">{days.length ? t("checkoutGift.slotHelp") : t("checkoutGift.slotNone")}</p>
      {days.map((day) => (
        <div key={day.date} className="checkout-slots__day" role="group" aria-label={deliveryDateText(day.date, language, { year: false })}>
          <p className="checkout-slots__date">{deliveryDateText(day.date, language, { year: false })}</p>
          <div className="building-type__options">
            {day.windows.map((window) => (
              <label key={window.id} className="building-type__option">
                <input {...getInputProps(meta, { type: "radio", value: `${day.date}|${window.id}` })} id={`${meta.id}-${day.date}-${window.id}`} key={`${day.date}|${window.id}`} data-testid={`slot-${day.date}-${window.from}`} />
                <span>{t("checkoutGift.slotWindow", { from: localFigure(window.from, language), to: localFigure(window.to, language) })}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
