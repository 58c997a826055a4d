import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Field, FieldErrors } from "~/components/forms";
import type { FormConstraint } from "~/components/use-form-validation";
import { useShopForm } from "~/components/use-shop-form";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { EmailNote, FormErrors } from "./auth-card";

/** `constraint`: the step's form attributes, from its schema on the server (app/routes/register.tsx). */
type StepProps = { lastResult?: SubmissionResult<string[]> | null; email: string; constraint: FormConstraint };

export function EmailStep({ lastResult, email, constraint }: StepProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm("registerEmail", { id: "register-email", lastResult, defaultValue: { email }, constraint });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <Field meta={fields.email} label={t("account.register.email")} type="email" autoComplete="email" />
      <button type="submit" name="intent" value="email" className="button button--primary">
        {t("account.register.sendCode")}
      </button>
    </Form>
  );
}

export function CodeStep({ lastResult, email, constraint }: StepProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm("registerCode", { id: "register-code", lastResult, constraint });
  return (
    <>
      <EmailNote label={t("account.register.codeHint")} email={email} />
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <Field
          meta={fields.verificationCode}
          label={t("account.register.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="code-input"
        />
        <button type="submit" name="intent" value="code" className="button button--primary">
          {t("account.register.verify")}
        </button>
      </Form>
      <div className="account-inline-actions">
        <IntentButton intent="resend" label={t("account.register.resendCode")} />
        <IntentButton intent="change-email" label={t("account.register.changeEmail")} />
      </div>
    </>
  );
}

export function ProfileStep({ lastResult, email, constraint }: StepProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm("registerProfile", { id: "register-profile", lastResult, constraint });
  const phoneProps = getInputProps(fields.phone, { type: "tel" });
  return (
    <>
      <EmailNote label={t("account.register.verifiedEmail")} email={email} />
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <Field meta={fields.fullName} label={t("account.register.fullName")} autoComplete="name" maxLength={120} />
        <div className="field">
          <label htmlFor={fields.phone.id}>{t("account.register.phone")}</label>
          <span className="field__hint" id={`${fields.phone.id}-hint`}>
            {t("account.register.phoneHint")}
          </span>
          <div className="phone-input">
            <span className="phone-input__prefix">{KUWAIT_DIALING_PREFIX}</span>
            <input {...phoneProps} key={phoneProps.key} inputMode="tel" autoComplete="tel-national" aria-describedby={[phoneProps["aria-describedby"], `${fields.phone.id}-hint`].filter(Boolean).join(" ")} />
          </div>
          <FieldErrors id={fields.phone.errorId} errors={fields.phone.errors} />
        </div>
        <Field meta={fields.password} label={t("account.register.password")} hint={t("account.register.passwordHint")} type="password" autoComplete="new-password" />
        <button type="submit" name="intent" value="profile" className="button button--primary">
          {t("account.register.finish")}
        </button>
      </Form>
      <div className="account-inline-actions">
        <IntentButton intent="change-code" label={t("account.register.changeCode")} />
        <IntentButton intent="change-email" label={t("account.register.changeEmail")} />
      </div>
    </>
  );
}

/** Change-email, change-code and resend are their own small forms, so the step's validation never blocks them. */
function IntentButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className="button button--secondary">
        {label}
      </button>
    </Form>
  );
}
