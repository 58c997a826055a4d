import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { localized, type Language } from "~/shared/language";
import type { CategoryRow } from "~/models/catalogue/index.server";
import { ALL_CATEGORY_SLUG, CATEGORIES_BEFORE_EXPANSION, storefrontHref, type StorefrontChoice } from "~/shared/storefront";

type BarCategory = Pick<CategoryRow, "id" | "nameEn" | "nameAr" | "slug" | "iconImage">;

/**
 * SPEC section 2's category bar: the synthetic 'all' first, then the visible categories, the first 4 while
 * collapsed. Each is a link (?category=slug), so it works without JavaScript; "More" is a link too, and with
 * JavaScript it just expands the bar in place.
 */
export function CategoryBar({ categories, choice, language }: { categories: BarCategory[]; choice: StorefrontChoice; language: Language }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(choice.showAllCategories);
  const selected = choice.categorySlug ?? ALL_CATEGORY_SLUG;
  const hasMore = categories.length > CATEGORIES_BEFORE_EXPANSION;
  const allChip = { id: ALL_CATEGORY_SLUG, slug: ALL_CATEGORY_SLUG, nameEn: "", nameAr: "", iconImage: "" };
  return (
    <section id="categories-section" className="categories" aria-labelledby="categories-heading">
      <h2 id="categories-heading">{t("header.categories")}</h2>
      <ul className="category-bar" id="category-list" aria-label={t("shop.categories.label")}>
        {[allChip, ...categories].map((category, index) => {
          const isAll = category.slug === ALL_CATEGORY_SLUG;
          const hidden = !expanded && index > CATEGORIES_BEFORE_EXPANSION;
          return (
            <li key={category.id} hidden={hidden}>
              <Link
                to={storefrontHref(choice, { categorySlug: isAll ? null : category.slug, page: 1 })}
                className="category-chip"
                aria-current={selected === category.slug ? "page" : undefined}
                preventScrollReset
                data-testid="category-chip"
              >
                {isAll ? (
                  <span className="category-chip__all" aria-hidden="true" />
                ) : (
                  // The 64-pixel copy of the icon (server/image-variants.ts): sharp on phones at a fraction of the bytes.
                  <img src={category.iconImage.replace(/\.webp$/, "-64.webp")} alt="" width={32} height={32} />
                )}
                <span>{isAll ? t("shop.categories.all") : localized(language, { en: category.nameEn, ar: category.nameAr })}</span>
              </Link>
            </li>
          );
        })}
        {hasMore ? (
          <li>
            <Link
              to={storefrontHref(choice, { showAllCategories: !expanded })}
              className="category-chip category-chip--more"
              aria-expanded={expanded}
              aria-controls="category-list"
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                setExpanded((value) => !value);
              }}
              data-testid="categories-more"
            >
              {expanded ? t("shop.categories.showLess") : t("shop.categories.more")}
              <span className="visually-hidden"> {t("shop.categories.moreSuffix")}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
