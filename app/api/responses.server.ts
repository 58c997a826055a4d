/**
 * The JSON the API answers, as zod schemas for the OpenAPI document (app/api/openapi.server.ts). Written from
 * what the routes and their models' JSON functions return (SPEC.md section 7's field names); the API tests check
 * every answer against the document, so a route that drifts from these fails its tests.
 */
import { z } from "zod";
import { ORDER_STATUSES } from "~/shared/order-status";
import { RETURN_RESOLUTIONS, RETURN_STATUSES } from "~/shared/returns";

/** CONTRACT.md's error shape (`jsonError`): a bilingual message, and field errors where there are any. */
export const ErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** A message only: logout, password changes and the like. */
export const MessageSchema = z.object({ message: z.string() });

const Bilingual = z.object({ en: z.string(), ar: z.string() });
/** A refund's credit note (issue 18): its address opens for the order's owner and the administrator. */
const CreditNote = z.object({ number: z.string(), amount: z.number(), createdAt: z.string(), url: z.string() });
/** Kuwaiti dinars as a number of up to three decimals (integer fils on the server). */
const KD = z.number();
/** A return's exchange order (decision 0078): the order whose items it replaces; its discount is then the exchange credit, not a code's. */
const EXCHANGE_FOR = z.string().nullable().describe("A return's exchange: the order it replaces; discountAmount is then the exchange credit (couponCode null)");

