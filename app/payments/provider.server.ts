/**
 * What the checkout needs from a payment gateway. It fits hosted-page gateways (MyFatoorah, Tap): list the ways
 * to pay, create a payment, send the shopper to `redirectUrl`, and later ask the gateway, server to server, what
 * became of it. The shop never trusts a query parameter, a webhook body or the browser for the outcome.
 */
export type RemotePaymentStatus = "pending" | "paid" | "declined" | "failed" | "cancelled";

export type PaymentMethodKind = "knet" | "card" | "applepay";

/** One way to pay that the gateway offers for this amount: `id` is the gateway's own (MyFatoorah's PaymentMethodId, Tap's source id). */
export type PaymentMethod = { id: string; kind: PaymentMethodKind };

export type CreatePaymentInput = {
  /** Our Payment row's id (`ps_…`): the gateway stores and echoes it back (MyFatoorah CustomerReference, Tap reference.transaction). */
  reference: string;
  orderId: string;
  orderNumber: string;
  /** The order's whole total (products + delivery) in fils; gateways get KWD with 3 decimals. */
  amountFils: number;
  customer: { name: string; email: string; phone: string };
  language: "ar" | "en";
  /** One of `listMethods`' ids. */
  methodId: string;
  /** `APP_URL/payment/return?orderId=…`: where the gateway sends the shopper back, after success or failure. */
  returnUrl: string;
  /** `APP_URL/api/payment/webhook/{provider}`: where the gateway posts its events (Tap's `post.url`). */
  webhookUrl: string;
};

export type RemotePayment = {
  status: RemotePaymentStatus;
  /** The gateway's id of the payment as it reports it (MyFatoorah InvoiceId, Tap charge id): the caller checks it is ours. */
  providerPaymentId: string;
  /** Our reference as the gateway echoes it back, or null when it has none. */
  reference: string | null;
  amountFils: number;
  /** ISO 4217, as the gateway reports it ("KWD"). */
  currency: string;
  cardLast4?: string;
  /** A short reason for a decline, safe to show. */
  message?: string;
};

/** What the gateway holds of a refund we asked for, found by our reference. */
export type RemoteRefund = { refundId: string; status: "pending" | "refunded" | "cancelled" };

export type RefundInput = {
  providerPaymentId: string;
  amountFils: number;
  /** Our refund row's id, sent as the gateway's reference so a retry can be recognised. */
  reference: string;
  reason: string;
};

/** Why a gateway call failed: the caller shows a bilingual message and keeps the order as it was. */
export type GatewayFault = "timeout" | "unavailable" | "refused" | "malformed";

export class PaymentGatewayError extends Error {
  constructor(
    readonly fault: GatewayFault,
    message: string,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * True for gateways: the shopper picks KNET, card or Apple Pay on the shop's /payment page, and only then is the
   * payment created at the gateway. False for the test provider, whose payment is made with the order and whose
   * card page is /payment itself.
   */
  readonly choosesMethodOnShop: boolean;
  /**
   * False when the gateway may still report a payment paid after it reported it declined or cancelled: a MyFatoorah
   * invoice holds several transactions and is Paid once any of them succeeds, and KNET may send its failure before
   * its success ("a successful payment status overrides any other status"). The shop then asks again about such an
   * attempt when the gateway calls (webhook, return page) and before its order's hold ends. True for Tap, whose
   * declined charge is final, and the test provider.
   */
  readonly declinesAreFinal: boolean;
  listMethods(input: { amountFils: number; language: "ar" | "en" }): Promise<PaymentMethod[]>;
  createPayment(input: CreatePaymentInput): Promise<{ providerPaymentId: string; redirectUrl: string }>;
  /**
   * Asks the gateway about a payment. `returned` is the query string the gateway added to the return URL
   * (MyFatoorah `paymentId`, Tap `tap_id`): a provider may look the payment up by it; it always reports the ids the
   * gateway gave back, and the caller compares them with its own before believing anything.
   */
  getPaymentStatus(providerPaymentId: string, returned?: URLSearchParams): Promise<RemotePayment>;
  refund(input: RefundInput): Promise<{ refundId: string; status: "pending" | "refunded" }>;
  /**
   * Asks the gateway whether it recorded the refund we sent with this reference (after a timeout the shop cannot
   * know): the refund, or null when the gateway has none with that reference, so sending it again is safe.
   */
  findRefund(input: { providerPaymentId: string; reference: string }): Promise<RemoteRefund | null>;
  /**
   * A gateway's webhook: checks its signature and names the payment it is about, or null when the signature
   * is wrong or missing. The caller then asks `getPaymentStatus`, so a webhook body is never trusted by itself.
   */
  parseWebhook(request: Request): Promise<{ providerPaymentId: string } | null>;
}
