export { creditNoteListSelect, getCreditNote, getCreditNoteForMail, getCreditNotePdf, issueCreditNotes, markCreditNoteMailed, newCreditNoteNumber } from "./credit-note.server";
export { confirmPayment, confirmPaymentByProviderId, STATUS_CACHE_MS, verifyOrderPayment } from "./payment-confirm.server";
export { expireReservations, reconcilePayments, startPaymentJobs } from "./payment-jobs.server";
export { hitPaymentLimits, PAYMENT_LIMITS, retryAfter } from "./payment-limits.server";
export { ATTEMPT_REUSE_MINUTES, beginGatewayPayment, getPaymentSession, latePaymentState, listPaymentMethods, METHOD_LIST_MINUTES, newPaymentSession, payAgainSessionOf, paymentPathOf, PaymentStartError, isLateRefusal, type LateRefusal, placeOrderAndStartPayment, readyPaymentSession, testAttemptToPay } from "./payment-start.server";
export { getReminderStop, type ReminderParams, remindUnpaidOrders, startPaymentReminders, stopPaymentReminders, stopRemindersPath } from "./payment-reminders.server";
export { RefundError, refundOrder } from "./refund.server";
