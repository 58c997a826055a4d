import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { loader as cartLoader } from "~/routes/cart";
import { CartView } from "./cart-view";

const OPEN_EVENT = "shop:open-cart";

/** Buy Now and the header's cart button open the drawer through this event, wherever they are on the page. */
export function openCartDrawer() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

function storedCount(): number | null {
  try {
    const items = JSON.parse(window.localStorage.getItem("cart") ?? "null") as { quantity: number }[] | null;
    return Array.isArray(items) ? items.reduce((sum, item) => sum + Number(item.quantity || 0), 0) : null;
  } catch {
    return null;
  }
}

/**
 * With JavaScript the cart opens as a drawer over the page (a modal <dialog>: focus stays inside, Escape closes).
 * It shows the /cart loader's data, so prices come from the database; without JavaScript the button is a link to /cart.
 */
export function CartDrawer({ cartCount }: { cartCount: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof cartLoader>({ key: "cart-drawer" });
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const { load } = fetcher;

  const open = useCallback(() => {
    load("/cart");
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [load]);

  useEffect(() => {
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, [open]);

  // Keeps the localStorage mirror in step when the count changed elsewhere (another tab, a no-JS page).
  useEffect(() => {
    if (storedCount() !== cartCount) load("/cart");
  }, [cartCount, load]);

  useEffect(() => {
    dialog.current?.close();
  }, [location.pathname]);

  const data = fetcher.data;
  return (
    <dialog ref={dialog} className="cart-drawer" aria-labelledby="cart-drawer-title" data-testid="cart-drawer">
      <div className="cart-drawer__header">
        <h2 id="cart-drawer-title">{t("shop.cart.title")}</h2>
        <button type="button" className="cart-drawer__close" onClick={() => dialog.current?.close()} aria-label={t("shop.cart.close")}>
          ×
        </button>
      </div>
      {data ? (
        <CartView cart={data.cart} checkoutHref={data.checkoutHref} language={data.language} />
      ) : (
        <p aria-live="polite">{t("shop.cart.loading")}</p>
      )}
    </dialog>
  );
}
