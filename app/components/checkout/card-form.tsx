import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/translation";
import { FieldErrors, FormMessage } from "~/components/forms";
import { Toast } from "~/components/toast";
import { digitsOnly } from "~/shared/typed-digits";
import type { FormConstraint } from "~/components/use-form-validation";
import { useShopForm } from "~/components/use-shop-form";
import { useHydrated } from "~/components/use-hydrated";
import { Ltr, Money } from "~/components/ltr";
import type { Language } from "~/shared/language";

type Props = {
  orderSessionId: string;
  orderNumber: string;
  amount: string;
  amountFils: number;
  language: Language;
  lastResult?: SubmissionResult<string[]>;
  paidOrderNumber: string | null;
  constraint: FormConstraint;
};

const SUCCESS_REDIRECT_MS = 4000;
/** 16 digits with a space or dash between each group of 4 is 19 characters; the server drops them (card-schema.ts). */
const CARD_NUMBER_TYPED_LENGTH = 24;
const NEXT_FIELD: Record<string, { length: number; next: string }> = {
  cardNumber: { length: 16, next: "month" },
  month: { length: 2, next: "year" },
  year: { length: 2, next: "cvv" },
};

/**
 * `maxLength` is how many digits the field keeps; `typedLength` how many characters it takes as typed or pasted
 * (the card number's spaces or dashes), so the browser never cuts a pasted number before its separators are dropped.
 */
function DigitsField({
  meta,
  label,
  maxLength,
  typedLength = maxLength,
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  maxLength: number;
  typedLength?: number;
  autoComplete: string;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input
        {...getInputProps(meta, { type: "text" })}
        key={meta.key}
        inputMode="numeric"
        maxLength={typedLength}
        autoComplete={autoComplete}
        dir="ltr"
        onInput={(event) => {
          const input = event.currentTarget;
          input.value = digitsOnly(input.value, maxLength);
          const rule = NEXT_FIELD[meta.name];
          if (rule && input.value.length === rule.length) input.form?.querySelector<HTMLInputElement>(`[name="${rule.next}"]`)?.focus();
        }}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The test provider's card form: digits only, auto-advance with JavaScript, checked again by the server. */
export function CardForm({ orderSessionId, orderNumber, amount, amountFils, language, lastResult, paidOrderNumber, constraint }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useShopForm("card", { lastResult, constraint, defaultValue: { orderSessionId } });
  useEffect(() => {
    if (!paidOrderNumber) return;
    sessionStorage.setItem("lastOrderNumber", paidOrderNumber);
    sessionStorage.removeItem("pendingOrderSessionId");
    const timer = window.setTimeout(() => window.location.assign(`/payment-success?orderNumber=${paidOrderNumber}`), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [paidOrderNumber]);

  // The test provider's own page (real payments go to the gateway's): it keeps the button shut during any navigation,
  // field checks included (docs/decisions/0116-a-form-check-does-not-disable-its-button.md says why).
  const busy = navigation.state !== "idle" || Boolean(paidOrderNumber);
  return (
    <Form method="post" {...getFormProps(form)} className="payment-card" autoComplete="on">
      {paidOrderNumber ? <Toast kind="success" message={t("payment.success")} durationMs={SUCCESS_REDIRECT_MS} /> : null}
      {form.errors?.length ? <Toast kind="error" message={t("payment.orderFailed", { message: form.errors[0] })} durationMs={4000} /> : null}
      <div className="payment-card__summary">
        <span>
          {t("payment.orderNumber")}: <Ltr data-testid="payment-order-number">{orderNumber}</Ltr>
        </span>
        <span>
          {t("payment.amount")}: <Money fils={amountFils} language={language} data-testid="payment-amount" />
        </span>
      </div>
      <FormMessage message={form.errors?.[0]} />
      <input {...getInputProps(fields.orderSessionId, { type: "hidden" })} key={fields.orderSessionId.key} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <div className="field">
        <label htmlFor={fields.cardholderName.id}>{t("payment.cardholderName")}</label>
        <input {...getInputProps(fields.cardholderName, { type: "text" })} key={fields.cardholderName.key} autoComplete="cc-name" />
        <FieldErrors id={fields.cardholderName.errorId} errors={fields.cardholderName.errors} />
      </div>
      <DigitsField meta={fields.cardNumber} label={t("payment.cardNumber")} maxLength={16} typedLength={CARD_NUMBER_TYPED_LENGTH} autoComplete="cc-number" />
      <div className="payment-card__row">
        <DigitsField meta={fields.month} label={t("payment.month")} maxLength={2} autoComplete="cc-exp-month" />
        <DigitsField meta={fields.year} label={t("payment.year")} maxLength={2} autoComplete="cc-exp-year" />
        <DigitsField meta={fields.cvv} label={t("payment.cvv")} maxLength={3} autoComplete="cc-csc" />
      </div>
      <button type="submit" className="button button--primary checkout__pay" disabled={hydrated && busy} data-testid="card-pay">
        {t("payment.payAmount", { amount })}
      </button>
      <p className="payment-card__note">
        {t("payment.testNote")} <Ltr data-testid="test-card-number">4111 1111 1111 1111</Ltr>
      </p>
    </Form>
  );
}
