import { Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { Language } from "~/shared/language";
import type { CartActionAnswer } from "~/shared/cart";
import { storefrontHref, type StorefrontChoice } from "~/shared/storefront";
import { FlashToast } from "./flash-toast";
import { usePriceLabels } from "./price";
import { ProductCard, useCartOutcomeToast, type CardLabels, type CardProduct } from "./product-card";

/**
 * With JavaScript, every card's form goes through this one fetcher: the page stays where it is, the header's
 * count updates, and the toast of SPEC section 9 shows (2 s on the grid). Without JavaScript the forms post.
 */
function useCardSubmit() {
  const fetcher = useFetcher<CartActionAnswer>({ key: "product-grid" });
  const { toast } = useCartOutcomeToast(fetcher);
  function onSubmit(event: React.FormEvent<HTMLUListElement>) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== "/cart") return;
    event.preventDefault();
    const data = new FormData(form);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name) data.set(submitter.name, submitter.value);
    data.set("mode", "fetch");
    fetcher.submit(data, { method: "post", action: "/cart" });
  }
  return { onSubmit, toast };
}

/** 2 columns on phones, 3 wider (SPEC section 9); a page of products with plain previous / next links. */
export function ProductGrid({
  products,
  total,
  pageCount,
  choice,
  language,
  heading,
  emptyText,
}: {
  products: CardProduct[];
  total: number;
  pageCount: number;
  choice: StorefrontChoice;
  language: Language;
  /** The search page's own heading and empty message, put into words by its loader. */
  heading?: string;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const { onSubmit, toast } = useCardSubmit();
  const labels: CardLabels = {
    ...usePriceLabels(),
    addToCart: t("shop.card.addToCart"),
    buyNow: t("shop.card.buyNow"),
    outOfStock: t("shop.card.outOfStock"),
    selectOptions: t("shop.card.selectOptions"),
    rating: (average, count) => t("shop.card.rating", { average, count }),
  };
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const status = target === "/" || target === "/search" ? t("shop.grid.loading") : target?.startsWith("/product/") ? t("shop.grid.productLoading") : null;
  return (
    <section className="products" aria-labelledby="products-heading" aria-busy={status !== null}>
      <div className="products__header">
        <h2 id="products-heading">{heading ?? t("shop.grid.heading")}</h2>
        <p className="products__count" aria-live="polite" data-testid="products-status">
          {status ?? t("shop.grid.count", { count: total })}
        </p>
      </div>
      {products.length === 0 ? (
        <p className="products__empty" data-testid="products-empty">
          {emptyText ?? t("shop.grid.empty")}
        </p>
      ) : (
        <ul className="product-grid" data-testid="product-grid" onSubmit={onSubmit}>
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                language={language}
                eager={index < 2}
                labels={labels}
                redirectTo={location.pathname + location.search}
              />
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
      {toast ? <FlashToast key={toast.id} flash={toast.flash} where="grid" /> : null}
    </section>
  );
}
