/** Answers of the JSON API and of refused requests: only the server says them, so no page carries them. */
export const api = {
  api: {
    catalogue: {
      productNotFound: "Product not found",
      categoryNotFound: "Category not found",
      invalidCategory: "Invalid category",
    },
    whatsApp: {
      verificationRefused: "Webhook verification refused: the verify token does not match.",
      invalidSignature: "Invalid webhook signature.",
    },
    creditNote: {
      notFound: "No credit note has this number.",
      private: "This credit note is private.",
    },
    lateCancel: {
      notFound: "No order has this number.",
      wrongPhone: "This phone number does not match the order.",
      tooEarly: "This order can be cancelled for lateness only 14 days after its promised delivery day.",
      notPaid: "This order is not paid, so there is nothing to refund.",
      delivered: "This order was delivered: ask for a return instead.",
      cancelled: "This order is already cancelled.",
      busy: "This order is being cancelled already. Please look again in a minute.",
      refundRefused: "The payment provider refused the refund, so your order was not cancelled. Please try again later or contact us.",
      refundUnanswered: "The payment provider did not answer, so your order is not cancelled yet. Please try again in a few minutes: you will not be refunded twice.",
      done: "Your order is cancelled and everything you paid is being refunded.",
    },
    methodNotAllowed: "Method not allowed",
    usePost: "Use POST for this address.",
    invalidJson: "Request body must be valid JSON.",
    formUnreadable: "The form could not be read.",
    crossSiteRefused: "Cross-site request refused.",
    formTooLarge: "The request is too large: forms and JSON may be at most {{limit}} KB.",
    uploadTooLarge: "The upload is too large: at most {{limit}} MB may be sent at once.",
    tooLargeTitle: "Request too large",
    invalidPaging: "{{name}} must be a whole number from {{min}} to {{max}}.",
    unreadableAddress: "The address of this request could not be read.",
    legacyDataRequest: "This shop does not answer ?_data= requests.",
    formExpected: "This address takes a form: application/x-www-form-urlencoded or multipart/form-data.",
    feedLanguage: "The feed's language (lang) must be ar or en.",
    unknownAddress: "This API has no such address.",
  },
};
