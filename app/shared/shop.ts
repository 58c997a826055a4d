/** The shop's public contact details, shown in the footer and on invoices. */
export const SHOP_CONTACT = {
  email: "hello@timsar-accessories.com",
  phone: "+965 6000 0000",
  instagramUrl: "https://www.instagram.com/timsar.accessories",
};
