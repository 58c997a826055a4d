/**
 * Whether an action answered with the payment page to go to (the checkout once its order is placed): the page shows
 * its toast and leaves. Nothing needs loading again on the way out: the revalidation would be one more round trip on
 * a slow network, and what it brought back (the cart read again, an error) could take the form, and the redirect it
 * holds, away before the browser leaves.
 */
export function leavesForPayment(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && typeof (actionResult as { paymentUrl?: unknown }).paymentUrl === "string";
}
