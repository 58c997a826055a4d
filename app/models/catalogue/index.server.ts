export { createCategory, deleteCategory, getAdminCategory, listAdminCategories, toggleCategory, updateCategory } from "./admin-category.server";
export { type AdminProduct, createProduct, deleteProduct, getAdminProduct, listAdminProducts, onHandOf, productFormDefaults, type ProductInput, toggleProduct, updateProduct } from "./admin-product.server";
export { type CategoryRow, getVisibleCategories, getVisibleCategoryBySlug } from "./category.server";
export { feedChangedAt, type FeedItem, listFeedItems } from "./feed.server";
export { kuwaitDayAndHour, listLowStockProducts, lowStockProductsWhere, sendLowStockDigestIfDue, startLowStockDigest } from "./low-stock.server";
export { searchStorefrontProducts, searchVisibleProducts } from "./product-search.server";
export { type OptionText, optionTexts, optionValuesLabel, pickVariant, type ProductOwnSale, saleVariantsOf, type SaleUnit, saleUnitOf } from "./product-variant.server";
export { getProductsForSale, getStorefrontProducts, getVisibleProduct, getVisibleProductIds, getVisibleProducts, isInStock, type ProductForSale, type ProductDetail, productImages, showsDiscount, STOREFRONT_PAGE_SIZE } from "./product.server";
export { confirmStockNoticeAddress, findStockNoticeAddress, findStockNoticeEmail, noticeStockReturned, sendBackInStockNotices, signUpForStockNotice, startStockNotices, unsubscribeStockNotices } from "./stock-notice.server";