/** CONTRACT.md "Returns and exchanges": a return as read. */
const ReturnSchema = z.object({
  _id: z.string(),
  number: z.string().describe("`RET-` and digits"),
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  resolution: z.enum(RETURN_RESOLUTIONS),
  items: z.array(
    z.object({
      productId: z.string().nullable(),
      variantId: z.string().nullable(),
      name: Bilingual,
      quantity: z.number().int(),
      reason: z.string(),
      exchangeVariantId: z.string().nullable().describe("An exchange: the variant wanted instead; null: the same item"),
      exchangeOptionValues: z.array(Bilingual).describe("The wanted variant's option values, as when asked; empty: the same item"),
    }),
  ),
  refundAmount: KD.describe("The items' price less their share of the order's discount code; delivery is not refunded"),
  exchangeOrder: z
    .object({
      orderNumber: z.string(),
      amountDue: KD.describe("0 for an exchange no dearer than the items returned; else the difference, never delivery"),
      paymentStatus: z.string().describe("unpaid while the difference is due; paid; failed once its hold ended unpaid"),
      payUrl: z.string().nullable().describe("The payment page of the difference while it is due and its stock is held; else null"),
    })
    .nullable()
    .describe("The order that carries an exchange, once the return is `exchanged`"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CategorySchema = z.object({
  _id: z.string(),
  name: Bilingual,
  slug: z.string(),
  iconImage: z.string(),
  isVisible: z.boolean(),
  productCount: z.number().int().optional(),
});

/** One variant as sold (CONTRACT.md "Product options (variants)"). */
const VariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  optionValues: z.array(Bilingual).describe("one value per option, in the options' order"),
  price: KD,
  priceBeforeDiscount: KD.nullable(),
  stockQuantity: z.number().int().describe("for sale; in the admin's answers, on hand"),
  isAvailable: z.boolean(),
  imageUrl: z.string().nullable(),
});

export const ProductSchema = z.object({
  _id: z.string(),
  name: Bilingual,
  description: Bilingual,
  price: KD,
  priceBeforeDiscount: KD.nullable(),
  hasDiscount: z.boolean(),
  stockQuantity: z.number().int(),
  isAvailable: z.boolean(),
  isNewArrivals: z.boolean(),
  imageUrl: z.string(),
  gallery: z.array(z.string()),
  color: z.object({ name: Bilingual, level: Bilingual }).nullable(),
  filterColor: z.string().nullable(),
  categoryId: z.string(),
  customTags: z.array(z.object({ title: Bilingual, required: z.boolean() })),
  isVisible: z.boolean(),
  /** CONTRACT.md "Product options (variants)": up to three options; a product without options has [] */
  options: z.array(z.object({ name: Bilingual, values: z.array(Bilingual) })),
  /** every combination sold; a product without options has exactly one, with optionValues [] */
  variants: z.array(VariantSchema),
  rating: z
    .object({ average: z.number().describe("the published reviews' stars, one decimal; 0 without any"), count: z.number().int() })
    .optional()
    .describe("CONTRACT.md \"Reviews\": on the product as read (GET /api/products/{id}) and in the lists of GET /api/products"),
});

export const CategoriesAnswer = z.object({ categories: z.array(CategorySchema) });
export const CategoryAnswer = z.object({ category: CategorySchema });
export const ProductAnswer = z.object({ product: ProductSchema });
/** Without `q` the whole list; with `q` one page of search results and its paging. */
export const ProductsAnswer = z.object({
  products: z.array(ProductSchema),
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  pageCount: z.number().int().optional(),
});

const OrderStatus = z.enum(ORDER_STATUSES);

const OrderAddress = z.object({
  city: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  block: z.string(),
  buildingNumber: z.string(),
  floor: z.string(),
  apartmentNumber: z.string(),
  notes: z.string(),
});

const OrderItem = z.object({
  productId: z.string().nullable(),
  name: Bilingual,
  imageUrl: z.string(),
  quantity: z.number().int(),
  price: KD,
  customTags: z.array(z.string()),
  customTagDetails: z.array(z.object({ title: Bilingual, value: z.string() })),
  /** the variant bought (issue 31); its option values kept as they were named when ordered, [] without options */
  variantId: z.string().nullable(),
  optionValues: z.array(Bilingual),
});

/** Kuwait's e-commerce rules (CONTRACT.md "Gifts and delivery times", decision 0093). */
const PromiseFields = {
  promisedBy: z.string().nullable().describe("the Kuwait day (YYYY-MM-DD) the order is promised by: its delivery window's day, or the placing day plus the owner's delivery days"),
  lateCancelFrom: z.string().nullable().describe("the first Kuwait day on which a paid order still not delivered may be cancelled by its shopper with a full refund (14 days after promisedBy)"),
  lateCancelledAt: z.string().nullable().describe("when the shopper cancelled it as late, refunded in full"),
};

export const LateCancelAnswer = z.object({
  message: z.string(),
  order: z.object({
    orderNumber: z.string(),
    status: OrderStatus.describe("cancelled"),
    promisedBy: z.string().nullable(),
    lateCancelledAt: z.string().nullable(),
    refundedAmount: KD.describe("all that was paid: items, delivery and any other line of the total"),
    creditNotes: z.array(z.object({ number: z.string(), amount: KD, createdAt: z.string() })),
  }),
});

/** CONTRACT.md "Gifts and delivery times" (issue 48): the gift, its wrapping line and the delivery window of an order as read. */
const DeliverySlotRead = z
  .object({ date: z.string().describe("Kuwait day, YYYY-MM-DD"), from: z.string().describe("HH:MM, Kuwait"), to: z.string().describe("HH:MM, Kuwait") })
  .nullable()
  .describe("The delivery window chosen at checkout; null when the shop offered none");
const GiftAndSlot = {
  gift: z
    .object({ note: z.string().nullable(), wrap: z.boolean(), recipientName: z.string().nullable(), recipientPhone: z.string().nullable().describe("8 digits") })
    .nullable()
    .describe("null unless the order is a gift"),
  giftWrapAmount: KD.describe("The wrapping's own line of the total; 0 without wrapping"),
  deliverySlot: DeliverySlotRead,
};
const TIME_TEXT = z.string().describe("HH:MM, Kuwait time");
export const DeliverySlotsAnswer = z.array(
  z.object({
    date: z.string().describe("Kuwait day, YYYY-MM-DD"),
    windows: z.array(z.object({ id: z.string(), from: TIME_TEXT, to: TIME_TEXT, available: z.number().int().describe("places left that day") })),
  }),
);
export const AdminDeliverySlotsAnswer = z.object({
  windows: z.array(z.object({ id: z.string(), from: TIME_TEXT, to: TIME_TEXT, capacity: z.number().int(), days: z.array(z.number().int()).describe("Sunday 0 … Saturday 6") })),
  sameDayCutoff: TIME_TEXT.nullable(),
  closedDates: z.array(z.string()),
});
export const AdminDeliverySlotsSaved = AdminDeliverySlotsAnswer.extend({ message: z.string() });

export const MyOrdersAnswer = z.object({
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      status: OrderStatus,
      createdAt: z.string(),
      totalAmount: KD,
      productsTotal: KD,
      discountAmount: KD,
      discount: KD.describe("The same as discountAmount, kept for older clients."),
      couponCode: z.string().nullable(),
      exchangeFor: EXCHANGE_FOR,
      deliveryFee: KD,
      fullName: z.string(),
      phone: z.string(),
      invoiceUrl: z.string(),
      address: OrderAddress,
      items: z.array(OrderItem),
      creditNotes: z.array(CreditNote),
      deliveredAt: z.string().nullable().describe("When the order first became delivered; the 14-day return window runs from it"),
      returns: z.array(ReturnSchema),
      ...PromiseFields,
      ...GiftAndSlot,
    }),
  ),
});

