import { prisma } from "~/db.server";
import type { Language } from "~/shared/language";
import { localized } from "~/shared/language";
import { getDeliveryArea } from "~/models/shop/index.server";
import type { AddressParts } from "~/shared/address-line";

/**
 * What the thank-you page shows of a paid order to the browser that placed it or its owner (issue 43, point 11):
 * its lines in the page's language, its total and where it goes. Nothing once housekeeping removed its personal data.
 */
export async function paidOrderSummaryOf(orderId: string, language: Language) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      totalFils: true,
      promisedBy: true,
      deliveryFrom: true,
      deliveryTo: true,
      personalDataRemovedAt: true,
      buildingType: true,
      city: true,
      street: true,
      streetNumber: true,
      block: true,
      buildingNumber: true,
      floor: true,
      apartmentNumber: true,
      items: { orderBy: { id: "asc" }, select: { id: true, nameEn: true, nameAr: true, quantity: true, priceFils: true, optionValues: true } },
    },
  });
  if (!order || order.personalDataRemovedAt) return null;
  const area = await getDeliveryArea(order.city);
  const address: AddressParts = { ...order, floor: order.floor ?? "", apartmentNumber: order.apartmentNumber ?? "" };
  return {
    totalFils: order.totalFils,
    promisedBy: order.promisedBy,
    // The window chosen at checkout, on the promised day.
    slot: order.deliveryFrom && order.deliveryTo ? { from: order.deliveryFrom, to: order.deliveryTo } : null,
    areaName: area ? localized(language, { en: area.nameEn, ar: area.nameAr }) : order.city,
    address,
    items: order.items.map((item) => {
      const options = Array.isArray(item.optionValues) ? (item.optionValues as { en: string; ar: string }[]) : [];
      return {
        id: item.id,
        name: localized(language, { en: item.nameEn, ar: item.nameAr }),
        options: options.map((value) => localized(language, value)).join(" / "),
        quantity: item.quantity,
        lineFils: item.priceFils * item.quantity,
      };
    }),
  };
}
