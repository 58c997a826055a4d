import type { InvoiceData } from "~/pdf/order-sections.server";
import { streetName } from "~/shared/street";

/**
 * The delivery address in English and in Arabic, a line per part; the owner's paid-order mail shows the same. The
 * street is named without the word "street" the shopper may have typed (issue 43: "شارع شارع بغداد"). Apart from
 * the drawing, so that the mail writes these lines without loading pdfkit.
 */
export function addressLines(order: Pick<InvoiceData, "buildingType" | "city" | "cityAr" | "block" | "street" | "streetNumber" | "buildingNumber" | "floor" | "apartmentNumber">) {
  const en = [
    `${order.buildingType}, ${order.city}`,
    `Block ${order.block}, Street ${streetName(order.street)}, No. ${order.streetNumber}, Building ${order.buildingNumber}`,
    [order.floor && `Floor ${order.floor}`, order.apartmentNumber && `Apt/House ${order.apartmentNumber}`].filter(Boolean).join(", "),
  ];
  const ar = [
    `${({ Apartment: "شقة", Villa: "فيلا", Office: "مكتب" } as Record<string, string>)[order.buildingType] ?? order.buildingType}، ${order.cityAr}`,
    `قطعة ${order.block}، شارع ${streetName(order.street)}، رقم ${order.streetNumber}، مبنى ${order.buildingNumber}`,
    [order.floor && `الدور ${order.floor}`, order.apartmentNumber && `شقة/منزل ${order.apartmentNumber}`].filter(Boolean).join("، "),
  ];
  return { en: en.filter(Boolean).join("\n"), ar: ar.filter(Boolean).join("\n") };
}
