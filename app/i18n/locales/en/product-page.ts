/**
 * The product page's own texts, a section of `shop`: the browser fetches them with the product page
 * (app/i18n/browser/areas/product.ts), so the other catalogue pages do not carry them.
 */
export const productPage = {
  shop: {
    product: {
      failed: "Failed to load product",
      notFound: "Product not found",
      notFoundBody: "This product does not exist or is no longer on sale.",
      inStock: "In Stock",
      outOfStock: "Out of Stock",
      zoom: "Enlarge image",
      closeZoom: "Close enlarged image",
      images: "Product images",
      showImage: "Show image {{number}}",
      options: "Personalise",
      required: "required",
      optional: "optional",
      color: "Colour",
      level: "School stage",
      backToShop: "Back to Shop",
      soldOut: "sold out",
      shareWhatsApp: "Share on WhatsApp",
    },
    stockNotice: {
      title: "Tell me when it is back",
      intro: "Leave your e-mail and we will send you one message when this product is in stock again.",
      email: "E-mail",
      submit: "Notify me",
    },
  },
};
