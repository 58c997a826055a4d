/**
 * The e-mails the shop sends (issue 29): worded by the server only, so no browser module carries this table. Values
 * such as {{name}} are put in by `wordText` (app/mail/compose.server.ts), never by i18next, so a "$" in a name stays.
 */
export const mail = {
  mail: {
    totals: {
      products: "Products total: {{amount}}",
      discount: "Discount ({{code}}): {{amount}}",
      delivery: "Delivery fee: {{amount}}",
      total: "Total: {{amount}}",
    },
    paid: {
      subject: "Order {{number}} confirmed",
      thanks: "Thank you, {{name}}! Your payment of {{total}} for order {{number}} was received.",
      invoice: "Your invoice: {{link}}",
      invoiceLink: "View your invoice",
    },
    ownerPaid: {
      subject: "New paid order {{number}} ({{total}})",
      heading: "Order {{number}} was paid.",
      customer: "Customer: {{name}}, {{phone}}, {{email}}",
      address: "Delivery address:",
      notes: "Notes: {{notes}}",
      open: "Open the order: {{link}}",
      openLink: "Open order {{number}}",
    },
    lowStock: {
      subject: "Low stock {{day}}: {{products}} products",
      heading: "Low stock on {{day}}: {{products}} products at or below their alert level.",
      level: "{{left}} left (alert at {{threshold}})",
      all: "All of them: {{link}}",
      allLink: "All low-stock products",
    },
    phone: {
      paid: "Timsar: thank you! Order {{number}} is paid. {{link}}",
      processing: "Timsar: we are preparing order {{number}}. {{link}}",
      outForDelivery: "Timsar: order {{number}} is on its way today. {{link}}",
      delivered: "Timsar: order {{number}} was delivered. Enjoy! {{link}}",
      cancelled: "Timsar: order {{number}} was cancelled. {{link}}",
      refund: "Timsar: a refund for order {{number}} was made. {{link}}",
      delay: "Timsar: sorry, order {{number}} will arrive on {{date}}. {{link}}",
    },
    orderUpdate: {
      subject: "Order {{number}}: {{what}}",
      hello: "Hello {{name}},",
      processing: "we are preparing your order {{number}} with care.",
      outForDelivery: "your order {{number}} is on its way to you today.",
      delivered: "your order {{number}} was delivered. We hope you love it!",
      cancelled: "your order {{number}} was cancelled. If you did not expect this, just reply to this e-mail.",
      delay: "your order {{number}} is taking longer than we hoped: it will arrive on {{date}}. We are sorry for the wait.",
      short: { processing: "being prepared", outForDelivery: "on its way", delivered: "delivered", cancelled: "cancelled" },
      delayShort: "arriving on {{date}}",
      invoice: "Your order and invoice: {{link}}",
      invoiceLink: "View your order and invoice",
      thanks: "Thank you for shopping with Timsar Accessories.",
    },
    creditNote: {
      subject: "Credit note {{number}} for order {{order}}",
      refunded: "Hello {{name}}, a refund of {{amount}} was made for your order {{order}} of {{date}}.",
      attached: "Credit note {{number}} is attached. What stays paid for the order: {{remaining}}.",
      bank: "The money goes back to the card or KNET account you paid with; your bank may take a few days to show it.",
      link: "Your credit note: {{link}}",
      linkLabel: "View your credit note",
    },
    verificationCode: {
      subject: "Your Timsar Accessories verification code",
      heading: "Confirm your e-mail",
      code: "Your verification code is {{code}}.",
      valid: "It is valid for {{minutes}} minutes and can be used once.",
      ignore: "If you did not ask for it, you can ignore this e-mail.",
    },
    resetCode: {
      subject: "Your Timsar Accessories password reset code",
      heading: "Reset your password",
      code: "Your password reset code is {{code}}.",
      valid: "It is valid for {{minutes}} minutes and can be used once.",
      ignore: "If you did not ask to reset your password, ignore this e-mail: your password stays the same.",
    },
    alreadyRegistered: {
      subject: "You already have a Timsar Accessories account",
      heading: "You already have an account",
      body: "Someone asked to register this e-mail, but it already has an account. Sign in at {{login}} or reset your password at {{reset}}.",
      ignore: "If it was not you, you can ignore this e-mail.",
    },
    passwordChanged: {
      subject: "Your Timsar Accessories password was changed",
      heading: "Your password was changed",
      body: "The password of your account was just changed and every device was signed out.",
      act: "If it was not you, reset your password right away and contact us.",
    },
  },
};
