import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Field, FieldErrors, FormMessage } from "~/components/forms";
import type { FormConstraint } from "~/components/use-form-validation";
import { useFormSubmitting, useShopForm } from "~/components/use-shop-form";

export type CategoryFormActionData = { result?: SubmissionResult<string[]> };

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
  const submitting = useFormSubmitting();
  const [form, fields] = useShopForm(mode === "create" ? "categoryCreate" : "categoryEdit", { lastResult: actionData?.result, defaultValue, constraint });
  const iconErrors = form.allErrors.iconImage;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="admin-form admin-card">
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
      <button type="submit" className="button button--primary" disabled={submitting}>
        {mode === "create" ? t("admin.categories.create") : t("admin.categories.save")}
      </button>
    </Form>
  );
}
