/** A delivery address as an order keeps it, without who receives it. */
export type AddressParts = {
  buildingType: string;
  city: string;
  street: string;
  streetNumber: string;
  block: string;
  buildingNumber: string;
  floor: string;
  apartmentNumber: string;
};

/**
 * One line a shopper recognises her address by (the saved addresses of the checkout, the thank-you page): the area
 * in the page's language (`areaName`), then block, street, building, floor and apartment with their labels.
 */
export function addressLine(address: AddressParts, areaName: string, t: (key: "checkout.block" | "checkout.buildingNumber" | "checkout.floor" | "checkout.apartmentNumber" | "checkout.addressSeparator") => string): string {
  const parts = [
    areaName,
    `${t("checkout.block")} ${address.block}`,
    `${address.street} ${address.streetNumber}`.trim(),
    `${t("checkout.buildingNumber")} ${address.buildingNumber}`,
    address.floor ? `${t("checkout.floor")} ${address.floor}` : "",
    address.apartmentNumber ? `${t("checkout.apartmentNumber")} ${address.apartmentNumber}` : "",
  ];
  return parts.filter(Boolean).join(t("checkout.addressSeparator"));
}
