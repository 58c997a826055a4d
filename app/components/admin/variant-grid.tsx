import { useState } from "react";
import { FieldErrors } from "~/components/forms";
import { useTranslation } from "~/i18n/translation";
import { variantRowLabel } from "~/shared/option-rows";

export type OptionFormRow = { nameEn?: string; nameAr?: string; valuesEn?: string; valuesAr?: string };
export type VariantFormRow = { id?: string; key?: string; match?: string; sku?: string; price?: string; stockQuantity?: string; isAvailable?: boolean | string; imageUrl?: string };

const OPTION_ROWS = 3;

/**
 * The owner's options and variant grid (issue 31), plain inputs that post without JavaScript: three option rows
 * (names, values one per line in each language), "Make the grid" to get a row per combination, and per row its
 * stock on hand, price (blank: the product's), SKU, picture (one of the product's own) and availability.
 */
export function VariantGrid({
  formId,
  options,
  variants,
  images,
  errors,
}: {
  formId: string;
  /** As conform reads them: a row left blank is `undefined`. */
  options: (OptionFormRow | undefined)[];
  variants: VariantFormRow[];
  /** The product's pictures, first the main one: a variant shows one of them. */
  images: string[];
  errors: Record<string, string[] | undefined>;
}) {
  const { t, i18n } = useTranslation();
  const id = (name: string) => `${formId}-${name.replace(/[^\w]/g, "-")}`;
  return (
    <fieldset className="admin-fieldset variant-grid" data-testid="variant-grid">
      <legend>{t("admin.productForm.optionsTitle")}</legend>
      <p className="field__hint">{t("admin.productForm.optionsHint")}</p>
      {Array.from({ length: OPTION_ROWS }, (_, index) => {
        const row = options[index] ?? {};
        const name = (field: string) => `options[${index}].${field}`;
        return (
          <div key={index} className="admin-tag-row variant-grid__option" data-testid="option-row">
            <span className="admin-tag-row__label">{t("admin.productForm.optionRow", { number: index + 1 })}</span>
            {(["nameEn", "nameAr"] as const).map((field) => (
              <div className="field" key={field}>
                <label htmlFor={id(name(field))}>{t(`admin.productForm.option_${field}`)}</label>
                <input id={id(name(field))} name={name(field)} defaultValue={row[field] ?? ""} dir={field === "nameEn" ? "ltr" : "rtl"} maxLength={100} />
                {field === "nameEn" ? <FieldErrors id={id(name(field)) + "-error"} errors={errors[name(field)]} /> : null}
              </div>
            ))}
            {(["valuesEn", "valuesAr"] as const).map((field) => (
              <div className="field" key={field}>
                <label htmlFor={id(name(field))}>{t(`admin.productForm.option_${field}`)}</label>
                <textarea id={id(name(field))} name={name(field)} defaultValue={row[field] ?? ""} dir={field === "valuesEn" ? "ltr" : "rtl"} rows={3} maxLength={2000} />
                {field === "valuesEn" ? <FieldErrors id={id(name(field)) + "-error"} errors={errors[name(field)]} /> : null}
              </div>
            ))}
          </div>
        );
      })}
      <button
        type="submit"
        name="intent"
        value="variants"
        className="button button--secondary"
        formNoValidate
        // Pressing the button would first leave the field being typed in, whose check then adds or removes a
        // message above the button: the button moved before the press ended, and the first click was lost.
        // Keeping the focus where it is leaves the page still until the click.
        onMouseDown={(event) => event.preventDefault()}
        data-testid="make-grid"
      >
        {t("admin.productForm.makeGrid")}
      </button>
      <FieldErrors id={id("variants") + "-error"} errors={errors.variants} />
      {variants.length ? (
        // A new grid is drawn afresh (its inputs show the server's rows), while the option rows above stay as typed:
        // redrawing them too would take away the focused field, whose check would then post the form on its own.
        <div className="admin-table-wrap" key={variants.map((row) => row.match).join("|")}>
          <table className="admin-table variant-grid__table">
            <thead>
              <tr>
                <th scope="col">{t("admin.productForm.variant")}</th>
                <th scope="col">{t("admin.productForm.variantStock")}</th>
                <th scope="col">{t("admin.productForm.variantPrice")}</th>
                <th scope="col">{t("admin.productForm.variantSku")}</th>
                <th scope="col">{t("admin.productForm.variantImage")}</th>
                <th scope="col">{t("admin.productForm.variantAvailable")}</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((row, index) => {
                const name = (field: string) => `variants[${index}].${field}`;
                const label = variantRowLabel(row.match ?? "", options, i18n.language);
                return (
                  <tr key={`${row.match}-${index}`} data-testid="variant-row">
                    <th scope="row">
                      <bdi>{label}</bdi>
                      <input type="hidden" name={name("match")} value={row.match ?? ""} />
                      <input type="hidden" name={name("key")} value={row.key ?? ""} />
                      {row.id ? <input type="hidden" name={name("id")} value={row.id} /> : null}
                      <FieldErrors id={id(name("key")) + "-error"} errors={errors[name("key")]} />
                    </th>
                    <td>
                      <input aria-label={`${t("admin.productForm.variantStock")}: ${label}`} name={name("stockQuantity")} defaultValue={row.stockQuantity ?? "0"} inputMode="numeric" dir="ltr" size={5} />
                      <FieldErrors id={id(name("stockQuantity")) + "-error"} errors={errors[name("stockQuantity")]} />
                    </td>
                    <td>
                      <input aria-label={`${t("admin.productForm.variantPrice")}: ${label}`} name={name("price")} defaultValue={row.price ?? ""} inputMode="decimal" dir="ltr" size={7} />
                      <FieldErrors id={id(name("price")) + "-error"} errors={errors[name("price")]} />
                    </td>
                    <td>
                      <input aria-label={`${t("admin.productForm.variantSku")}: ${label}`} name={name("sku")} defaultValue={row.sku ?? ""} dir="ltr" size={10} maxLength={64} />
                      <FieldErrors id={id(name("sku")) + "-error"} errors={errors[name("sku")]} />
                    </td>
                    <td>
                      <VariantPicture label={`${t("admin.productForm.variantImage")}: ${label}`} name={name("imageUrl")} chosen={row.imageUrl ?? ""} images={images} />
                      <FieldErrors id={id(name("imageUrl")) + "-error"} errors={errors[name("imageUrl")]} />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${t("admin.productForm.variantAvailable")}: ${label}`}
                        name={name("isAvailable")}
                        defaultChecked={row.isAvailable === true || row.isAvailable === "on"}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </fieldset>
  );
}

/** A variant's picture chosen among the product's, its thumbnail beside the list (following the choice with JavaScript). */
function VariantPicture({ label, name, chosen, images }: { label: string; name: string; chosen: string; images: string[] }) {
  const { t } = useTranslation();
  const [picture, setPicture] = useState(chosen);
  // A picture the owner has since removed from the product is no longer offered: the variant shows the product's.
  const shown = images.includes(picture) ? picture : "";
  return (
    <div className="variant-grid__picture">
      {shown ? <img src={shown} alt="" width={40} height={40} data-testid="variant-picture" /> : null}
      <select aria-label={label} name={name} value={shown} onChange={(event) => setPicture(event.currentTarget.value)}>
        <option value="">{t("admin.productForm.variantImageProduct")}</option>
        {images.map((url, index) => (
          <option key={url} value={url}>
            {t("admin.productForm.variantImageNumber", { number: index + 1 })}
          </option>
        ))}
      </select>
    </div>
  );
}
