import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import type { z } from "zod";
import { Field, FieldErrors, FormMessage, SelectField, TextareaField } from "~/components/forms";
import { localized, type Language } from "~/shared/language";
import { filsToKDInput, parseKDToFils } from "~/shared/money-input";
import { FILTER_COLORS } from "~/shared/product";
import { ImageList } from "./image-list";
import type { productFormSchema, ProductFormMode } from "~/shared/admin-schemas";
import type { FormConstraint } from "~/components/use-form-validation";
import { useFormSubmitting, useShopForm } from "~/components/use-shop-form";
import { VariantGrid, type OptionFormRow, type VariantFormRow } from "./variant-grid";

const MAX_TAG_ROWS = 10;

export type ProductFormActionData = {
  result?: SubmissionResult<string[]>;
  images?: string[];
  uploadError?: string | null;
  /** the grid made from the options as typed ("Make the variant grid") */
  variants?: VariantFormRow[];
};

type TagRow = { titleEn?: string; titleAr?: string; required?: boolean | string };

export type ProductFormDefaults = Partial<z.input<ReturnType<typeof productFormSchema>>>;

/** SPEC section 5: commas are stripped and price fields show 3 decimals once the admin leaves them. */
function formatPriceOnBlur(event: React.FocusEvent<HTMLInputElement>) {
  const fils = parseKDToFils(event.currentTarget.value);
  if (fils !== null) event.currentTarget.value = filsToKDInput(fils);
}

function Checkbox({ meta, label }: { meta: FieldMetadata<boolean | undefined>; label: string }) {
  const props = getInputProps(meta, { type: "checkbox" });
  return (
    <div className="field field--checkbox">
      <input {...props} key={props.key} />
      <label htmlFor={meta.id}>{label}</label>
    </div>
  );
}

