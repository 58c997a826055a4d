/** The kinds of building a delivery address can be (SPEC section 5), without the schema around them. */
export const BUILDING_TYPES = ["Apartment", "Villa", "Office"] as const;
