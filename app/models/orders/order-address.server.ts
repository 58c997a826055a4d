import type { Prisma } from "~/db.server";

/** The columns of an order's delivery address and who receives it: the invoice, the packing slip and a retried checkout read these. */
export const deliveryAddressSelect = {
  fullName: true,
  phone: true,
  buildingType: true,
  city: true,
  block: true,
  street: true,
  streetNumber: true,
  buildingNumber: true,
  floor: true,
  apartmentNumber: true,
  notes: true,
} as const satisfies Prisma.OrderSelect;
