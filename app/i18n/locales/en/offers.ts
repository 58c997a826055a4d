/**
 * Discount codes and free delivery (issue 16): what the server says about a shopper's code and the free-delivery
 * line of the cart and checkout. Only the server puts these into words, so no page carries them in its JavaScript.
 */
export const offers = {
  offers: {
    couponApplied: "Discount code {{code}} applied.",
    couponRemoved: "Discount code removed.",
    coupon: {
      unknown: "This discount code is not valid.",
      notStarted: "This discount code cannot be used yet.",
      expired: "This discount code has expired.",
      usedUp: "This discount code has been used up.",
      alreadyUsed: "You have already used this discount code.",
      belowMinimum: "This discount code needs a products total of at least {{amount}}.",
      tooManyAttempts: "Too many discount codes were tried from here. Please wait {{minutes}} minutes and try again.",
    },
    missingForFreeDelivery: "Add {{amount}} more for free delivery",
    freeDeliveryReached: "Delivery is free on this order",
  },
};
