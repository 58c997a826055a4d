/**
 * The module every browser entry point imports (the client entry, each route with a view, and the modules in
 * app/lazy/): the translation hook (./translation) and the bundling hints below. Only those entry points import it;
 * components and shared code take the hook from ./translation, so no import runs back up (docs/architecture.md).
 */
export * from "./translation";

/*
 * A bundling hint, not code anyone calls (docs/decisions/0021-javascript-budget.md). The Remix compiler gives esbuild
 * no say over chunks: a small module shared by some routes becomes a file of its own, and the home page fetched 21
 * of them. esbuild files a module with the others reached from the same entry points, so naming these small, widely
 * used modules here, in the module the client entry and every page reach, puts them in the one long-cached file with
 * React and Remix.
 */
export * as bundledAreaMessages from "./area-messages";
export * as bundledConfig from "~/shared/language";
export * as bundledMoney from "~/shared/money";
export * as bundledProduct from "~/shared/product";
export * as bundledStorefront from "~/shared/storefront";
export * as bundledToastMessages from "~/shared/toast-messages";
export * as bundledMeta from "~/utils/meta";
export * as bundledErrorPage from "~/components/error-page";
export * as bundledErrorBoundary from "~/components/error-boundary";
export * as bundledToast from "~/components/toast";
export * as bundledFlashToast from "~/components/shop/flash-toast";
export * as bundledPrice from "~/components/shop/price";
export * as bundledProductCard from "~/components/shop/product-card";
export * as bundledCartDrawer from "~/components/shop/cart-drawer";
export * as bundledSearchBox from "~/components/shop/search-box";
export { default as bundledShopStyles } from "~/styles/shop.css";
