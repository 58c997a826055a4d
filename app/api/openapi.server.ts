/**
 * The OpenAPI 3.1 document served at `/api/openapi.json`: one entry per API operation below, built with
 * `z.toJSONSchema` from the zod schemas the routes validate with (request bodies, parameters) and from
 * responses.server.ts (answers). Adding an `app/routes/api.*.ts` file means adding its operations here; a test fails
 * until every route file is in the document, and the API tests fail when an answer drifts from it.
 */
import { z } from "zod";
import { ChangePasswordSchema, EmailSchema, LoginSchema, ResetCodeSchema, ResetPasswordSchema, SetPasswordSchema, VerifyCodeSchema } from "~/shared/account-schemas";
import { AdminLoginSchema } from "~/shared/admin-schemas";
import { AuditQuerySchema, StaffInviteSchema, StaffUpdateSchema } from "~/shared/staff-schemas";
import { CheckoutSchema } from "~/shared/checkout-schema";
import { CategoryParamsSchema as CategoryParams, OrderPayloadSchema, OrderStatusBodySchema as OrderStatusBody, PayBodySchema, ProductParamsSchema as ProductParams, ProductsQuerySchema as ProductsQuery, LateCancelBodySchema, ReturnRequestBodySchema, ReturnStatusBodySchema } from "./request-schemas.server";
import { RETURN_STATUSES } from "~/shared/returns";
import { AdminReviewBodySchema, ReviewRequestBodySchema } from "./request-schemas.server";
import { REVIEW_STATUSES } from "~/shared/reviews";
import { CouponApiBody } from "~/admin/coupon-api.server";
import { DeliveryAreaApiBody } from "~/admin/delivery-area-input.server";
import { ADMIN_ORDER_TABS } from "~/shared/admin-orders";
import { DeliverySlotsBodySchema } from "~/shared/delivery-slots";
import * as answers from "./responses.server";

type Method = "get" | "post" | "put" | "patch" | "delete";
/** public: anyone; customer: a shopper's session cookie or bearer token; admin: the administrator's session cookie. */
type Access = "public" | "customer" | "optionalCustomer" | "admin";
type Answer = { description: string; schema?: z.ZodType; headers?: Record<string, string>; /** a text/plain body (a webhook handshake) */ text?: boolean; /** a text/csv body */ csv?: boolean };

export type ApiOperation = {
  /** the route file, `app/routes/<file>`, that answers it */
  file: string;
  methods: Method[];
  path: string;
  summary: string;
  access: Access;
  path_params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** `multipart/form-data` instead of JSON */
  multipart?: boolean;
  /** the body may be left out */
  bodyOptional?: boolean;
  responses: Record<number, Answer>;
};

const error = (description: string): Answer => ({ description, schema: answers.ErrorSchema });
const ok = (schema: z.ZodType, description = "Success"): Answer => ({ description, schema });

const INVALID = error("Invalid input: `fieldErrors` names the fields");
const NOT_FOUND = error("Not found (or hidden)");
const TOO_MANY: Answer = { ...error("Too many attempts from this address; try again after `Retry-After` seconds"), headers: { "Retry-After": "Seconds until the client may try again" } };
/** A lookup by order number and phone (app/models/orders/order-phone-guard.server.ts): its limits are checked before the phone is. */
const PHONE_GUESSES: Answer = {
  ...error("Too many attempts from this address, or too many wrong phones for this order (10 per order, 30 per address an hour); checked before the phone, so the right phone is refused too until `Retry-After` seconds have passed"),
  headers: { "Retry-After": "Seconds until the client may try again" },
};
/** A catalogue answer (`catalogueJson`): a strong ETag, and 304 without a body when If-None-Match names it. */
const catalogue = (schema: z.ZodType): Answer => ({ ...ok(schema), headers: { ETag: "The answer's version, for If-None-Match" } });
const NOT_MODIFIED: Answer = { description: "Not modified (If-None-Match matched the ETag)", headers: { ETag: "The answer's version" } };
const CONFLICT = error("Conflicts with the current state");
/** The auth calls' failures (`outcomeError`): wrong credentials, unverified, taken, too many attempts. */
const ACCOUNT_ERRORS: Record<number, Answer> = {
  400: INVALID,
  401: error("Wrong credentials or not signed in"),
  403: error("Not allowed for this account"),
  409: CONFLICT,
  429: TOO_MANY,
};