export function ProductForm({
  mode,
  categories,
  defaultValue,
  actionData,
  language,
  heldQuantity,
  constraint,
}: {
  mode: ProductFormMode;
  categories: { id: string; nameEn: string; nameAr: string }[];
  defaultValue: ProductFormDefaults;
  actionData: ProductFormActionData | undefined;
  language: Language;
  /** Pieces held for unpaid orders, shown beside on hand when editing. */
  heldQuantity?: number;
  /** The form's attributes from its schema, worked out by the route's loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(mode === "create" ? "productCreate" : "productEdit", {
    lastResult: actionData?.result,
    defaultValue,
    constraint,
    unchecked: ["variants"],
  });
  const current = (fields.customTags.value as TagRow[] | undefined) ?? defaultValue.customTags ?? [];
  const tagRows = Math.min(MAX_TAG_ROWS, Math.max(2, current.filter((row) => row?.titleEn || row?.titleAr).length + 1));
  // The pictures as the server last gave them, and as the owner has since uploaded, removed or reordered them here:
  // the variant grid offers the same ones.
  const serverImages = actionData?.images ?? defaultValue.images ?? [];
  const [shownImages, setShownImages] = useState(serverImages.join("|"));
  const [images, setImages] = useState(serverImages);
  if (shownImages !== serverImages.join("|")) {
    setShownImages(serverImages.join("|"));
    setImages(serverImages);
  }
  const saving = useFormSubmitting();
  const variantRows = actionData?.variants ?? (fields.variants.value as VariantFormRow[] | undefined) ?? (defaultValue.variants as VariantFormRow[] | undefined) ?? [];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="admin-form admin-card">
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <FormMessage message={form.errors?.[0]} />
      <div className="admin-form__grid">
        <Field meta={fields.nameEn} label={t("admin.productForm.nameEn")} dir="ltr" />
        <Field meta={fields.nameAr} label={t("admin.productForm.nameAr")} dir="rtl" />
        <TextareaField meta={fields.descriptionEn} label={t("admin.productForm.descriptionEn")} dir="ltr" rows={3} />
        <TextareaField meta={fields.descriptionAr} label={t("admin.productForm.descriptionAr")} dir="rtl" rows={3} />
        <Field meta={fields.price} label={t("admin.productForm.price")} inputMode="decimal" onBlur={formatPriceOnBlur} dir="ltr" />
        <Field
          meta={fields.priceBeforeDiscount}
          label={t("admin.productForm.priceBeforeDiscount")}
          inputMode="decimal"
          onBlur={formatPriceOnBlur}
          dir="ltr"
        />
        <Field
          meta={fields.stockQuantity}
          label={t("admin.productForm.stockQuantity")}
          hint={
            heldQuantity === undefined
              ? t("admin.productForm.stockHint")
              : `${t("admin.productForm.stockHint")} ${t("admin.productForm.held", { count: heldQuantity })}`
          }
          inputMode="numeric"
          dir="ltr"
        />
        <Field meta={fields.lowStockThreshold} label={t("admin.productForm.lowStockThreshold")} hint={t("admin.productForm.lowStockHint")} inputMode="numeric" dir="ltr" />
        <SelectField meta={fields.categoryId} label={t("admin.productForm.category")}>
          <option value="">{t("admin.productForm.chooseCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {localized(language, { en: category.nameEn, ar: category.nameAr })}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="admin-form__checks">
        <Checkbox meta={fields.isAvailable} label={t("admin.productForm.isAvailable")} />
        <Checkbox meta={fields.isNewArrival} label={t("admin.productForm.isNewArrival")} />
        <Checkbox meta={fields.hasDiscount} label={t("admin.productForm.hasDiscount")} />
      </div>
      <div className="admin-form__grid">
        <Field meta={fields.colorNameEn} label={t("admin.productForm.colorNameEn")} dir="ltr" />
        <Field meta={fields.colorNameAr} label={t("admin.productForm.colorNameAr")} dir="rtl" />
        <Field meta={fields.colorLevelEn} label={t("admin.productForm.colorLevelEn")} dir="ltr" />
        <Field meta={fields.colorLevelAr} label={t("admin.productForm.colorLevelAr")} dir="rtl" />
        <SelectField meta={fields.filterColor} label={t("admin.productForm.filterColor")}>
          <option value="">{t("admin.productForm.noFilterColor")}</option>
          {FILTER_COLORS.map((color) => (
            <option key={color} value={color}>
              {t(`admin.filterColors.${color}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="admin-fieldset">
        <legend>{t("admin.productForm.customTags")}</legend>
        <p className="field__hint">{t("admin.productForm.customTagsHint")}</p>
        {Array.from({ length: tagRows }, (_, index) => {
          const row = current[index] ?? {};
          const name = (field: string) => `customTags[${index}].${field}`;
          const errorsOf = (field: string) => form.allErrors[name(field)];
          return (
            <div key={index} className="admin-tag-row" data-testid="tag-row">
              <span className="admin-tag-row__label">{t("admin.productForm.tagRow", { number: index + 1 })}</span>
              <div className="field">
                <label htmlFor={`${form.id}-tag-${index}-en`}>{t("admin.productForm.tagTitleEn")}</label>
                <input id={`${form.id}-tag-${index}-en`} name={name("titleEn")} defaultValue={row.titleEn ?? ""} dir="ltr" maxLength={100} />
                <FieldErrors id={`${form.id}-tag-${index}-en-error`} errors={errorsOf("titleEn")} />
              </div>
              <div className="field">
                <label htmlFor={`${form.id}-tag-${index}-ar`}>{t("admin.productForm.tagTitleAr")}</label>
                <input id={`${form.id}-tag-${index}-ar`} name={name("titleAr")} defaultValue={row.titleAr ?? ""} dir="rtl" maxLength={100} />
                <FieldErrors id={`${form.id}-tag-${index}-ar-error`} errors={errorsOf("titleAr")} />
              </div>
              <div className="field field--checkbox">
                <input
                  id={`${form.id}-tag-${index}-required`}
                  type="checkbox"
                  name={name("required")}
                  defaultChecked={row.required === true || row.required === "on"}
                />
                <label htmlFor={`${form.id}-tag-${index}-required`}>{t("admin.productForm.tagRequired")}</label>
              </div>
            </div>
          );
        })}
      </fieldset>
      <VariantGrid
        formId={form.id}
        options={(fields.options.value as (OptionFormRow | undefined)[] | undefined) ?? (defaultValue.options as OptionFormRow[] | undefined) ?? []}
        variants={variantRows}
        images={images}
        errors={form.allErrors}
      />
      <ImageList images={images} setImages={setImages} errorId={fields.images.errorId} errors={imageErrors(form.allErrors)} />
      {actionData?.uploadError ? (
        <p className="form-message" role="alert">
          {actionData.uploadError}
        </p>
      ) : null}
      <div className="admin-form__actions">
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={saving}>
          {saving ? t("admin.productForm.saving") : t("admin.productForm.save")}
        </button>
        <Link to="/admin/timsar/products" className="button button--secondary">
          {t("admin.productForm.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The pictures' errors, the list's own and each picture's (`images[0]`: a picture that was not uploaded here), once each. */
function imageErrors(allErrors: Record<string, string[]>): string[] | undefined {
  const errors = Object.entries(allErrors)
    .filter(([name]) => name === "images" || name.startsWith("images["))
    .flatMap(([, messages]) => messages);
  return errors.length ? [...new Set(errors)] : undefined;
}
