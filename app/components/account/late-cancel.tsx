import { Form, useNavigation } from "@remix-run/react";
import { FormMessage } from "~/components/form-message";
import { useTranslation } from "~/i18n/translation";
import { deliveryDateText } from "~/shared/delivery-date";
import type { Language } from "~/shared/language";

/** The promised delivery day (issue 48), as My Orders and the order's page by phone show it. */
export function PromisedBy({ date, language }: { date: string; language: Language }) {
  const { t } = useTranslation();
  return (
    <p className="order-promise" data-testid="order-promised-by">
      {t("promise.label")}: <strong>{deliveryDateText(date, language)}</strong>
    </p>
  );
}

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
      <p className="field__hint">{t("promise.cancelHint")}</p>
      <input type="hidden" name="intent" value="lateCancel" />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <button type="submit" className="button button--primary late-cancel__button" disabled={sending} data-testid="late-cancel">
        {sending ? t("promise.cancelling") : t("promise.cancel")}
      </button>
      <FormMessage message={error} />
    </Form>
  );
}

