/**
 * Texts the loaders put into words on the server: page titles and descriptions for the document's <head>, and the
 * search page's headings and messages. No page carries this table in its JavaScript.
 */
export const pageTexts = {
  pageTexts: {
    defaultDescription:
      "Girls' hair accessories and school accessories in Kuwait: bows, clips, headbands, bags and more, delivered across Kuwait.",
    homeTitle: "{{shop}}: hair and school accessories in Kuwait",
    homeDescription:
      "Girls' hair accessories and school accessories in Kuwait: bows, clips, headbands, bags and more, delivered across Kuwait.",
    categoryTitle: "{{category}}: hair and school accessories",
    categoryDescription: "Shop {{category}} at {{shop}}, delivered across Kuwait. Prices in KD.",
    cartTitle: "Your cart",
    cartDescription: "The items in your cart at {{shop}}.",
    notFoundTitle: "Product not found",
    searchTitle: "Search: {{query}}",
    searchEmptyTitle: "Search",
    searchDescription: "Products at {{shop}} matching {{query}}.",
    searchResultsHeading: "Search results",
    errorReference: "If you contact us about it, give this reference: {{id}}",
    searchRelevance: "Best match",
    searchNoResults: "No products match “{{query}}”. Try another word or fewer words.",
    searchPrompt: "Type a product name or a word from its description.",
    feedDescription: "The products of {{shop}}, with their prices and stock.",
    // The colour filter's names: sent by the loader with the sorts, so they cost the home page no JavaScript.
    colors: {
      kindergartenBlue: "Kindergarten blue",
      primaryPink: "Primary pink",
      middleIndigoBlue: "Middle indigo blue",
      secondaryNavyBlue: "Secondary navy blue",
      white: "White",
    },
    sorts: {
      default: "Default",
      priceAsc: "Price: low to high",
      priceDesc: "Price: high to low",
      bestSellers: "Best sellers",
    },
  },
};
