import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { localized, type Language } from "~/shared/language";
import type { CartActionAnswer } from "~/shared/cart";
import { FlashToast } from "./flash-toast";
import { useCartOutcomeToast } from "./product-card";
import { useHydrated } from "~/components/use-hydrated";

type Tag = { titleEn: string; titleAr: string; required: boolean };

/**
 * The product page's form: one text input per custom tag (required ones marked), Add to Cart and Buy Now.
 * A blank required tag blocks both, in the browser with JavaScript and always on the server (SPEC section 5).
 */
export function AddToCartForm({ productId, variantId = null, tags, language }: { productId: string; variantId?: string | null; tags: Tag[]; language: Language }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CartActionAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const { toast, show } = useCartOutcomeToast(fetcher);
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className="add-to-cart"
      noValidate
      onSubmit={(event) => {
        const form = event.currentTarget;
        const values = new FormData(form).getAll("tag").map(String);
        if (tags.some((tag, index) => tag.required && !values[index]?.trim())) {
          event.preventDefault();
          show("tagsRequired");
          form.querySelector<HTMLInputElement>("input[aria-required='true']")?.focus();
        }
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="source" value="product" />
      <input type="hidden" name="redirectTo" value={variantId ? `${location.pathname}?variant=${encodeURIComponent(variantId)}` : location.pathname} />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      {tags.length > 0 ? (
        <fieldset className="custom-tags">
          <legend>{t("shop.product.options")}</legend>
          {tags.map((tag, index) => (
            <div className="field" key={`${tag.titleEn}-${index}`}>
              <label htmlFor={`tag-${index}`}>
                {localized(language, { en: tag.titleEn, ar: tag.titleAr })}{" "}
                <span className={tag.required ? "custom-tags__required" : "custom-tags__optional"}>
                  ({tag.required ? t("shop.product.required") : t("shop.product.optional")})
                </span>
              </label>
              <input id={`tag-${index}`} name="tag" type="text" maxLength={200} aria-required={tag.required} autoComplete="off" dir="auto" data-testid="custom-tag-input" />
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="add-to-cart__buttons">
        <button type="submit" name="intent" value="add" className="button button--primary" data-testid="add-to-cart">
          {t("shop.card.addToCart")}
        </button>
        <button type="submit" name="intent" value="buy" className="button button--secondary" data-testid="buy-now">
          {t("shop.card.buyNow")}
        </button>
      </div>
      {toast ? <FlashToast key={toast.id} flash={toast.flash} where="product" /> : null}
    </fetcher.Form>
  );
}
