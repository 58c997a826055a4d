import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import type { CartJson } from "~/shared/cart";

// The drawer's contents are only drawn once /cart.json has answered, so their code is fetched then, not with every
// page's first load (the /cart page imports the same module directly).
const loadCartView = () => import("~/lazy/cart-view");
const CartView = lazy(() => loadCartView().then((module) => ({ default: module.CartView })));

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
 * It shows /cart.json, so prices come from the database; without JavaScript the button is a link to /cart.
 */
export function CartDrawer({ cartCount }: { cartCount: number }) {
  const { t } = useTranslation();
  const [data, setData] = useState<CartJson | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  const refresh = useCallback(async () => {
    void loadCartView();
    try {
      const response = await fetch("/cart.json", { headers: { Accept: "application/json" } });
      if (response.ok) setData((await response.json()) as CartJson);
    } catch {
      // offline: the drawer keeps what it showed; the /cart page still works
    }
  }, []);

  const open = useCallback(() => {
    void refresh();
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [refresh]);

  useEffect(() => {
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, [open]);

  // Every cart change moves the header's count (the root loader revalidates after it): read the cart again, which
  // also keeps the localStorage mirror in step, including changes made in another tab or without JavaScript.
  useEffect(() => {
    if (dialog.current?.open || storedCount() !== cartCount) void refresh();
  }, [cartCount, refresh]);

  useEffect(() => {
    dialog.current?.close();
  }, [location.pathname]);

  return (
    <dialog ref={dialog} className="cart-drawer" aria-labelledby="cart-drawer-title" data-testid="cart-drawer">
      <div className="cart-drawer__header">
        <h2 id="cart-drawer-title">{t("shop.cart.title")}</h2>
        <button type="button" className="cart-drawer__close" onClick={() => dialog.current?.close()} aria-label={t("shop.cart.close")}>
          ×
        </button>
      </div>
      {data ? (
        <Suspense fallback={<p aria-live="polite">{t("shop.cart.loading")}</p>}>
          <CartView {...data} />
        </Suspense>
      ) : (
        <p aria-live="polite">{t("shop.cart.loading")}</p>
      )}
    </dialog>
  );
}