export const OrderPlacedAnswer = z.object({ paymentUrl: z.string(), orderSessionId: z.string(), orderNumber: z.string(), orderId: z.string() });
export const OrderStatusAnswer = z.object({ orderNumber: z.string(), status: OrderStatus });
export const OrderPaidAnswer = z.object({ orderNumber: z.string(), message: z.string() });
export const InvoiceAnswer = z.object({ orderNumber: z.string(), status: OrderStatus, invoiceUrl: z.string().optional() });
export const PaymentStatusAnswer = z.object({
  status: z.enum(["paid", "unpaid", "failed"]),
  orderNumber: z.string(),
  message: z.string().optional().describe("Only with failed when the order was cancelled after the gateway took its money: the amount comes back (both languages)"),
});

export const LoginAnswer = z.object({ email: z.string(), token: z.string() });
export const SessionAnswer = z.object({ email: z.string().nullable(), isAuthenticated: z.boolean() });
export const RegistrationAnswer = z.object({ message: z.string(), alreadyVerified: z.boolean() });
export const VerifiedCodeAnswer = z.object({ message: z.string(), alreadyVerified: z.boolean(), verificationToken: z.string().optional() });
export const ResetCodeAnswer = z.object({ message: z.string(), verificationToken: z.string() });
export const CheckVerifiedAnswer = z.object({ verified: z.boolean() });
export const StockNoticeAnswer = z.object({ message: z.string(), email: z.string() });

const AdminRoleSchema = z.enum(["owner", "orders", "catalogue"]);
export const AdminSessionAnswer = z.union([z.object({ isAdmin: z.literal(true), email: z.string(), role: AdminRoleSchema }), z.object({ isAdmin: z.literal(false) })]);
export const AdminLoginAnswer = z.object({ message: z.string(), email: z.string(), isAdmin: z.literal(true) });

export const AdminCategoriesAnswer = CategoriesAnswer;
export const AdminCategoryAnswer = CategoryAnswer;
export const AdminCategorySaved = z.object({ message: z.string(), category: CategorySchema });
export const VisibilityAnswer = z.object({ isVisible: z.boolean() });

/** The storefront product plus what only the administrator sees: on-hand and held stock, the low-stock mark. */
const AdminProduct = ProductSchema.extend({
  variants: z.array(
    VariantSchema.extend({
      heldQuantity: z.number().int().describe("of stockQuantity (on hand), how many unpaid orders hold; for sale = stockQuantity − heldQuantity"),
    }),
  ),
  heldQuantity: z.number().int(),
  lowStockThreshold: z.number().int(),
  isLowStock: z.boolean(),
  category: z.object({ _id: z.string(), name: Bilingual }),
});
export const AdminProductsAnswer = z.object({ products: z.array(AdminProduct) });
export const AdminProductAnswer = z.object({ product: AdminProduct });
export const AdminProductSaved = z.object({ message: z.string(), product: AdminProduct });

/** The shop's own name for a CONTRACT.md field, answered too for clients written against it. */
const otherName = (name: string) => ({ deprecated: true, description: `The same as \`${name}\`` });
/** A coupon's start or end: a Kuwait day, or the instant (ISO 8601, UTC) when it was given within a day. */
const DayOrInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/);

/** A discount code (app/admin/coupon-api.server.ts): CONTRACT.md's names, then the shop's own. */
const Coupon = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(["percentage", "fixed"]),
  value: z.number().describe("percentage: 1 to 100; fixed: KD"),
  minTotal: KD.nullable(),
  startsAt: DayOrInstant.nullable().describe("First day (Kuwait), YYYY-MM-DD; or the first instant, when it was given within a day"),
  endsAt: DayOrInstant.nullable().describe("Last day (Kuwait), included, YYYY-MM-DD; or the instant it ends, when it was given within a day"),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  freeDelivery: z.boolean(),
  isActive: z.boolean(),
  usedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  kind: z.enum(["percent", "fixed"]).meta(otherName("type")),
  minProductsTotal: KD.nullable().meta(otherName("minTotal")),
  startsOn: DayOrInstant.nullable().meta(otherName("startsAt")),
  endsOn: DayOrInstant.nullable().meta(otherName("endsAt")),
  isEnabled: z.boolean().meta(otherName("isActive")),
});
export const CouponsAnswer = z.object({ coupons: z.array(Coupon) });