const Id = z.object({ id: z.string().min(1).max(64) });
const OrderNumber = z.object({ orderNumber: z.string().min(1).max(40) });
const Paging = { page: z.string().regex(/^\d+$/).optional(), pageSize: z.string().regex(/^\d+$/).optional() };
const DateRange = { dateFrom: z.string().optional().describe("YYYY-MM-DD"), dateTo: z.string().optional().describe("YYYY-MM-DD") };
/** What the hand-validated admin bodies accept is checked field by field in app/admin/*; any JSON object here. */
const BilingualText = z.object({ en: z.string(), ar: z.string() });
/** A product's body: the fields of CONTRACT.md, and its options and variants (issue 31) in the shape the product reads in. */
const AdminProductBody = z
  .looseObject({
    options: z.array(z.object({ name: BilingualText, values: z.array(BilingualText) })).max(3).optional().describe("left out: kept; []: no options"),
    variants: z
      .array(
        z.object({
          _id: z.string().optional().describe("an existing variant's; without it the variant is new"),
          sku: z.string().optional(),
          optionValues: z.array(BilingualText).describe("one value per option, in the options' order"),
          price: z.number().optional().describe("KD; left out: the product's price"),
          priceBeforeDiscount: z.number().nullable().optional(),
          stockQuantity: z.number().int().optional().describe("on hand; left out: an existing variant keeps its count, a new one has 0"),
          isAvailable: z.boolean().optional(),
          imageUrl: z.string().nullable().optional().describe("one of the product's own pictures (`imageUrl` or `gallery`); any other is refused"),
        }),
      )
      .max(100)
      .optional()
      .describe("every combination sold; a variant left out is deleted, or hidden when orders name it"),
  })
  .describe("Fields as in CONTRACT.md; validated by the route, errors in `fieldErrors`.");
/** The settings and refund bodies are read by hand in their routes; these say what those routes accept. */
const NotifyBody = EmailSchema.extend({
  variantId: z.string().optional().describe("the sold-out variant waited for: required when the product has options, ignored when it has none"),
});
const Phone8 = (what: string) => z.string().describe(`${what}: 8 digits; "+965 5123 4567", "00965…" and Arabic-Indic digits are read as CONTRACT.md "Phone numbers" says`);
const Bilingual = z.object({ en: z.string().max(200), ar: z.string().max(200) });
const SettingsBody = z
  .object({
    freeDeliveryFromKD: z.union([z.number(), z.string(), z.null()]).optional().describe("KD; null: never free by amount"),
    shopName: Bilingual.optional().describe("the shop's name in both languages, at most 80 characters each"),
    contactEmail: z.string().optional().describe("the e-mail shoppers write to"),
    contactPhone: Phone8("the phone shoppers call").optional(),
    whatsappNumber: Phone8("the shop's WhatsApp").nullable().optional(),
    address: Bilingual.nullable().optional().describe("both languages, or null for none"),
    tagline: Bilingual.nullable().optional().describe("the footer's line about the shop, both languages, or null for none"),
    instagram: z.string().nullable().optional().describe("a handle (\"@myshop\" or the profile's address is read as the handle), or null"),
    commercialRegistration: z.string().max(40).nullable().optional().describe("shown in the footer, the terms and every invoice when set"),
    ownerAlertsPhone: Phone8("the owner's phone for new-order alerts").nullable().optional(),
    paymentReminders: z.boolean().optional().describe("false: no payment reminders are sent, and those that come due meanwhile are passed over"),
    deliveryDays: z.number().int().min(0).max(60).optional().describe("days from placing to the promised delivery day (`promisedBy`), 0 to 60; default 3"),
    reviewsAutoPublish: z.boolean().optional().describe("true: a new review is published at once, unless it holds a link or a phone number"),
  })
  .describe("Any of the settings; a field left out keeps its value; one bad field answers 400 with `fieldErrors` naming it and saves nothing.");
const RefundBody = z.object({ amount: z.number().optional().describe("KD; left out: all that is left") });
const DelayBody = z.object({ date: z.string().describe("YYYY-MM-DD, a Kuwait day from today on") });

/**
 * `POST /api/orders` checks the payload's shape with OrderPayloadSchema and then its contact and address fields with
 * the checkout page's CheckoutSchema; the document shows both, so clients see each field's rules.
 */
const OrderBody = OrderPayloadSchema.extend({
  ...CheckoutSchema.pick({ fullName: true, email: true, phone: true, buildingType: true }).shape,
  address: CheckoutSchema.pick({ city: true, street: true, streetNumber: true, block: true, buildingNumber: true, floor: true, apartmentNumber: true, notes: true }),
});

function auth(file: string, path: string, summary: string, body: z.ZodType, success: Answer, more: Record<number, Answer> = {}): ApiOperation {
  return { file, methods: ["post"], path, summary, access: "public", body, responses: { 200: success, ...ACCOUNT_ERRORS, ...more } };
}

