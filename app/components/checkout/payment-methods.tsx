import { Form, useNavigation } from "@remix-run/react";
import { FormMessage } from "~/components/form-message";
import { Ltr, Money } from "~/components/ltr";
import type { Language } from "~/shared/language";
import { useTranslation } from "~/i18n/translation";
import type { PaymentMethodKind } from "~/payments/provider.server";

type Props = {
  orderSessionId: string;
  orderNumber: string;
  amount: string;
  amountFils: number;
  language: Language;
  methods: { id: string; kind: PaymentMethodKind }[];
  error: string | null;
};

/**
 * A gateway's ways to pay, one submit button each: a plain form that works without JavaScript. The answer is a
 * redirect to the gateway's hosted page, where the shopper enters the card or KNET details (never on our page).
 */
export function PaymentMethods({ orderSessionId, orderNumber, amount, amountFils, language, methods, error }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("orderSessionId") === orderSessionId;
  return (
    <div className="payment-card">
      <dl className="payment-card__summary">
        <div>
          <dt>{t("payment.orderNumber")}</dt>
          <dd>
            <Ltr data-testid="payment-order-number">{orderNumber}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t("payment.amount")}</dt>
          <dd>
            <Money fils={amountFils} language={language} data-testid="payment-amount" />
          </dd>
        </div>
      </dl>
      <FormMessage message={error} />
      <Form method="post" className="payment-methods" aria-busy={busy}>
        <input type="hidden" name="orderSessionId" value={orderSessionId} />
        <fieldset>
          <legend>{t("payment.chooseMethod")}</legend>
          {methods.map((method) => (
            <button key={method.id} type="submit" name="methodId" value={method.id} className="button button--primary payment-methods__choice" disabled={busy}>
              {t("payment.payWith", { amount, method: t(`payment.methods.${method.kind}`) })}
            </button>
          ))}
        </fieldset>
      </Form>
      <p className="payment-card__note">{t("payment.gatewayNote")}</p>
    </div>
  );
}