/** CONTRACT.md "Staff and roles": a member as the staff calls answer it; `pending` until the invitation is used. */
const StaffMember = z.object({
  _id: z.string(),
  email: z.string(),
  role: AdminRoleSchema,
  disabled: z.boolean(),
  pending: z.boolean(),
  /** two-step sign-in is on for this member (an owner can reset it with `resetTwoStep`) */
  twoStep: z.boolean(),
  createdAt: z.string(),
});
export const StaffAnswer = z.object({ staff: z.array(StaffMember) });
export const StaffSaved = z.object({ message: z.string(), member: StaffMember });
const AuditEntry = z.object({
  at: z.string(),
  actor: z.object({ email: z.string(), role: z.string() }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** in English; the activity log page words it in its own language */
  summary: z.string(),
  /** the client address of a sign-in, a sign-out, a failed sign-in or a wrong two-step code; null for other entries */
  address: z.string().nullable(),
});
export const AuditAnswer = z.object({ entries: z.array(AuditEntry), page: z.number().int(), pageCount: z.number().int() });
export const CouponAnswer = z.object({ coupon: Coupon });
export const CouponSaved = z.object({ message: z.string(), coupon: Coupon });

/** CONTRACT.md "Delivery areas": an area as the checkout's list gives it, the fee in KD. */
const DeliveryArea = z.object({ _id: z.string(), name: Bilingual, governorate: Bilingual, fee: z.number().describe("KD") });
export const DeliveryAreasAnswer = z.array(DeliveryArea);
const OwnerDeliveryArea = DeliveryArea.extend({ isHidden: z.boolean(), orderCount: z.number().int().optional().describe("orders placed in it; such an area is hidden, never deleted") });
export const OwnerDeliveryAreasAnswer = z.object({ areas: z.array(OwnerDeliveryArea) });
export const DeliveryAreaSaved = z.object({ message: z.string(), area: OwnerDeliveryArea });
export const DeliveryAreaRemoved = z.object({ message: z.string(), outcome: z.enum(["deleted", "hidden"]).describe("hidden: the area has orders, so it was hidden instead") });

const AdminOrderRow = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  fullName: z.string(),
  phone: z.string(),
  status: OrderStatus,
  paymentStatus: z.string(),
  totalAmount: KD,
  createdAt: z.string(),
  deliverySlot: DeliverySlotRead,
});
const AdminOrderDetail = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: OrderStatus,
  paymentStatus: z.string(),
  paidAt: z.string().nullable(),
  refundedAmount: KD,
  refunds: z.array(z.object({ amount: KD, status: z.string(), requestedBy: z.string(), createdAt: z.string() })),
  creditNotes: z.array(CreditNote),
  isGuest: z.boolean(),
  buildingType: z.string(),
  createdAt: z.string(),
  productsTotal: KD,
  discountAmount: KD,
  discount: KD.describe("The same as discountAmount, kept for older clients."),
  couponCode: z.string().nullable(),
  exchangeFor: EXCHANGE_FOR,
  deliveryFee: KD,
  totalAmount: KD,
  invoiceUrl: z.string().nullable(),
  address: OrderAddress,
  items: z.array(OrderItem),
  deliveredAt: z.string().nullable().describe("When the order first became delivered; the 14-day return window runs from it"),
  returns: z.array(ReturnSchema),
  statusHistory: z.array(z.object({ fromStatus: z.string().nullable(), toStatus: z.string(), changedBy: z.string(), changedAt: z.string() })),
  messages: z
    .array(
      z.object({
        channel: z.enum(["email", "whatsapp", "sms"]),
        kind: z.string().describe("paid, processing, outForDelivery, delivered, cancelled, refund, returnDecision, delay or payment_reminder"),
        status: z.enum(["queued", "sent", "delivered", "read", "failed"]),
        at: z.string().describe("when the message last changed (queued, sent, delivered, read or failed)"),
      }),
    )
    .describe("The messages to the shopper about this order, oldest first (CONTRACT.md \"Messages to shoppers\")."),
  notifyWhatsApp: z.boolean().describe("whether the shopper chose order updates on WhatsApp at checkout"),
  ...PromiseFields,
  ...GiftAndSlot,
  source: z
    .object({ utmSource: z.string().nullable(), utmMedium: z.string().nullable(), utmCampaign: z.string().nullable() })
    .nullable()
    .describe(
      "The campaign of the first page the shopper opened from a campaign link in the 30 days before placing (a click id read as its network: facebook, google, tiktok, snapchat); null without one",
    ),
});
const Paged = { total: z.number().int(), page: z.number().int(), pageCount: z.number().int() };
export const AdminOrdersAnswer = z.object({ orders: z.array(AdminOrderRow), ...Paged });
export const AdminOrderRowsAnswer = z.object({ orders: z.array(AdminOrderRow) });
export const AdminOrderAnswer = z.object({ order: AdminOrderDetail });
export const RefundAnswer = z.object({ order: AdminOrderDetail.nullable() });
export const OrderStatusSaved = z.object({ message: z.string(), order: AdminOrderRow });
/** The owner's delay notice, queued to the shopper (issue 30). */
export const DelayQueued = z.object({ message: z.string(), date: z.string().describe("YYYY-MM-DD: the day the order will arrive") });
export const GroupedOrdersAnswer = z.object({
  groups: z.array(z.object({ fullName: z.string(), phone: z.string(), totalOrders: z.number().int(), totalAmount: KD, lastOrderDate: z.string() })),
  ...Paged,
});
export const PhonesAnswer = z.object({
  phones: z.array(
    z.object({
      phone: z.string(),
      fullName: z.string().describe("the name of the newest account with this phone; empty when it gave none"),
      email: z.string().describe("the e-mail of the newest account with this phone"),
      orderCount: z.number().int(),
      lastOrderAt: z.string().nullable(),
    }),
  ),
});

