/**
 * Back in stock (issue 16): the sign-up's answers, the unsubscribe page and the mail. The server words all of them
 * (the product page's action, the unsubscribe page's loader, the mail job), so no browser module carries this table;
 * the form's own labels are in product-page.ts.
 */
export const stockNotices = {
  stockNotices: {
    answers: {
      received:
        "Thank you. We will e-mail {{email}} once when this product is back in stock. If this address has not confirmed back-in-stock e-mails before, look in its inbox for our confirmation link first: until it is confirmed we send nothing else.",
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
    confirm: {
      title: "Confirm back-in-stock e-mails",
      question: "Send back-in-stock e-mails to {{email}}? Someone asked for them on our shop; we send nothing until this address confirms.",
      button: "Yes, send them",
      done: "Confirmed: {{email}} will get one e-mail for each product it waits for, when the product is back in stock.",
      unknown: "This confirmation link is not valid: it is incomplete, or the address has stopped back-in-stock e-mails since. You need to do nothing.",
    },
    confirmMail: {
      subject: "Confirm back-in-stock e-mails from {{shop}}",
      heading: "Did you ask for back-in-stock e-mails?",
      body: "Someone entered this address on our shop to hear when a product is back in stock. We send nothing until you confirm:",
      ignore: "If it was not you, ignore this e-mail: you will get no other.",
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
