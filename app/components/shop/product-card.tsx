import { Link, type useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { localized, type Language } from "~/shared/language";
import { formatCount, localFigure } from "~/shared/digits";
import type { CartActionAnswer } from "~/shared/cart";
import { openCartDrawer } from "./cart-drawer";
import { Price, SaleBadge, type PriceLabels } from "./price";
import { Stars } from "./stars";
import type { ShopFlash } from "~/shared/toast-messages";

export type CardProduct = {
  id: string;
  nameEn: string;
  nameAr: string;
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  hasDiscount: boolean;
  stockQuantity: number;
  isAvailable: boolean;
  imageUrl: string;
  /** with options the card links to the product page to choose one (issue 31); `priceFrom` when their prices differ */
  hasOptions?: boolean;
  priceFrom?: boolean;
  /** the published reviews' average and count (issue 47), when it has any */
  rating?: { average: number; count: number };
};

export type CardLabels = PriceLabels & { addToCart: string; buyNow: string; outOfStock: string; selectOptions: string; rating: (average: number, count: number) => string };

/** One toast at a time per cart outcome; the counter remounts it so the same message shows again on the next click. */
export function useCartOutcomeToast(fetcher: ReturnType<typeof useFetcher<CartActionAnswer>>) {
  const [toast, setToast] = useState<{ flash: ShopFlash; id: number } | null>(null);
  const show = useCallback((flash: ShopFlash) => setToast((previous) => ({ flash, id: (previous?.id ?? 0) + 1 })), []);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !("intent" in fetcher.data)) return;
    const { problem, intent } = fetcher.data;
    if (problem) show(problem);
    else if (intent === "buy") openCartDrawer();
    else if (intent === "add") show("added");
  }, [fetcher.state, fetcher.data, show]);
  return { toast, show };
}

/**
 * Image, name, price, SALE badge, Add to Cart and Buy Now, or Out of Stock (SPEC section 2). The form is a plain
 * POST to /cart; with JavaScript the grid intercepts it and sends it through one shared fetcher.
 */
export function ProductCard({
  product,
  language,
  eager,
  labels,
  redirectTo,
}: {
  product: CardProduct;
  language: Language;
  eager: boolean;
  labels: CardLabels;
  redirectTo: string;
}) {
  const name = localized(language, { en: product.nameEn, ar: product.nameAr });
  const discounted = product.hasDiscount && product.priceBeforeDiscountFils !== null;
  const inStock = product.isAvailable && product.stockQuantity > 0;
  return (
    <article className="product-card" data-testid="product-card" data-product-id={product.id}>
      {/* The picture links too, for thumbs; the name's link is the one announced and tabbed to. */}
      <div className="product-card__media">
        <Link to={`/product/${product.id}`} tabIndex={-1} aria-hidden="true">
          {/* The 400-pixel copy for cards about 200 pixels wide on a phone (server/image-variants.ts). */}
          <img
            src={product.imageUrl}
            srcSet={`${product.imageUrl.replace(/\.webp$/, "-400.webp")} 400w, ${product.imageUrl} 1000w`}
            sizes="(min-width: 640px) 380px, 50vw"
            alt={name}
            width={400}
            height={400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        </Link>
        {discounted ? <SaleBadge label={labels.sale} /> : null}
      </div>
      <h3 className="product-card__name">
        <Link to={`/product/${product.id}`} className="product-card__link" prefetch="intent">
          {name}
        </Link>
      </h3>
      <Price
        priceFils={product.priceFils}
        priceBeforeDiscountFils={product.priceBeforeDiscountFils}
        discounted={discounted}
        language={language}
        labels={labels}
        from={product.priceFrom}
      />
      {product.rating && product.rating.count > 0 ? (
        <p className="product-card__rating" data-testid="card-rating" data-average={product.rating.average} data-count={product.rating.count}>
          <Stars rating={product.rating.average} label={labels.rating(product.rating.average, product.rating.count)} />
          <span aria-hidden="true">{localFigure(product.rating.average.toFixed(1), language)}</span>
          <span aria-hidden="true">({formatCount(product.rating.count, language)})</span>
        </p>
      ) : null}
      {inStock && product.hasOptions ? (
        <Link to={`/product/${product.id}`} className="button button--primary product-card__choose" data-testid="choose-options">
          {labels.selectOptions}
        </Link>
      ) : inStock ? (
        <form method="post" action="/cart" className="product-card__actions">
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="source" value="card" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" name="intent" value="add" className="button button--primary" aria-label={`${labels.addToCart}: ${name}`}>
            {labels.addToCart}
          </button>
          <button type="submit" name="intent" value="buy" className="button button--secondary" aria-label={`${labels.buyNow}: ${name}`}>
            {labels.buyNow}
          </button>
        </form>
      ) : (
        <p className="product-card__out" data-testid="out-of-stock">
          {labels.outOfStock}
        </p>
      )}
    </article>
  );
}
