import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/translation";
import { localized, type Language } from "~/shared/language";
import type { CartItem, CartView as CartData } from "~/shared/cart";
import { filsToKD, formatKD } from "~/shared/money";
import { useHydrated } from "~/components/use-hydrated";
import { formatCount } from "~/shared/digits";

/** SPEC section 3: with JavaScript the cart is mirrored in localStorage under `cart`. The server stays the truth (decision 0086). */
function mirrorToLocalStorage(cart: CartData) {
  const items = cart.items.map((item) => ({
    _id: item.productId,
    name: { en: item.nameEn, ar: item.nameAr },
    price: filsToKD(item.priceFils),
    imageUrl: item.imageUrl,
    quantity: item.quantity,
    customTags: item.customTags.map((tag) => tag.value),
  }));
  try {
    window.localStorage.setItem("cart", JSON.stringify(items));
  } catch {
    // storage can be blocked (private mode); the cookie still carries the cart
  }
}

/** The cart's lines, total, Clear and Checkout: the same view on the /cart page and in the drawer. */
/** `freeDeliveryNote`: how much more makes delivery free, or that it is; the server words it (app/models/orders/offers.server.ts). */
export function CartView({
  cart,
  checkoutHref,
  language,
  freeDeliveryNote = null,
}: {
  cart: CartData;
  checkoutHref: string;
  language: Language;
  freeDeliveryNote?: string | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "cart-view" });
  const hydrated = useHydrated();
  const location = useLocation();
  const back = location.pathname + location.search;

  useEffect(() => mirrorToLocalStorage(cart), [cart]);

  const hidden = (
    <>
      <input type="hidden" name="redirectTo" value={back} />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
    </>
  );

  if (cart.items.length === 0) {
    return (
      <div className="cart-empty" data-testid="cart-empty">
        <p>{t("shop.cart.empty")}</p>
        <Link to="/" className="button button--secondary">
          {t("shop.cart.continueShopping")}
        </Link>
      </div>
    );
  }
  return (
    <div className="cart-view" aria-busy={fetcher.state !== "idle"}>
      <ul className="cart-items">
        {cart.items.map((item) => {
          const name = localized(language, { en: item.nameEn, ar: item.nameAr });
          return (
            <li key={item.lineId} className="cart-item" data-testid="cart-item">
              <img src={item.imageUrl} alt={name} width={72} height={72} loading="lazy" className="cart-item__image" />
              <div className="cart-item__body">
                <Link to={`/product/${item.productId}`} className="cart-item__name">
                  {name}
                </Link>
                {item.optionValues?.length ? (
                  <p className="cart-item__tag" data-testid="cart-item-options">
                    {item.optionValues.map((value) => localized(language, value)).join(" / ")}
                  </p>
                ) : null}
                {item.customTags
                  .filter((tag) => tag.value)
                  .map((tag) => (
                    <p key={tag.titleEn} className="cart-item__tag">
                      {localized(language, { en: tag.titleEn, ar: tag.titleAr })}: <bdi>{tag.value}</bdi>
                    </p>
                  ))}
                <p className="cart-item__price" data-testid="cart-item-price">
                  {formatKD(item.priceFils, language)}
                </p>
                <HoldWarning warning={item.holdWarning ?? null} isAvailable={item.isAvailable} />
                <div className="cart-item__controls">
                  <fetcher.Form method="post" action="/cart" className="quantity-stepper">
                    <input type="hidden" name="intent" value="quantity" />
                    <input type="hidden" name="lineId" value={item.lineId} />
                    {hidden}
                    <button
                      type="submit"
                      name="quantity"
                      value={item.quantity - 1}
                      aria-label={t("shop.cart.decrease", { name })}
                      disabled={item.quantity <= 1}
                    >
                      −
                    </button>
                    <span className="quantity-stepper__value" aria-label={t("shop.cart.quantity")} data-testid="cart-item-quantity">
                      {formatCount(item.quantity, language)}
                    </span>
                    <button
                      type="submit"
                      name="quantity"
                      value={item.quantity + 1}
                      aria-label={t("shop.cart.increase", { name })}
                      disabled={item.quantity >= item.orderable}
                    >
                      +
                    </button>
                  </fetcher.Form>
                  <fetcher.Form method="post" action="/cart">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="lineId" value={item.lineId} />
                    {hidden}
                    <button type="submit" className="link-button" aria-label={t("shop.cart.removeItem", { name })}>
                      {t("shop.cart.remove")}
                    </button>
                  </fetcher.Form>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="cart-total">
        <span>{t("shop.cart.total")}</span>
        <strong data-testid="cart-total">{formatKD(cart.totalFils, language)}</strong>
      </p>
      {freeDeliveryNote ? (
        <p className="cart-free-delivery" data-testid="free-delivery-note">
          {freeDeliveryNote}
        </p>
      ) : null}
      <div className="cart-actions">
        <fetcher.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="clear" />
          {hidden}
          <button type="submit" className="button button--secondary">
            {t("shop.cart.clear")}
          </button>
        </fetcher.Form>
        <Link to={checkoutHref} className="button button--primary" data-testid="cart-checkout">
          {t("shop.cart.checkout")}
        </Link>
      </div>
    </div>
  );
}

/** Why the checkout could not hold a line's quantity (docs/decisions/0077), with the number that would fit. */
function HoldWarning({ warning, isAvailable }: { warning: CartItem["holdWarning"]; isAvailable: boolean }) {
  const { t } = useTranslation();
  const text =
    warning?.kind === "stock" && warning.available > 0
      ? t("shop.cart.onlyLeft", { count: warning.available })
      : warning?.kind === "cap"
        ? t("shop.cart.overCap", { cap: warning.cap })
        : isAvailable && !warning
          ? null
          : t("shop.cart.unavailable");
  return text ? (
    <p className="cart-item__warning" role="alert" data-testid="cart-item-warning">
      {text}
    </p>
  ) : null;
}
