/**
 * The JSON the API answers, as zod schemas for the OpenAPI document (app/api-docs/openapi.server.ts). Written from
 * what the routes and their models' JSON functions return (SPEC.md section 7's field names); the API tests check
 * every answer against the document, so a route that drifts from these fails its tests.
 */
import { z } from "zod";
import { ORDER_STATUSES } from "~/shared/order-status";

/** CONTRACT.md's error shape (`jsonError`): a bilingual message, and field errors where there are any. */
export const ErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** A message only: logout, password changes and the like. */
export const MessageSchema = z.object({ message: z.string() });

const Bilingual = z.object({ en: z.string(), ar: z.string() });
/** Kuwaiti dinars as a number of up to three decimals (integer fils on the server). */
const KD = z.number();

export const CategorySchema = z.object({
  _id: z.string(),
  name: Bilingual,
  slug: z.string(),
  iconImage: z.string(),
  isVisible: z.boolean(),
  productCount: z.number().int().optional(),
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
});

export const MyOrdersAnswer = z.object({
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      status: OrderStatus,
      createdAt: z.string(),
      totalAmount: KD,
      productsTotal: KD,
      discount: KD,
      couponCode: z.string().nullable(),
      deliveryFee: KD,
      fullName: z.string(),
      phone: z.string(),
      invoiceUrl: z.string(),
      address: OrderAddress,
      items: z.array(OrderItem),
    }),
  ),
});

export const OrderPlacedAnswer = z.object({ paymentUrl: z.string(), orderSessionId: z.string(), orderNumber: z.string(), orderId: z.string() });
export const OrderStatusAnswer = z.object({ orderNumber: z.string(), status: OrderStatus });
export const OrderPaidAnswer = z.object({ orderNumber: z.string(), message: z.string() });
export const InvoiceAnswer = z.object({ orderNumber: z.string(), status: OrderStatus, invoiceUrl: z.string().optional() });
export const PaymentStatusAnswer = z.object({ status: z.enum(["paid", "unpaid", "failed"]), orderNumber: z.string() });

export const LoginAnswer = z.object({ email: z.string(), token: z.string() });
export const SessionAnswer = z.object({ email: z.string().nullable(), isAuthenticated: z.boolean() });
export const RegistrationAnswer = z.object({ message: z.string(), alreadyVerified: z.boolean() });
export const VerifiedCodeAnswer = z.object({ message: z.string(), alreadyVerified: z.boolean(), verificationToken: z.string().optional() });
export const ResetCodeAnswer = z.object({ message: z.string(), verificationToken: z.string() });
export const CheckVerifiedAnswer = z.object({ verified: z.boolean() });
export const StockNoticeAnswer = z.object({ message: z.string(), email: z.string() });

export const AdminSessionAnswer = z.union([z.object({ isAdmin: z.literal(true), email: z.string() }), z.object({ isAdmin: z.literal(false) })]);
export const AdminLoginAnswer = z.object({ message: z.string(), email: z.string(), isAdmin: z.literal(true) });

/**
 * The admin answers not yet written out field by field: any JSON object. Their statuses and errors are in the
 * document all the same; replacing one of these with the real shape is how the document grows.
 */
export const UndescribedObject = z.looseObject({}).describe("A JSON object whose fields this document does not yet list.");
