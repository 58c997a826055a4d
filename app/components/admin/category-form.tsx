import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Field, FieldErrors, FormMessage } from "~/components/forms";
import { Toast } from "~/components/toast";
import { DelayedRedirect } from "./delayed-redirect";
import { useFormValidation, type FormConstraint } from "~/components/use-form-validation";

/** SPEC section 9: "Category updated successfully" stays 4 s, then the category view. */
export const CATEGORY_SAVED_REDIRECT_MS = 4000;

export type CategoryFormActionData = { result?: SubmissionResult<string[]>; success?: string; redirectTo?: string };

export function CategoryForm({
  mode,
  actionData,
  defaultValue,
  currentIcon,
  constraint,
}: {
  mode: "create" | "edit";
  actionData: CategoryFormActionData | undefined;
  defaultValue?: { nameEn: string; nameAr: string };
  currentIcon?: string;
  /** The form's attributes from its schema, worked out by the route's loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const validate = useFormValidation(mode === "create" ? "categoryCreate" : "categoryEdit");
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const iconErrors = form.allErrors.iconImage;
  const redirectMs = mode === "create" ? 1200 : CATEGORY_SAVED_REDIRECT_MS;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="admin-form admin-card">
      {actionData?.success ? (
        <>
          <Toast message={actionData.success} kind="success" durationMs={redirectMs} />
          {actionData.redirectTo ? <DelayedRedirect to={actionData.redirectTo} delayMs={redirectMs} /> : null}
        </>
      ) : null}
      <FormMessage message={form.errors?.[0]} />
      <Field meta={fields.nameEn} label={t("admin.categories.nameEn")} dir="ltr" />
      <Field meta={fields.nameAr} label={t("admin.categories.nameAr")} dir="rtl" />
      {currentIcon ? (
        <p className="admin-current-icon">
          <span>{t("admin.categories.currentIcon")}</span>
          <img src={currentIcon} alt="" width={48} height={48} />
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${form.id}-icon`}>{t("admin.categories.icon")}</label>
        <span className="field__hint" id={`${form.id}-icon-hint`}>
          {t("admin.categories.iconHint")}
        </span>
        <input
          id={`${form.id}-icon`}
          type="file"
          name="iconImage"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={iconErrors?.length ? true : undefined}
          aria-describedby={`${form.id}-icon-hint${iconErrors?.length ? ` ${form.id}-icon-error` : ""}`}
        />
        <FieldErrors id={`${form.id}-icon-error`} errors={iconErrors} />
      </div>
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
        {mode === "create" ? t("admin.categories.create") : t("admin.categories.save")}
      </button>
    </Form>
  );
}
