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
  },
};