export const API_OPERATIONS: ApiOperation[] = [
  // Catalogue (SPEC section 7): ETag on every success, 304 to a matching If-None-Match.
  {
    file: "api.categories.ts",
    methods: ["get"],
    path: "/api/categories",
    summary: "The visible categories, as the category bar shows them",
    access: "public",
    responses: { 200: catalogue(answers.CategoriesAnswer), 304: NOT_MODIFIED },
  },
  {
    file: "api.delivery-areas.ts",
    methods: ["get"],
    path: "/api/delivery-areas",
    summary: "The delivery areas the checkout offers (hidden ones left out), each with its governorate and fee in KD",
    access: "public",
    responses: { 200: ok(answers.DeliveryAreasAnswer) },
  },
  {
    file: "api.delivery-slots.ts",
    methods: ["get"],
    path: "/api/delivery-slots",
    summary: "The next 7 Kuwait days' delivery windows that may still be chosen, with the places left; [] when the shop has none (issue 48)",
    access: "public",
    responses: { 200: ok(answers.DeliverySlotsAnswer) },
  },
  {
    file: "api.categories.$slug.ts",
    methods: ["get"],
    path: "/api/categories/{slug}",
    summary: "A visible category by its slug",
    access: "public",
    path_params: CategoryParams,
    responses: { 200: catalogue(answers.CategoryAnswer), 304: NOT_MODIFIED, 404: NOT_FOUND },
  },
  {
    file: "api.products.ts",
    methods: ["get"],
    path: "/api/products",
    summary: "Visible products, optionally of one category; with `q` a page of search results",
    access: "public",
    query: ProductsQuery.extend({
      q: z.string().optional(),
      color: z.string().optional(),
      sort: z.enum(["price-asc", "price-desc", "best-sellers"]).optional(),
      page: z.string().regex(/^\d+$/).optional(),
    }),
    responses: { 200: catalogue(answers.ProductsAnswer), 304: NOT_MODIFIED, 400: INVALID, 404: NOT_FOUND },
  },
  {
    file: "api.products.$id.ts",
    methods: ["get"],
    path: "/api/products/{id}",
    summary: "A visible product",
    access: "public",
    path_params: ProductParams,
    responses: { 200: catalogue(answers.ProductAnswer), 304: NOT_MODIFIED, 404: NOT_FOUND },
  },
  {
    file: "api.products.$id_.notify.ts",
    methods: ["post"],
    path: "/api/products/{id}/notify",
    summary: "Ask for one e-mail when an out-of-stock product (or variant) is for sale again",
    access: "public",
    path_params: Id,
    body: NotifyBody,
    responses: {
      201: ok(answers.StockNoticeAnswer, "Taken: mailed once the address has confirmed (the same answer whether or not it already waits)"),
      400: error("A bad e-mail, or a product with options without one of its variants (the message names the product)"),
      404: NOT_FOUND,
      409: error("The product is in stock now"),
      429: TOO_MANY,
    },
  },

  // Orders and payment
  {
    file: "api.orders.ts",
    methods: ["post"],
    path: "/api/orders",
    summary:
      "Place an order (SPEC section 3's payload); the server computes every price. A `shop_campaign` cookie sent with it (set by a page opened from a campaign link) is stored as the order's `source`",
    access: "optionalCustomer",
    body: OrderBody,
    responses: { 201: ok(answers.OrderPlacedAnswer, "Order placed; pay at `paymentUrl`"), 400: INVALID, 409: CONFLICT, 429: TOO_MANY },
  },
  {
    file: "api.orders.pay.ts",
    methods: ["post"],
    path: "/api/orders/pay",
    summary: "The order number once the provider has confirmed the payment",
    access: "public",
    body: PayBodySchema,
    responses: { 200: ok(answers.OrderPaidAnswer), 400: INVALID, 404: NOT_FOUND, 409: error("Not paid"), 429: TOO_MANY },
  },
  {
    file: "api.orders.$orderNumber.ts",
    methods: ["get"],
    path: "/api/orders/{orderNumber}",
    summary: "The status of a paid order by its number",
    access: "public",
    path_params: OrderNumber,
    responses: { 200: ok(answers.OrderStatusAnswer), 404: NOT_FOUND, 429: TOO_MANY },
  },
  {
    file: "api.orders.$orderNumber_.returns.ts",
    methods: ["post"],
    path: "/api/orders/{orderNumber}/returns",
    summary: "Ask to return or exchange delivered items within 14 days (CONTRACT.md \"Returns and exchanges\")",
    access: "optionalCustomer",
    path_params: OrderNumber,
    body: ReturnRequestBodySchema,
    responses: {
      201: ok(answers.ReturnAnswer, "Recorded: the return, with its `RET-` number; the shopper and the owner are told by e-mail"),
      400: error("A malformed body, or an `exchangeVariantId` with `resolution: \"refund\"` (another variant is an exchange)"),
      403: error("The phone does not match the order"),
      404: NOT_FOUND,
      409: error("Not delivered, more than 14 days since delivery, an item not in the order or more than is left, a personalised item, or a wanted variant not of the product or sold out"),
      429: PHONE_GUESSES,
    },
  },
  // Reviews (CONTRACT.md "Reviews", issue 47)
  {
    file: "api.orders.$orderNumber_.reviews.ts",
    methods: ["post"],
    path: "/api/orders/{orderNumber}/reviews",
    summary: "Review one product of a delivered order, once per product per order (the signed-in owner of the order, or its phone)",
    access: "optionalCustomer",
    path_params: OrderNumber,
    body: ReviewRequestBodySchema,
    responses: {
      201: ok(answers.ReviewAnswer, "Written: `pending` until the owner publishes it, or `published` when reviewsAutoPublish is on and it holds no link or phone number"),
      400: error("A rating outside 1 to 5, a text empty or over 2,000 characters, or a title over 120"),
      403: error("The phone does not match the order"),
      404: NOT_FOUND,
      409: error("The order is not delivered, that product of the order was already reviewed, or the product is not in the order"),
      429: PHONE_GUESSES,
    },
  },
  {
    file: "api.products.$id_.reviews.ts",
    methods: ["get"],
    path: "/api/products/{id}/reviews",
    summary: "A visible product's published reviews, newest first, a page at a time, with the average, count and distribution",
    access: "public",
    path_params: ProductParams,
    query: z.object({ page: Paging.page }),
    responses: { 200: catalogue(answers.ProductReviewsAnswer), 304: NOT_MODIFIED, 400: INVALID, 404: NOT_FOUND },
  },
  admin("api.admin.reviews._index.ts", ["get"], "/api/admin/reviews", "Reviews newest first, of one status or all, with their order and product", { 200: ok(answers.AdminReviewsAnswer), 400: INVALID }, {
    query: z.object({ status: z.enum(REVIEW_STATUSES).optional(), page: Paging.page }),
  }),
  admin("api.admin.reviews.$id.ts", ["put"], "/api/admin/reviews/{id}", "Publish or hide a review, and/or reply to it (an empty reply takes it away); logged", {
    200: ok(answers.AdminReviewAnswer),
    400: INVALID,
    404: NOT_FOUND,
  }, { path_params: Id, body: AdminReviewBodySchema }),
  {
    file: "api.orders.$orderNumber_.cancel.ts",
    methods: ["post"],
    path: "/api/orders/{orderNumber}/cancel",
    summary: "Cancel a paid order not delivered 14 days after its promised day, refunded in full through its payment (CONTRACT.md \"Gifts and delivery times\")",
    access: "optionalCustomer",
    path_params: OrderNumber,
    body: LateCancelBodySchema,
    responses: {
      200: ok(answers.LateCancelAnswer, "Cancelled and refunded in full, with a credit note; the shopper and the owner are told. The same answer for a repeated request"),
      400: error("A malformed body"),
      403: error("The phone does not match the order"),
      404: NOT_FOUND,
      409: error("Not yet 14 days past the promised day, not paid, delivered, or already cancelled"),
      429: PHONE_GUESSES,
      502: error("The payment provider refused the refund or did not answer: the order is not cancelled and nothing was refunded (a retry settles a refund whose answer was lost, never twice)"),
    },
  },
  {
    file: "api.orders.my.ts",
    methods: ["get"],
    path: "/api/orders/my",
    summary: "The signed-in shopper's paid orders, newest first",
    access: "customer",
    responses: { 200: ok(answers.MyOrdersAnswer), 401: error("Not signed in") },
  },
  {
    file: "api.invoice.$orderNumber.ts",
    methods: ["get"],
    path: "/api/invoice/{orderNumber}",
    summary: "An order's invoice link, for whoever placed it (or the administrator)",
    access: "optionalCustomer",
    path_params: OrderNumber,
    responses: { 200: ok(answers.InvoiceAnswer), 404: NOT_FOUND, 429: PHONE_GUESSES },
  },
  {
    file: "api.payment.status.ts",
    methods: ["get"],
    path: "/api/payment/status",
    summary: "Ask the provider whether an order is paid",
    access: "public",
    query: z.object({ orderId: z.string() }),
    responses: { 200: ok(answers.PaymentStatusAnswer), 400: INVALID, 404: NOT_FOUND, 429: TOO_MANY, 502: error("The provider did not answer") },
  },
  {
    file: "api.payment.webhook.$provider.ts",
    methods: ["post"],
    path: "/api/payment/webhook/{provider}",
    summary: "A hosted-page gateway's payment notice, checked by its signature (CONTRACT.md)",
    access: "public",
    path_params: z.object({ provider: z.string().describe("The gateway, as CONTRACT.md names it: myfatoorah, tap") }),
    body: z.looseObject({}).describe("The gateway's own payload"),
    responses: {
      200: ok(z.object({ status: z.enum(["paid", "unpaid", "failed", "ignored"]) }), "Acknowledged: the payment's state, or ignored when it is not one of this shop's"),
      401: error("Bad signature"),
      404: error("Unknown provider"),
      503: error("The gateway did not answer; it retries"),
    },
  },

  {
    file: "api.messages.webhook.whatsapp.ts",
    methods: ["get"],
    path: "/api/messages/webhook/whatsapp",
    summary: "Meta's webhook verification: `hub.challenge` back as text when `hub.verify_token` is WHATSAPP_VERIFY_TOKEN (CONTRACT.md)",
    access: "public",
    query: z.object({ "hub.mode": z.literal("subscribe"), "hub.verify_token": z.string(), "hub.challenge": z.string() }),
    responses: { 200: { description: "The challenge, as text", text: true }, 403: error("Wrong verify token, or WhatsApp is not configured") },
  },
  {
    file: "api.messages.webhook.whatsapp.ts",
    methods: ["post"],
    path: "/api/messages/webhook/whatsapp",
    summary: "WhatsApp message status events (sent, delivered, read, failed), signed with `X-Hub-Signature-256` (CONTRACT.md)",
    access: "public",
    body: z.looseObject({}).describe("Meta's webhook payload: `entry[].changes[].value.statuses[]`"),
    responses: {
      200: ok(z.object({ received: z.number().int().describe("How many status events the body held") }), "Acknowledged"),
      400: error("Signed, but not JSON"),
      401: error("Missing or wrong signature; nothing changes"),
    },
  },

  // Shopper accounts (SPEC section 7)
  auth("api.auth.login.ts", "/api/auth/login", "Sign in: the session cookie, and a bearer token for API clients; a guest cart the browser carries joins the shopper's saved cart", LoginSchema, ok(answers.LoginAnswer)),
  {
    file: "api.auth.logout.ts",
    methods: ["post"],
    path: "/api/auth/logout",
    summary: "Sign out: the session row is deleted",
    access: "optionalCustomer",
    responses: { 200: ok(answers.MessageSchema) },
  },
  {
    file: "api.auth.session.ts",
    methods: ["get"],
    path: "/api/auth/session",
    summary: "Who is signed in; never an error",
    access: "optionalCustomer",
    responses: { 200: ok(answers.SessionAnswer) },
  },
  auth("api.auth.register-email.ts", "/api/auth/register-email", "Start registering: a code is mailed", EmailSchema, ok(answers.RegistrationAnswer)),
  auth("api.auth.verify-code.ts", "/api/auth/verify-code", "Check the registration code; answers the verification proof", VerifyCodeSchema, ok(answers.VerifiedCodeAnswer)),
  auth("api.auth.check-verified.ts", "/api/auth/check-verified", "Has this client verified the e-mail?", EmailSchema, ok(answers.CheckVerifiedAnswer)),
  auth("api.auth.set-password.ts", "/api/auth/set-password", "Finish registering with a password and profile", SetPasswordSchema, ok(answers.MessageSchema)),
  auth("api.auth.forgot-password.ts", "/api/auth/forgot-password", "Mail a password-reset code", EmailSchema, ok(answers.MessageSchema)),
  auth("api.auth.verify-reset-code.ts", "/api/auth/verify-reset-code", "Check the reset code; answers the reset proof", ResetCodeSchema, ok(answers.ResetCodeAnswer)),
  auth("api.auth.reset-password.ts", "/api/auth/reset-password", "Set a new password with the reset proof", ResetPasswordSchema, ok(answers.MessageSchema)),
  {
    ...auth("api.auth.change-password.ts", "/api/auth/change-password", "Change the password; every session ends", ChangePasswordSchema, ok(answers.MessageSchema)),
    access: "customer",
  },

  // Administrator
  {
    file: "api.admin.timsar.ts",
    methods: ["post"],
    path: "/api/admin/timsar",
    summary: "Administrator sign-in: sets the admin session cookie",
    access: "public",
    body: AdminLoginSchema,
    responses: { 200: ok(answers.AdminLoginAnswer), 400: INVALID, 401: error("Wrong e-mail or password"), 429: TOO_MANY },
  },
  {
    file: "api.admin.session.ts",
    methods: ["get"],
    path: "/api/admin/session",
    summary: "Is this an administrator's session? Never an error",
    access: "public",
    responses: { 200: ok(answers.AdminSessionAnswer) },
  },
  {
    file: "api.openapi[.]json.ts",
    methods: ["get"],
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    responses: { 200: ok(z.looseObject({ openapi: z.string() }), "The OpenAPI 3.1 document") },
  },
  { file: "api.admin.logout.ts", methods: ["post"], path: "/api/admin/logout", summary: "End the admin session", access: "public", responses: { 200: ok(answers.MessageSchema) } },
  admin("api.admin.categories._index.ts", ["get"], "/api/admin/categories", "Every category, hidden ones included", { 200: ok(answers.AdminCategoriesAnswer) }),
  admin("api.admin.categories._index.ts", ["post"], "/api/admin/categories", "Create a category (multipart with its icon)", { 201: ok(answers.AdminCategorySaved, "Created"), 400: INVALID, 409: CONFLICT }, { multipart: true }),
  admin("api.admin.categories.$id._index.ts", ["get"], "/api/admin/categories/{id}", "One category", { 200: ok(answers.AdminCategoryAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.categories.$id._index.ts", ["put", "patch"], "/api/admin/categories/{id}", "Update a category", { 200: ok(answers.AdminCategorySaved), 400: INVALID, 404: NOT_FOUND, 409: CONFLICT }, { path_params: Id, multipart: true }),
  admin("api.admin.categories.$id._index.ts", ["delete"], "/api/admin/categories/{id}", "Delete an empty category", { 200: ok(answers.MessageSchema), 404: NOT_FOUND, 409: CONFLICT }, { path_params: Id }),
  admin("api.admin.categories.$id.products.ts", ["get"], "/api/admin/categories/{id}/products", "A category's products", { 200: ok(answers.AdminProductsAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.categories.$id.toggle.ts", ["post", "put"], "/api/admin/categories/{id}/toggle", "Show or hide a category", { 200: ok(answers.VisibilityAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.products._index.ts", ["get"], "/api/admin/products", "Every product, or the low-stock ones", { 200: ok(answers.AdminProductsAnswer), 400: INVALID }, {
    query: z.object({ categoryId: z.string().optional(), stock: z.enum(["low", ""]).optional() }),
  }),
  admin("api.admin.products._index.ts", ["post"], "/api/admin/products", "Create a product", { 201: ok(answers.AdminProductSaved, "Created"), 400: INVALID, 409: CONFLICT }, { body: AdminProductBody }),
  admin("api.admin.products.$id._index.ts", ["get"], "/api/admin/products/{id}", "One product", { 200: ok(answers.AdminProductAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.products.$id._index.ts", ["put", "patch"], "/api/admin/products/{id}", "Update a product", { 200: ok(answers.AdminProductSaved), 400: INVALID, 404: NOT_FOUND, 409: CONFLICT }, { path_params: Id, body: AdminProductBody }),
  admin("api.admin.products.$id._index.ts", ["delete"], "/api/admin/products/{id}", "Delete a product", { 200: ok(answers.MessageSchema), 404: NOT_FOUND, 409: CONFLICT }, { path_params: Id }),
  admin("api.admin.products.$id.toggle.ts", ["post", "put"], "/api/admin/products/{id}/toggle", "Show or hide a product", { 200: ok(answers.VisibilityAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.staff._index.ts", ["get"], "/api/admin/staff", "Every staff member (owner)", { 200: ok(answers.StaffAnswer) }),
  admin("api.admin.staff._index.ts", ["post"], "/api/admin/staff", "Invite a member by e-mail with a role (owner); mails a set-password link valid 72 hours", { 201: ok(answers.StaffSaved, "Invited"), 400: INVALID, 409: CONFLICT }, { body: StaffInviteSchema }),
  admin("api.admin.staff.$id.ts", ["put"], "/api/admin/staff/{id}", "Change a member's role, disable or enable them, or turn their two-step sign-in off (`resetTwoStep: true`) (owner); a role change or disabling ends their sessions. The former ADMIN_EMAIL account cannot be enabled again (409)", { 200: ok(answers.StaffSaved), 400: INVALID, 404: NOT_FOUND, 409: CONFLICT }, {
    path_params: Id,
    body: StaffUpdateSchema,
  }),
  admin("api.admin.audit.ts", ["get"], "/api/admin/audit", "The activity log, newest first, 50 a page (owner)", { 200: ok(answers.AuditAnswer), 400: INVALID }, { query: AuditQuerySchema }),
  admin("api.admin.delivery-areas._index.ts", ["get"], "/api/admin/delivery-areas", "Every delivery area, hidden ones too, with its order count", { 200: ok(answers.OwnerDeliveryAreasAnswer) }),
  admin("api.admin.delivery-areas._index.ts", ["post"], "/api/admin/delivery-areas", "Add a delivery area", { 201: ok(answers.DeliveryAreaSaved, "Created"), 400: INVALID, 409: error("Another area has this English or Arabic name") }, { body: DeliveryAreaApiBody }),
  admin("api.admin.delivery-areas.$id.ts", ["put"], "/api/admin/delivery-areas/{id}", "Rename, re-price, hide or show a delivery area (orders already placed keep their name and fee)", { 200: ok(answers.DeliveryAreaSaved), 400: INVALID, 404: NOT_FOUND, 409: error("Another area has this English or Arabic name") }, { path_params: Id, body: DeliveryAreaApiBody }),
  admin("api.admin.delivery-areas.$id.ts", ["delete"], "/api/admin/delivery-areas/{id}", "Delete a delivery area no order names; one with orders is hidden instead", { 200: ok(answers.DeliveryAreaRemoved), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.coupons._index.ts", ["get"], "/api/admin/coupons", "Every discount code", { 200: ok(answers.CouponsAnswer) }),
  admin("api.admin.coupons._index.ts", ["post"], "/api/admin/coupons", "Create a discount code", { 201: ok(answers.CouponSaved, "Created"), 400: INVALID, 409: CONFLICT }, { body: CouponApiBody }),
  admin("api.admin.coupons.$id.ts", ["get"], "/api/admin/coupons/{id}", "One discount code", { 200: ok(answers.CouponAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.coupons.$id.ts", ["put"], "/api/admin/coupons/{id}", "Update a discount code (the whole body, as POST takes it)", { 200: ok(answers.CouponSaved), 400: INVALID, 404: NOT_FOUND, 409: CONFLICT }, { path_params: Id, body: CouponApiBody }),
  admin("api.admin.coupons.$id.ts", ["delete"], "/api/admin/coupons/{id}", "Delete a discount code", { 200: ok(answers.MessageSchema), 404: NOT_FOUND, 409: CONFLICT }, { path_params: Id }),
  admin("api.admin.orders._index.ts", ["get"], "/api/admin/orders", "Orders by tab, search and dates, one page", { 200: ok(answers.AdminOrdersAnswer), 400: INVALID }, {
    query: z.object({ status: z.enum(ADMIN_ORDER_TABS).optional().describe("The tab: an order status, `toPrepare` (paid, pending or processing, not refunded in full) or `unpaid`; `pending` when left out"), search: z.string().optional(), ...DateRange, ...Paging, deliveryDate: z.string().optional().describe("Only the orders to deliver on this Kuwait day, YYYY-MM-DD (issue 48)") }),
  }),
  admin("api.admin.orders.$id._index.ts", ["get"], "/api/admin/orders/{id}", "One order", { 200: ok(answers.AdminOrderAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.orders.$id.status.ts", ["put", "patch"], "/api/admin/orders/{id}/status", "Move an order to another status", { 200: ok(answers.OrderStatusSaved), 400: INVALID, 404: NOT_FOUND }, {
    path_params: Id,
    body: OrderStatusBody,
  }),
  admin("api.admin.orders.$id.refund.ts", ["post"], "/api/admin/orders/{id}/refund", "Refund a paid order (CONTRACT.md)", { 200: ok(answers.RefundAnswer), 400: INVALID, 404: NOT_FOUND, 409: CONFLICT, 502: error("The provider refused or did not answer") }, {
    path_params: Id,
    body: RefundBody,
    bodyOptional: true,
  }),
  admin("api.admin.orders.$id.delay.ts", ["post"], "/api/admin/orders/{id}/delay", "Tell the shopper the order will arrive on a later day", { 200: ok(answers.DelayQueued), 400: INVALID, 404: NOT_FOUND, 409: error("The order is unpaid, cancelled or delivered, or has had its 3 delay notices") }, {
    path_params: Id,
    body: DelayBody,
  }),
  admin("api.admin.returns._index.ts", ["get"], "/api/admin/returns", "Returns newest first, of one status or all, with search", { 200: ok(answers.AdminReturnsAnswer), 400: INVALID }, {
    query: z.object({ status: z.enum(RETURN_STATUSES).optional(), q: z.string().optional().describe("a return or order number, a name or a phone"), page: Paging.page }),
  }),
  admin("api.admin.returns.$id._index.ts", ["get"], "/api/admin/returns/{id}", "One return, with its order and history", { 200: ok(answers.AdminReturnAnswer), 404: NOT_FOUND }, { path_params: Id }),
  admin("api.admin.returns.$id.status.ts", ["put", "patch"], "/api/admin/returns/{id}/status", "Decide on a return: approve, reject, receive (restock), refund, exchange or close", {
    200: ok(answers.AdminReturnSaved),
    400: INVALID,
    404: NOT_FOUND,
    409: error("The return's status does not lead there, a refund of it is under way at the provider, or the refund would pass the items' price"),
    502: error("The provider refused or did not answer the refund"),
  }, { path_params: Id, body: ReturnStatusBodySchema }),
  admin("api.admin.grouped-orders.ts", ["get"], "/api/admin/grouped-orders", "Paid orders grouped by phone, latest first", { 200: ok(answers.GroupedOrdersAnswer), 400: INVALID }, { query: z.object(Paging) }),
  admin("api.admin.users.phones.ts", ["get"], "/api/admin/users/phones", "Registered customers' phones, with name and e-mail", { 200: ok(answers.PhonesAnswer) }, {
    query: z.object({ search: z.string().optional().describe("a phone (any part of it), a name or an e-mail; without regard to case") }),
  }),
  admin("api.admin.users.orders.by-phone.$phone.ts", ["get"], "/api/admin/users/orders/by-phone/{phone}", "The paid orders of one phone", { 200: ok(answers.AdminOrderRowsAnswer) }, {
    path_params: z.object({ phone: z.string() }),
  }),
  admin("api.admin.sales-report.ts", ["get"], "/api/admin/sales-report", "Sales between two dates", { 200: ok(answers.SalesReportAnswer), 400: INVALID }, { query: z.object(DateRange) }),
  admin("api.admin.settings.ts", ["get"], "/api/admin/settings", "The shop settings", { 200: ok(answers.SettingsAnswer) }),
  admin("api.admin.settings.ts", ["put"], "/api/admin/settings", "Change the shop settings", { 200: ok(answers.SettingsSaved), 400: INVALID }, { body: SettingsBody }),
  // The catalogue in a spreadsheet (issue 49)
  admin("api.admin.products.export[.]csv.ts", ["get"], "/api/admin/products/export.csv", "Every product and variant as CSV (UTF-8 with a BOM, one row per variant), sent as `products-<day>-<id>.csv`: the id names the stock the rows show", { 200: { description: "The catalogue's CSV", csv: true } }),
  admin("api.admin.products.import.ts", ["post"], "/api/admin/products/import", "Import products from CSV (multipart `file`): all rows or none. A file whose name keeps an export's id leaves the stock sold since alone where a row still shows the exported stock", {
    200: ok(answers.CatalogueImportAnswer, "Imported, or with dryRun what would be (counts of rows)"),
    400: ok(answers.CatalogueImportRefused, "Refused whole: each bad cell by spreadsheet row and column"),
  }, { multipart: true, query: z.object({ dryRun: z.enum(["1", "true"]).optional().describe("only tell what would change") }) }),
  admin("api.admin.delivery-slots.ts", ["get"], "/api/admin/delivery-slots", "The delivery windows, same-day cut-off and closed dates, Kuwait time (owner; issue 48)", { 200: ok(answers.AdminDeliverySlotsAnswer) }),
  admin("api.admin.delivery-slots.ts", ["put"], "/api/admin/delivery-slots", "Replace the delivery windows (a window sent with its id keeps it), the same-day cut-off and the closed dates", { 200: ok(answers.AdminDeliverySlotsSaved), 400: INVALID }, { body: DeliverySlotsBodySchema }),
  admin("api.upload.ts", ["post"], "/api/upload", "Upload an image (multipart `image`)", { 201: ok(answers.UploadAnswer, "Stored; its URL"), 400: INVALID }, { multipart: true }),
];

function admin(file: string, methods: Method[], path: string, summary: string, responses: Record<number, Answer>, more: Partial<ApiOperation> = {}): ApiOperation {
  return {
    file,
    methods,
    path,
    summary,
    access: "admin",
    ...more,
    responses: { ...responses, 401: error("No administrator session"), 403: error("A shopper, or a staff member whose role does not allow this") },
  };
}

const SECURITY: Record<Access, Array<Record<string, string[]>> | undefined> = {
  public: [],
  optionalCustomer: [{}, { customerCookie: [] }, { customerBearer: [] }],
  customer: [{ customerCookie: [] }, { customerBearer: [] }],
  admin: [{ adminCookie: [] }],
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  if (schema === answers.ErrorSchema) return ERROR_REF;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
  return rest;
}

function parameters(schema: z.ZodObject | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

/** The route files whose successes set a cookie: the sessions, the verification proofs, the cart and order memory. */
const SETS_COOKIE: Record<string, string> = {
  "api.auth.login.ts": "The shopper's session, and empties a guest cart that joined the saved one",
  "api.auth.logout.ts": "Ends the session and forgets the orders placed here",
  "api.auth.change-password.ts": "Ends the session",
  "api.auth.verify-code.ts": "The registration proof",
  "api.auth.set-password.ts": "Clears the registration proof",
  "api.auth.verify-reset-code.ts": "The reset proof",
  "api.auth.reset-password.ts": "Clears the reset proof",
  "api.admin.timsar.ts": "The administrator's session (`__admin`)",
  "api.admin.logout.ts": "Ends the administrator's session",
  "api.orders.ts": "Remembers the order on this device",
  "api.orders.pay.ts": "Empties the cart (a signed-in shopper's saved cart too)",
};

/** Answers every operation may give besides its own: another method (405), and a body over its limit (413). */
const METHOD_NOT_ALLOWED: Answer = { ...error("This path does not take this method"), headers: { Allow: "The methods this path takes" } };
const TOO_LARGE = error("The body is over 64 KB (6 MB for uploads)");

const TAGS = [
  { name: "Catalogue", description: "Categories and products, public, with ETags" },
  { name: "Orders", description: "Placing, paying, tracking and invoices" },
  { name: "Account", description: "The shopper's registration, sign-in and password" },
  { name: "Admin", description: "The administrator's API (the admin session cookie)" },
];

function tagOf(path: string): string {
  if (path.startsWith("/api/admin") || path === "/api/upload") return "Admin";
  if (path.startsWith("/api/auth")) return "Account";
  if (/^\/api\/(orders|invoice|payment|messages)/.test(path)) return "Orders";
  return "Catalogue";
}

function answerHeaders(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));
}

function operation(op: ApiOperation, method: Method) {
  const responses: Record<string, object> = {};
  const takesBody = method !== "get" && method !== "delete" && Boolean(op.body || op.multipart);
  const all: Record<number, Answer> = { ...op.responses, 405: METHOD_NOT_ALLOWED };
  if (takesBody) all[413] = TOO_LARGE;
  for (const [status, answer] of Object.entries(all)) {
    const headers: Record<string, string> = { ...answer.headers };
    if (SETS_COOKIE[op.file] && status.startsWith("2")) headers["Set-Cookie"] = SETS_COOKIE[op.file];
    responses[status] = {
      description: answer.description,
      ...(Object.keys(headers).length > 0 ? { headers: answerHeaders(headers) } : {}),
      ...(answer.schema ? { content: { "application/json": { schema: jsonSchema(answer.schema, "output") } } } : {}),
      ...(answer.text ? { content: { "text/plain": { schema: { type: "string" } } } } : {}),
      ...(answer.csv ? { content: { "text/csv": { schema: { type: "string" } } } } : {}),
    };
  }
  const body = op.multipart
    ? { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } }
    : op.body
      ? { required: !op.bodyOptional, content: { "application/json": { schema: jsonSchema(op.body, "input") } } }
      : undefined;
  return {
    operationId: `${method}${op.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_match, next: string) => next.toUpperCase())}`,
    summary: op.summary,
    tags: [tagOf(op.path)],
    "x-route-file": `app/routes/${op.file}`,
    security: SECURITY[op.access],
    parameters: [...parameters(op.path_params, "path"), ...parameters(op.query, "query")],
    ...(body && method !== "get" && method !== "delete" ? { requestBody: body } : {}),
    responses,
  };
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of API_OPERATIONS) {
    for (const method of op.methods) (paths[op.path] ??= {})[method] = operation(op, method);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Shop API",
      version: "1.0.0",
      description:
        "SPEC.md section 7 and CONTRACT.md. Errors answer `{ message }` in English and Arabic (\"English / العربية\"), or only in the language the request names: the `lang` cookie, else an Accept-Language whose first language is `ar` or `en`. Every 429 carries `Retry-After`.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "The shop itself (APP_URL)" }],
    tags: TAGS,
    paths,
    components: {
      schemas: { Error: jsonSchema(answers.ErrorSchema.meta({}), "output") },
      securitySchemes: {
        customerCookie: { type: "apiKey", in: "cookie", name: "__session", description: "A shopper's session (POST /api/auth/login)" },
        customerBearer: { type: "http", scheme: "bearer", description: "The `token` POST /api/auth/login answers" },
        adminCookie: { type: "apiKey", in: "cookie", name: "__admin", description: "The administrator's session (POST /api/admin/timsar)" },
      },
    },
  };
}

let cached: string | undefined;

/** The document as JSON text, built once per process. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
