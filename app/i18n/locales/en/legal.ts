import type { LegalDocument } from "../legal-types";

// Served by the legal pages' loaders only, so these long texts never reach the JavaScript a phone downloads.

export const terms: LegalDocument = {
  title: "Terms and Conditions",
  description:
    "The terms of buying from {{shop}} in Kuwait: prices, online payment, delivery and its promised day, cancelling a late order, 14-day returns, and privacy.",
  updated: "Last updated: 29 November 2026",
  sections: [
    {
      heading: "1. General information",
      paragraphs: [
        "{{shop}} is a shop in Kuwait, selling girls' hair accessories and school accessories online and in the shop.",
        "By placing an order on this website you accept these terms. Please read them before you buy.",
      ],
    },
    {
      heading: "2. Products and pricing",
      paragraphs: [
        "Prices are in Kuwaiti dinar (KD) and include the product only. Colours in photos may differ slightly from the real product.",
        "When a product is on sale, the old price is shown crossed out next to the new one. We may change prices at any time; the price you pay is the one shown when you place your order.",
        "Personalised products (for example a printed name) are made with the text you enter, exactly as written.",
      ],
    },
    {
      heading: "3. Payment",
      paragraphs: [
        "Payment is online only, by KNET debit card or bank card. We do not accept cash on delivery.",
        "An order is processed only after its payment has succeeded. If the payment fails, the order is not prepared and you are not charged.",
      ],
    },
    {
      heading: "4. Delivery",
      paragraphs: [
        "We deliver within Kuwait only. Delivery fees are variable: they depend on your area and are shown at checkout before you pay.",
        "We deliver to the address you give at checkout; please make sure it is complete and that someone can receive the order.",
        "Every order is promised by a delivery day: the day you choose at checkout when we offer delivery times, otherwise the day you order plus {{deliveryDays}} days (Kuwait time). It is shown at checkout before you pay and on your order. If we expect a delay we tell you by message; a delay notice does not move the promised day.",
        "If a paid order has not been delivered {{lateDays}} days after its promised day, you may cancel it from My Orders or from the order's page (with its phone number): everything you paid, delivery included, is refunded in full through the payment you used, and you receive a credit note.",
      ],
    },
    {
      heading: "5. Return and exchange",
      paragraphs: [
        "You may return or exchange an item within 14 days of delivery.",
        "Items must be unused and in their original packaging. Any gift you received with the order must be returned too.",
        "For a return, the price of the returned items is refunded through the payment you used, with a credit note. Delivery and gift-wrapping fees are not refunded, except when a late order is cancelled (section 4).",
        "Ask for a return or an exchange from My Orders or from the order's page (with its phone number), then bring the items to our physical shop (its address is under \"Contact us\" below) with your order number or invoice.",
        "Personalised items made with your text cannot be returned unless they arrive damaged or different from what you ordered.",
      ],
    },
    {
      heading: "6. Privacy",
      paragraphs: [
        "We use your name, phone number, e-mail and address only to process and deliver your order and to contact you about it.",
        "We do not share your data with third parties except for delivery or payment. Our privacy policy explains this in full.",
      ],
    },
    {
      heading: "7. Disclaimer",
      paragraphs: [
        "Our accessories are not toys for small children: small parts such as clips and beads can be a choking hazard. Please supervise young children.",
        "We are not responsible for delays caused by events beyond our control, or by an incorrect address given at checkout.",
        "For any question, contact us by e-mail or phone as shown under \"Contact us\" below and at the bottom of every page.",
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: "Privacy Policy",
  description:
    "How {{shop}} uses your data: only to process, pay for and deliver your order, never shared except for delivery or payment.",
  updated: "Last updated: 1 September 2025",
  sections: [
    {
      heading: "1. Who we are",
      paragraphs: [
        "{{shop}} is a shop in Kuwait. This policy explains what we do with the data you give us when you use this website.",
      ],
    },
    {
      heading: "2. What we collect",
      paragraphs: [
        "When you order: your full name, e-mail, phone number and delivery address, and the items you ordered.",
        "When you create an account: your e-mail and a password, which we store only in a protected (hashed) form.",
        "Your card number and CVV are entered on the payment page and are never stored by us.",
      ],
    },
    {
      heading: "3. How we use it",
      paragraphs: [
        "To process your order, take the payment, deliver it, send you your invoice and contact you about your order.",
        "Payment is online only, and an order is processed only after its payment has succeeded.",
      ],
    },
    {
      heading: "4. Sharing",
      paragraphs: [
        "We do not share your data with third parties except for delivery or payment: the delivery driver receives your name, phone and address, and the payment provider receives what it needs to take the payment.",
        "We never sell your data or use it for advertising.",
      ],
    },
    {
      heading: "5. Cookies and storage",
      paragraphs: [
        "We use a few cookies that the shop needs to work: your language, your cart and, when you sign in, your session. We use no advertising or tracking cookies.",
        "When you open our shop from one of our campaign links (an advertisement or a post on Instagram, Facebook, Google, TikTok or Snapchat), a cookie of our own remembers for 30 days the campaign only: its source, medium and name, not who you are, and not the click's identifier. If you order in that time, the order keeps that campaign so we know which campaigns bring orders; a later campaign link does not replace it, and after 30 days the cookie is gone. No third-party script runs on our pages, and nothing about your visit is sent to the advertising networks.",
      ],
    },
    {
      heading: "6. Your rights",
      paragraphs: [
        "You may ask us to see, correct or delete your data at any time by e-mail or phone. Order records we must keep by law are kept only as long as needed.",
      ],
    },
  ],
};
