import { Form, useNavigation } from "@remix-run/react";
import { FormMessage } from "~/components/form-message";
import { useTranslation } from "~/i18n/translation";
import { deliveryDateText } from "~/shared/delivery-date";
import { localFigure } from "~/shared/digits";
import type { Language } from "~/shared/language";

/** The promised delivery day (issue 48), with the window chosen for it, as My Orders and the order's page by phone show it. */
export function PromisedBy({ date, language, slot = null }: { date: string; language: Language; slot?: DeliveryWindowTimes | null }) {
  const { t } = useTranslation();
  const day = deliveryDateText(date, language);
  return (
    <p className="order-promise" data-testid="order-promised-by">
      {t("lateOrder.label")}:{" "}
      <strong>{slot ? t("lateOrder.dayAndWindow", { date: day, from: localFigure(slot.from, language), to: localFigure(slot.to, language) }) : day}</strong>
    </p>
  );
}

/** The delivery window the shopper chose at checkout (its times as kept on the order), when the shop offers them. */
export type DeliveryWindowTimes = { from: string; to: string };

/**
 * "Cancel and get a full refund": a real form (it posts without JavaScript too), its button held while it is sent so
 * a double click makes one request; a refusal is said beside it.
 */
export function LateCancelForm({ orderNumber, phone, error }: { orderNumber: string; phone?: string; error?: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("orderNumber") === orderNumber;
  return (
    <Form method="post" className="late-cancel" data-testid="late-cancel-form">
      <p className="field__hint">{t("lateOrder.cancelHint")}</p>
      <input type="hidden" name="intent" value="lateCancel" />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <button type="submit" className="button button--primary late-cancel__button" disabled={sending} data-testid="late-cancel">
        {sending ? t("lateOrder.cancelling") : t("lateOrder.cancel")}
      </button>
      <FormMessage message={error} />
    </Form>
  );
}

