/**
 * Back in stock (issue 16): the sign-up's answers, the unsubscribe page and the mail. The server words all of them
 * (the product page's action, the unsubscribe page's loader, the mail job), so no browser module carries this table;
 * the form's own labels are in product-page.ts.
 */
export const stockNotices = {
  stockNotices: {
    answers: {
      saved: "Done: we will e-mail {{email}} once, when this product is back in stock.",
      already: "{{email}} is already on the list for this product: you will get one e-mail when it is back.",
      inStock: "This product is in stock now: you can order it right away.",
      notFound: "This product does not exist or is no longer on sale.",
    },
    unsubscribe: {
      title: "Back-in-stock e-mails",
      confirm: "Stop back-in-stock e-mails to {{email}}? Every product this address is waiting for is removed from the list.",
      button: "Stop these e-mails",
      done: "Done: {{email}} is off the list and gets no more back-in-stock e-mails, unless it signs up again on a product page.",
      unknown: "This link is not valid any more: the address was already removed from the list, or the link is incomplete. You need to do nothing.",
      backToShop: "Back to Shop",
    },
    mail: {
      subject: "{{product}} is back in stock",
      heading: "Good news: {{product}} is back in stock",
      body: "You asked us to tell you when {{product}} was available again. It is, while stock lasts:",
      link: "View the product",
      once: "This is the only e-mail we send you about this product.",
      unsubscribe: "Stop all back-in-stock e-mails to this address:",
    },
  },
};