const BestSeller = z.object({ productId: z.string(), nameEn: z.string(), nameAr: z.string(), units: z.number().int(), revenue: KD });
const Totals = {
  productsTotal: KD,
  deliveryTotal: KD,
  giftWrapTotal: KD.describe("Gifts' wrapping (issue 48): productsTotal − discountTotal − exchangeCreditTotal + deliveryTotal + giftWrapTotal = totalAmount"),
  totalAmount: KD,
  discountTotal: KD.describe("What discount codes took off (exchange credits are not discounts)"),
  exchangeCreditTotal: KD.describe("What exchange orders were credited for the items returned: productsTotal − discountTotal − exchangeCreditTotal + deliveryTotal = totalAmount"),
};
const SalesRefund = z
  .object({ creditNoteNumber: z.string(), orderNumber: z.string(), amount: KD, returnNumber: z.string().nullable().describe("The return it refunded, if any") })
  .describe("A credit note issued that day (Kuwait time), whatever day its order was placed.");
const Refunds = {
  refundsTotal: KD.describe("What the credit notes issued in the period gave back."),
  netAmount: KD.describe("totalAmount − refundsTotal; negative when refunds exceed sales."),
  returnsTotal: KD.describe("The part of refundsTotal that refunded returned items."),
  returnCount: z.number().int().describe("Returns asked in the period and not rejected."),
};
export const SalesReportAnswer = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  days: z.record(
    z.string(),
    z.object({
      orders: z.array(
        z.object({
          orderNumber: z.string(),
          totalAmount: KD,
          discountAmount: KD.describe("A discount code's; 0 for a return's exchange"),
          couponCode: z.string().nullable(),
          exchangeCredit: KD.describe("A return's exchange order: the credit of the items returned; else 0"),
          productsTotal: KD,
          deliveryFee: KD,
          giftWrapAmount: KD.describe("The gift's wrapping (issue 48); 0 without one: productsTotal − discountAmount − exchangeCredit + deliveryFee + giftWrapAmount = totalAmount"),
        }),
      ),
      ...Totals,
      refunds: z.array(SalesRefund),
      ...Refunds,
    }),
  ),
  rangeSummary: z.object({ ...Totals, orderCount: z.number().int(), ...Refunds, refundCount: z.number().int() }),
  isFullMonth: z.boolean(),
  recoveredOrders: z.number().int().describe("The range's paid orders that were paid after a payment reminder"),
  recoveredAmount: KD.describe("Their total"),
  bySource: z
    .array(z.object({ source: z.string(), orders: z.number().int(), amount: KD }))
    .describe('The range\'s paid orders by campaign source, most paid first; "(direct)" for orders without one'),
  bestSellers: z.object({
    byUnits: z.array(BestSeller),
    byRevenue: z.array(BestSeller),
    byVariant: z
      .array(BestSeller.extend({ variantId: z.string(), optionValues: z.array(z.object({ en: z.string(), ar: z.string() })) }))
      .describe("The top variants of products with options by units; optionValues as last ordered"),
  }),
});

