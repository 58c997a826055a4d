/** The kinds of building a delivery address can be (SPEC section 5), without the schema around them. */
export const BUILDING_TYPES = ["Apartment", "Villa", "Office"] as const;

export type BuildingType = (typeof BUILDING_TYPES)[number];

/** The building type in the page's language ("Villa" → "فيلا"); a type the shop no longer offers shows as stored. */
export function buildingTypeLabel(stored: string, translate: (key: `checkout.${Lowercase<BuildingType>}`) => string): string {
  return (BUILDING_TYPES as readonly string[]).includes(stored) ? translate(`checkout.${stored.toLowerCase() as Lowercase<BuildingType>}`) : stored;
}
