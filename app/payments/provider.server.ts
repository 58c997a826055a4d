/**
 * What the checkout needs from a payment gateway. It fits hosted-page gateways (MyFatoorah, Tap, a KNET bank
 * gateway): create a payment, send the shopper to `redirectUrl`, and later ask the gateway, server to server,
 * what became of it. The shop never trusts a query parameter or the browser for the outcome.
 */
export type RemotePaymentStatus = "pending" | "paid" | "declined" | "failed";

export type CreatePaymentInput = {
  /** Our Payment row's id: the gateway echoes it back (order session id of SPEC section 3). */
  reference: string;
  orderNumber: string;
  amountFils: number;
  customerEmail: string;
  language: "ar" | "en";
  /** Where the gateway sends the shopper back; the return page then verifies the payment server to server. */
  returnUrl: string;
};

export type RemotePayment = {
  status: RemotePaymentStatus;
  amountFils: number;
  cardLast4?: string;
  /** A short reason for a decline, safe to show. */
  message?: string;
};

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<{ providerPaymentId: string; redirectUrl: string }>;
  getPaymentStatus(providerPaymentId: string): Promise<RemotePayment>;
  /**
   * A gateway's webhook: checks its signature and names the payment it is about, or null when the signature
   * is wrong. The caller then asks `getPaymentStatus`, so a webhook body is never trusted by itself.
   */
  parseWebhook(request: Request): Promise<{ providerPaymentId: string } | null>;
}