const BilingualText = z.object({ en: z.string(), ar: z.string() });
export const SettingsAnswer = z.object({
  freeDeliveryFromKD: KD.nullable(),
  shopName: BilingualText.nullable().describe("null until the owner names the shop"),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable().describe("8 digits"),
  whatsappNumber: z.string().nullable().describe("8 digits"),
  address: BilingualText.nullable(),
  tagline: BilingualText.nullable(),
  instagram: z.string().nullable().describe("the handle, without @"),
  commercialRegistration: z.string().nullable(),
  ownerAlertsPhone: z.string().nullable().describe("8 digits"),
  paymentReminders: z.boolean().describe("whether unpaid orders get payment reminders (PAYMENT_REMINDERS' delays)"),
  deliveryDays: z.number().int().describe("days from placing to an order's promised delivery day (`promisedBy`) when no delivery window is chosen; default 3"),
  giftWrapKD: KD.nullable().describe("what gift wrapping costs; null: the checkout does not offer wrapping (issue 48)"),
  reviewsAutoPublish: z.boolean().describe("whether a new review is published at once (one with a link or a phone number still waits)"),
});
export const SettingsSaved = SettingsAnswer.extend({ message: z.string() });
export const UploadAnswer = z.object({ imageUrl: z.string(), message: z.string() });

export const ReturnAnswer = z.object({ return: ReturnSchema });
const AdminReturnRow = ReturnSchema.extend({ fullName: z.string(), phone: z.string() });
export const AdminReturnsAnswer = z.object({ returns: z.array(AdminReturnRow), total: z.number().int(), page: z.number().int(), pageCount: z.number().int() });
const AdminReturn = ReturnSchema.extend({
  notes: z.string().nullable(),
  order: z.object({ _id: z.string(), orderNumber: z.string(), fullName: z.string(), phone: z.string(), email: z.string() }),
  lines: z.array(z.object({ _id: z.string(), orderItemId: z.string(), quantity: z.number().int(), restocked: z.boolean() })).describe("The items' lines, in the order of `items`"),
  exchangeOrderNumber: z.string().nullable(),
  history: z.array(z.object({ fromStatus: z.string().nullable(), toStatus: z.string(), changedBy: z.string(), note: z.string().nullable(), changedAt: z.string() })),
});
export const AdminReturnAnswer = z.object({ return: AdminReturn });
export const AdminReturnSaved = z.object({ message: z.string(), return: AdminReturn });

/** The catalogue import (issue 49, CONTRACT.md "Catalogue in a spreadsheet"): counts of rows, or every bad cell. */
const SheetCellError = z.object({ row: z.number().int().describe("as the spreadsheet numbers it, the header being 1"), column: z.string(), message: z.string() });
export const CatalogueImportAnswer = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), errors: z.array(SheetCellError).max(0) });
export const CatalogueImportRefused = z.object({ message: z.string(), errors: z.array(SheetCellError) });

/** CONTRACT.md "Reviews": a review as read. */
export const ReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  body: z.string(),
  authorName: z.string().describe("the first name and an initial"),
  language: z.enum(["ar", "en"]).describe("the language it was written in"),
  verifiedPurchase: z.literal(true),
  status: z.enum(["pending", "published", "hidden"]),
  photoUrl: z.string().nullable(),
  reply: z.object({ body: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
});
export const ReviewAnswer = z.object({ review: ReviewSchema });
export const ProductReviewsAnswer = z.object({
  reviews: z.array(ReviewSchema),
  average: z.number(),
  count: z.number().int(),
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  page: z.number().int(),
  pageCount: z.number().int(),
});
const AdminReviewSchema = ReviewSchema.extend({
  heldReason: z.string().nullable().describe('"link": held for the owner because it holds a link or a phone number'),
  order: z.object({ _id: z.string(), orderNumber: z.string() }),
  product: z.object({ name: Bilingual, imageUrl: z.string() }),
});
export const AdminReviewsAnswer = z.object({
  reviews: z.array(AdminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  byStatus: z.object({ pending: z.number().int(), published: z.number().int(), hidden: z.number().int() }),
});
export const AdminReviewAnswer = z.object({ review: AdminReviewSchema, message: z.string() });

