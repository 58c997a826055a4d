import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, FormMessage } from "~/components/forms";
import { useTranslation } from "~/i18n/translation";

export type CouponFormValues = {
  code: string;
  kind: string;
  value: string;
  minProductsTotal: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  freeDelivery: boolean;
  isEnabled: boolean;
};

export type CouponFormActionData = { values: CouponFormValues; errors: Partial<Record<keyof CouponFormValues, string>>; message: string | null };

type TextField = Exclude<keyof CouponFormValues, "kind" | "freeDelivery" | "isEnabled">;

/**
 * A discount code's form, for a new code and an edited one. The server checks everything (app/shared/coupon-schema.ts)
 * and sends the values back with each field's message, so it works the same with and without JavaScript.
 */
export function CouponForm({ defaults, actionData }: { defaults: CouponFormValues; actionData?: CouponFormActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const values = actionData?.values ?? defaults;
  const errors = actionData?.errors ?? {};

  const field = (name: TextField, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="field">
      <label htmlFor={`coupon-${name}`}>{label}</label>
      <input
        id={`coupon-${name}`}
        name={name}
        defaultValue={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `coupon-${name}-error` : undefined}
        {...props}
      />
      <FieldErrors id={`coupon-${name}-error`} errors={errors[name] ? [errors[name]!] : undefined} />
    </div>
  );

  return (
    <Form method="post" className="admin-form admin-card" data-testid="coupon-form">
      <FormMessage message={actionData?.message} />
      {field("code", t("admin.coupons.code"), { required: true, minLength: 3, maxLength: 32, pattern: "[A-Za-z0-9_\\-]{3,32}", dir: "ltr", autoCapitalize: "characters", spellCheck: false })}
      <fieldset className="admin-fieldset">
        <legend>{t("admin.coupons.kind")}</legend>
        {(["percent", "fixed"] as const).map((kind) => (
          <label key={kind} className="field field--checkbox">
            <input type="radio" name="kind" value={kind} defaultChecked={values.kind === kind} required />
            <span>{t(`admin.coupons.${kind}`)}</span>
          </label>
        ))}
        <FieldErrors id="coupon-kind-error" errors={errors.kind ? [errors.kind] : undefined} />
      </fieldset>
      {field("value", t("admin.coupons.value"), { inputMode: "decimal", dir: "ltr" })}
      <p className="field__hint">{t("admin.coupons.valueHelp")}</p>
      {field("minProductsTotal", t("admin.coupons.minProductsTotal"), { inputMode: "decimal", dir: "ltr" })}
      <div className="admin-form__grid">
        {field("startsOn", t("admin.coupons.startsOn"), { type: "date", dir: "ltr" })}
        {field("endsOn", t("admin.coupons.endsOn"), { type: "date", dir: "ltr" })}
      </div>
      <div className="admin-form__grid">
        {field("maxUses", t("admin.coupons.maxUses"), { inputMode: "numeric", dir: "ltr" })}
        {field("maxUsesPerCustomer", t("admin.coupons.maxUsesPerCustomer"), { inputMode: "numeric", dir: "ltr" })}
      </div>
      <label className="field field--checkbox">
        <input type="checkbox" name="freeDelivery" defaultChecked={values.freeDelivery} />
        <span>{t("admin.coupons.freeDelivery")}</span>
      </label>
      <label className="field field--checkbox">
        <input type="checkbox" name="isEnabled" defaultChecked={values.isEnabled} />
        <span>{t("admin.coupons.isEnabled")}</span>
      </label>
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"} data-testid="save-coupon">
        {t("admin.coupons.save")}
      </button>
    </Form>
  );
}
