// The cart drawer's contents, loaded once /cart.json has answered (app/components/shop/cart-drawer.tsx). Like a
// route, this entry point of the browser build imports ~/i18n/react, so the bundling hints share React's file
// (docs/decisions/0021-javascript-budget.md).
import "~/i18n/react";
export { CartView } from "~/components/shop/cart-view";
