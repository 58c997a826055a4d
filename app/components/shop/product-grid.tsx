import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { storefrontHref, type StorefrontChoice } from "~/utils/storefront";
import { ProductCard, type CardProduct } from "./product-card";

/** 2 columns on phones, 3 wider (SPEC section 9); a page of products with plain previous / next links. */
export function ProductGrid({
  products,
  total,
  pageCount,
  choice,
  language,
}: {
  products: CardProduct[];
  total: number;
  pageCount: number;
  choice: StorefrontChoice;
  language: Language;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/";
  return (
    <section className="products" aria-labelledby="products-heading" aria-busy={isLoading}>
      <div className="products__header">
        <h2 id="products-heading">{t("shop.grid.heading")}</h2>
        <p className="products__count" aria-live="polite">
          {isLoading ? t("shop.grid.loading") : t("shop.grid.count", { count: total })}
        </p>
      </div>
      {products.length === 0 ? (
        <p className="products__empty" data-testid="products-empty">
          {t("shop.grid.empty")}
        </p>
      ) : (
        <ul className="product-grid" data-testid="product-grid">
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} language={language} eager={index < 2} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className="pagination" aria-label={t("shop.grid.pagination")}>
          {choice.page > 1 ? (
            <Link to={storefrontHref(choice, { page: choice.page - 1 })} rel="prev" className="button button--secondary">
              {t("shop.grid.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("shop.grid.pageOf", { page: choice.page, pageCount })}</span>
          {choice.page < pageCount ? (
            <Link to={storefrontHref(choice, { page: choice.page + 1 })} rel="next" className="button button--secondary">
              {t("shop.grid.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
