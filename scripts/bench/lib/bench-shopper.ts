/** The guest whose orders the order-placing benches place through `placeOrder`, delivered to `city`. */
export function benchShopperDetails(city: string) {
  return {
    buildingType: "Apartment" as const,
    fullName: "سارة أحمد",
    email: "bench@example.com",
    phone: "60000000",
    city,
    street: "Tunis Street",
    streetNumber: "12",
    block: "3",
    buildingNumber: "7",
  };
}
