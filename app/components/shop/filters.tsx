import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { FILTER_COLORS, type FilterColor } from "~/shared/product";
import type { ProductSort, StorefrontChoice } from "~/shared/storefront";

/**
 * The colour filter and the sort as a GET form: the choice lands in the URL and the server answers it, with or
 * without JavaScript. With JavaScript a change applies at once. On the search page it keeps the words. The sorts,
 * their labels and the colours' names come from the loader (the search page's default is relevance), so they cost no JavaScript.
 */
export function Filters({
  choice,
  sortLabels,
  colorLabels,
}: {
  choice: StorefrontChoice;
  sortLabels: Record<ProductSort, string>;
  colorLabels: Record<FilterColor, string>;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={choice.query !== null ? "/search" : "/"}
      className="filters"
      aria-label={t("shop.filters.heading")}
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {choice.query !== null ? <input type="hidden" name="q" value={choice.query} /> : null}
      {choice.categorySlug ? <input type="hidden" name="category" value={choice.categorySlug} /> : null}
      <div className="filters__field">
        <label htmlFor="filter-color">{t("shop.filters.color")}</label>
        <select id="filter-color" name="color" defaultValue={choice.color ?? ""} key={`color-${choice.color}`}>
          <option value="">{t("shop.filters.anyColor")}</option>
          {FILTER_COLORS.map((color) => (
            <option key={color} value={color}>
              {colorLabels[color]}
            </option>
          ))}
        </select>
      </div>
      <div className="filters__field">
        <label htmlFor="filter-sort">{t("shop.filters.sort")}</label>
        <select id="filter-sort" name="sort" defaultValue={choice.sort} key={`sort-${choice.sort}`}>
          {Object.entries(sortLabels).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary filters__apply">
        {t("shop.filters.apply")}
      </button>
    </Form>
  );
}
