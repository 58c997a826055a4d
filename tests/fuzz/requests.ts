/**
 * Generated requests for the fuzz test: fast-check arbitraries for a route's method, path parameters, query, headers
 * and body. Values that must name something real (a product, an order, the administrator's session) are drawn as
 * references and filled in from what the database holds when the request is sent, so they stay valid while the
 * fuzz itself deletes and creates rows.
 */
import fc from "fast-check";
import type { FuzzRoute } from "./routes";

/** Rows and credentials the generated requests may name; refreshed from the database between rounds. */
export type Pool = {
  productIds: string[];
  categoryIds: string[];
  categorySlugs: string[];
  orderIds: string[];
  orderNumbers: string[];
  orderSessionIds: string[];
  phones: string[];
  cities: string[];
  adminCookie: string;
  customerCookie: string;
  customerToken: string;
  customerEmail: string;
  customerPassword: string;
  adminEmail: string;
  adminPassword: string;
};

type RefKind = "productId" | "categoryId" | "categorySlug" | "orderId" | "orderNumber" | "orderSessionId" | "phone" | "city";
type Ref = { $ref: RefKind; n: number };
type Credential = "customerEmail" | "customerPassword" | "adminEmail" | "adminPassword";
type Secret = { $secret: Credential };
/** A JSON-like value whose references are filled in when the request is sent. */
type Value = null | boolean | number | string | Ref | Secret | Value[] | { [key: string]: Value };

export type Auth = "admin" | "customerBearer" | "customerCookie" | "anonymous" | "junk";

type BodyPlan =
  | { kind: "none" }
  | { kind: "json"; shaped: boolean; value: Value; contentType: string | null }
  | { kind: "raw"; text: string; contentType: string | null }
  | { kind: "form"; shaped: boolean; entries: [string, Value][]; contentType: string | null }
  | { kind: "multipart"; shaped: boolean; entries: [string, Value][]; file: FilePlan | null; broken: "no" | "boundary" | "truncated" };

type FilePlan = { field: string; content: "png" | "bytes" | "empty" | "text"; bytes: number[]; filename: string; type: string };

export type RequestPlan = {
  route: FuzzRoute;
  method: string;
  params: Value[];
  query: { raw: boolean; pairs: [string, Value][]; junk: string };
  auth: Auth;
  junkAuth: { cookie: string | null; authorization: string | null };
  headers: [string, string][];
  forwardedFor: string;
  body: BodyPlan;
};

/** A request ready to send, and what is needed to describe it in a failure report. */
export type MaterialRequest = {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  /** Non-GET with a body shaped like the route's own input: the requests most likely to change data. */
  likelyWrite: boolean;
  auth: Auth;
  bodyKind: string;
};

const ARABIC = [..."ابتثجحخدذرسشصضطظعغفقكلمنهوي٠١٢٣٤٥٦٧٨٩ـًٌٍَُِّْ،؟"];

const edgyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 0.0001, -1.5, 1e21, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const numericText = fc.oneof(
  fc.constantFrom("NaN", "Infinity", "-Infinity", "-1", "0", "1.5", "1e309", "-0", "0x10", "1,000", " 5 ", "٣", "١٢٣٤٥٦", "9".repeat(40), "1.2.3", "", " "),
  edgyNumber.map(String),
);

const arabicText = fc.string({ unit: fc.constantFrom(...ARABIC), minLength: 1, maxLength: 40 });

const edgyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: arabicText },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 2, arbitrary: numericText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "<script>alert(1)</script>",
      "'; DROP TABLE \"Order\"; --",
      "%",
      "%_\\",
      "../../etc/passwd",
      "\u0000",
      "\u202Eevil",
      "null",
      "undefined",
      "true",
      "[object Object]",
      "ORD-",
      "ord-123",
      "/\\evil.example",
      "//evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "ب", "0", "%", "\u{1F600}"), fc.integer({ min: 200, max: 6000 })).map(([char, n]) => char.repeat(n)) },
);

const edgyValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: edgyText },
  { weight: 3, arbitrary: edgyNumber },
  { weight: 1, arbitrary: fc.constantFrom<Value>(true, false, null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Value> },
  { weight: 1, arbitrary: fc.constantFrom<Value>([], {}, [null], { en: null, ar: 1 }, { __proto__: { isAdmin: true } }, { constructor: { prototype: 1 } }) },
);

const ref = (kind: RefKind): fc.Arbitrary<Value> => fc.nat({ max: 1000 }).map((n) => ({ $ref: kind, n }));
const secret = (name: Credential): fc.Arbitrary<Value> => fc.constant({ $secret: name });

const anEmail = fc.oneof(
  secret("customerEmail"),
  secret("adminEmail"),
  fc.emailAddress(),
  fc.constantFrom("a@b.c", "ADMIN@LOCALHOST", " shopper@example.com ", "no-at-sign", "@example.com", "x@y", `${"a".repeat(250)}@example.com`, "مستخدم@مثال.كويت"),
);
const aPassword = fc.oneof(secret("customerPassword"), secret("adminPassword"), fc.string({ maxLength: 20 }), fc.constant("a".repeat(300)));
const aPhone = fc.oneof(ref("phone"), fc.constantFrom("51234567", "61234567", "91234567", "+96551234567", "٥١٢٣٤٥٦٧", "1234", "5123456789", "5123 4567"));
const aDate = fc.oneof(
  fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom("2024-02-30", "2024-13-01", "0000-00-00", "9999-12-31", "2024-1-1", "today", "2024-01-01T00:00:00Z", "١٤٤٥-٠١-٠١"),
);
const anAmount = fc.oneof(fc.constantFrom("1.500", "0.001", "1,000.250", "-1", "0", "1e3", "12.3456", "999999999"), edgyNumber);
const aCode = fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom("000000", "12345", "1234567", "١٢٣٤٥٦", " 123456 "));
const bilingualName = fc.record({ en: fc.oneof(fc.string({ maxLength: 20 }), edgyValue), ar: fc.oneof(arabicText, edgyValue) }, { requiredKeys: [] });

/** Values that look like what a field of this name takes, with a share of wrong ones. */
const FIELD_VALUES: Record<string, fc.Arbitrary<Value>> = {
  email: anEmail,
  password: aPassword,
  oldPassword: aPassword,
  newPassword: aPassword,
  phone: aPhone,
  fullName: fc.oneof(arabicText, fc.constantFrom("Sara Ahmad", "")),
  verificationCode: aCode,
  code: aCode,
  verificationToken: fc.oneof(fc.string({ maxLength: 60 }), fc.constant("a".repeat(43))),
  buildingType: fc.constantFrom("Apartment", "Villa", "Office", "apartment", "House", "", "Other"),
  city: fc.oneof(ref("city"), fc.constantFrom("Hawalli", "Atlantis", "حولي")),
  street: fc.oneof(arabicText, fc.constant("Gulf Road")),
  streetNumber: fc.constantFrom("4", "٤", "", "x".repeat(40)),
  block: fc.constantFrom("1", "12", ""),
  buildingNumber: fc.constantFrom("9", "99", ""),
  floor: fc.constantFrom("2", "", "-1"),
  apartmentNumber: fc.constantFrom("7", ""),
  notes: fc.oneof(arabicText, fc.constant("n".repeat(600))),
  status: fc.constantFrom("pending", "processing", "outForDelivery", "delivered", "cancelled", "paid", "all", "PENDING", ""),
  amount: anAmount,
  price: anAmount,
  priceBeforeDiscount: anAmount,
  stockQuantity: fc.oneof(fc.constantFrom("5", "0", "-1", "1.5", "10000000", "1,000"), edgyNumber),
  quantity: fc.oneof(fc.constantFrom(1, 2, 0, -1, 1.5, 999, 1000, 2 ** 31), fc.constantFrom("1", "2", "x")),
  orderSessionId: fc.oneof(ref("orderSessionId"), fc.string({ maxLength: 120 })),
  orderId: fc.oneof(ref("orderId"), ref("orderNumber"), fc.string({ maxLength: 40 })),
  orderNumber: fc.oneof(ref("orderNumber"), fc.constantFrom("ORD-1", "ord-123", "")),
  productId: fc.oneof(ref("productId"), fc.string({ maxLength: 70 })),
  categoryId: fc.oneof(ref("categoryId"), fc.string({ maxLength: 70 })),
  _id: fc.oneof(ref("productId"), fc.string({ maxLength: 70 })),
  id: fc.oneof(ref("productId"), ref("categoryId"), ref("orderId")),
  category: fc.oneof(ref("categorySlug"), fc.constantFrom("all", "UPPER", "a b", "")),
  intent: fc.constantFrom(
    "add",
    "buy",
    "quantity",
    "remove",
    "clear",
    "guest",
    "toggle",
    "delete",
    "refund",
    "status",
    "email",
    "code",
    "profile",
    "resend",
    "change-email",
    "change-code",
    "",
  ),
  lang: fc.constantFrom("ar", "en", "fr", "", "EN", "ar-KW"),
  redirectTo: fc.constantFrom("/", "/cart", "//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "%2F%2Fevil", ""),
  from: fc.constantFrom("checkout", "x", ""),
  mode: fc.constantFrom("fetch", "page", ""),
  source: fc.constantFrom("card", "product", "x"),
  js: fc.constantFrom("1", "0"),
  enhanced: fc.constantFrom("1", "0"),
  tag: fc.oneof(arabicText, fc.constant("t".repeat(250))),
  lineId: fc.oneof(fc.string({ maxLength: 40 }), fc.constant("0")),
  methodId: fc.constantFrom("1", "2", "knet", "card", "", "-1"),
  cardholderName: fc.oneof(arabicText, fc.constant("Sara Ahmad")),
  cardNumber: fc.constantFrom("4111111111111111", "5123450000000008", "4000000000000002", "1234", "411111111111111a", ""),
  month: fc.constantFrom("01", "12", "13", "00", "1", "ab"),
  year: fc.constantFrom("30", "20", "99", "2030", ""),
  cvv: fc.constantFrom("123", "12", "1234", "abc"),
  name: fc.oneof(bilingualName as fc.Arbitrary<Value>, bilingualName.map((name) => JSON.stringify(name)), edgyValue),
  nameEn: fc.oneof(fc.string({ maxLength: 30 }), fc.constant("")),
  nameAr: fc.oneof(arabicText, fc.constant("")),
  description: bilingualName as fc.Arbitrary<Value>,
  color: fc.record({ name: bilingualName, level: bilingualName }, { requiredKeys: [] }) as fc.Arbitrary<Value>,
  filterColor: fc.constantFrom("kindergartenBlue", "primaryPink", "white", "black", ""),
  imageUrl: fc.constantFrom("/uploads/catalogue/seed-product-01-main.webp", "/uploads/products/x.webp", "https://evil.example/x.png", "../../x.webp", ""),
  gallery: fc.array(fc.constantFrom("/uploads/catalogue/seed-product-01-gallery-1.webp", "/uploads/products/a.png", "x"), { maxLength: 14 }),
  hasDiscount: fc.constantFrom<Value>(true, false, "true", "on", "1", "0", "yes", null),
  isAvailable: fc.constantFrom<Value>(true, false, "true", "0", null),
  isNewArrivals: fc.constantFrom<Value>(true, false, "1"),
  customTags: fc.array(
    fc.oneof(fc.record({ title: bilingualName, required: fc.constantFrom<Value>(true, false, "true", 1) }, { requiredKeys: [] }) as fc.Arbitrary<Value>, edgyValue),
    { maxLength: 12 },
  ),
  items: fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ _id: fc.oneof(ref("productId"), fc.string({ maxLength: 70 })), quantity: quantityValue(), customTags: fc.array(fc.oneof(arabicText, edgyValue), { maxLength: 11 }) }, { requiredKeys: ["_id"] }) as fc.Arbitrary<Value> },
      { weight: 1, arbitrary: edgyValue },
    ),
    { maxLength: 6 },
  ),
  address: fc.record(
    {
      city: mostly(ref("city")),
      street: mostly(fc.constant("Gulf Road")),
      streetNumber: mostly(fc.constant("4")),
      block: mostly(fc.constant("1")),
      buildingNumber: mostly(fc.constant("9")),
      floor: edgyValue,
      apartmentNumber: edgyValue,
      notes: edgyValue,
    },
    { requiredKeys: ["city", "street", "streetNumber", "block", "buildingNumber"] },
  ) as fc.Arbitrary<Value>,
  dateFrom: aDate,
  dateTo: aDate,
  page: numericText,
  pageSize: numericText,
  search: fc.oneof(edgyText, ref("orderNumber"), ref("phone")),
  sort: fc.constantFrom("default", "priceAsc", "priceDesc", "x", ""),
  sig: fc.string({ maxLength: 70 }),
  expires: numericText,
  notice: fc.constantFrom("changed", "reset", "x"),
  done: fc.constantFrom("1", "x"),
};

function quantityValue(): fc.Arbitrary<Value> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom<Value>(1, 2) }, fc.constantFrom<Value>(0, -1, 1.5, 999, 1000, 2 ** 31, "1", null), edgyNumber);
}

/** Mostly the good value, sometimes an odd one: a body with all its fields right but one reaches furthest. */
function mostly(good: fc.Arbitrary<Value>): fc.Arbitrary<Value> {
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: edgyValue });
}

/** Names a route might read even when its module does not spell them (they come from a shared schema). */
const COMPANION_NAMES: Record<string, string[]> = {
  "api.auth.login.ts": ["email", "password"],
  "api.auth.register-email.ts": ["email"],
  "api.auth.check-verified.ts": ["email", "verificationToken"],
  "api.auth.verify-code.ts": ["email", "verificationCode", "verificationToken"],
  "api.auth.set-password.ts": ["email", "password", "phone", "fullName", "verificationToken"],
  "api.auth.change-password.ts": ["oldPassword", "newPassword"],
  "api.auth.forgot-password.ts": ["email"],
  "api.auth.verify-reset-code.ts": ["email", "code"],
  "api.auth.reset-password.ts": ["email", "password", "verificationToken"],
  "api.admin.timsar.ts": ["email", "password"],
  "api.admin.orders.$id.status.ts": ["status"],
  "api.admin.orders.$id.refund.ts": ["amount"],
  "api.admin.orders._index.ts": ["status", "search", "dateFrom", "dateTo", "page", "pageSize"],
  "api.admin.grouped-orders.ts": ["page", "pageSize"],
  "api.admin.sales-report.ts": ["dateFrom", "dateTo"],
  "api.admin.products._index.ts": [
    "name",
    "description",
    "price",
    "priceBeforeDiscount",
    "stockQuantity",
    "imageUrl",
    "gallery",
    "color",
    "filterColor",
    "categoryId",
    "isAvailable",
    "isNewArrivals",
    "hasDiscount",
    "customTags",
  ],
  "api.admin.products.$id._index.ts": ["name", "description", "price", "priceBeforeDiscount", "stockQuantity", "gallery", "color", "categoryId", "isAvailable", "hasDiscount", "customTags"],
  "api.admin.categories._index.ts": ["name", "nameEn", "nameAr"],
  "api.admin.categories.$id._index.ts": ["name", "nameEn", "nameAr"],
  "api.orders.ts": ["fullName", "email", "phone", "buildingType", "address", "items"],
  "api.orders.pay.ts": ["orderSessionId"],
  "api.payment.status.ts": ["orderId"],
  "api.messages.webhook.whatsapp.ts": ["hub.mode", "hub.verify_token", "hub.challenge", "object", "entry"],
  "api.invoice.$orderNumber.ts": ["phone"],
  "admin.timsar._index.tsx": ["email", "password"],
  "admin.timsar.orders.$orderId.tsx": ["intent", "status", "amount", "orderId"],
  "admin.timsar.orders._index.tsx": ["status", "orderId"],
  "admin.timsar.products.new.tsx": ["nameEn", "nameAr", "price", "stockQuantity", "categoryId", "images", "filterColor", "hasDiscount"],
  "admin.timsar.products.edit.$id.tsx": ["nameEn", "nameAr", "price", "stockQuantity", "categoryId", "images", "filterColor", "hasDiscount"],
  "admin.timsar.categories.new.tsx": ["nameEn", "nameAr"],
  "admin.timsar.categories.edit.$id.tsx": ["nameEn", "nameAr"],
  "cart.tsx": ["intent", "productId", "source", "tag", "lineId", "quantity", "mode", "redirectTo"],
  "checkout.tsx": ["fullName", "email", "phone", "buildingType", "city", "street", "streetNumber", "block", "buildingNumber", "floor", "apartmentNumber", "notes", "enhanced", "intent"],
  "login.tsx": ["email", "password", "from"],
  "register.tsx": ["intent", "email", "verificationCode", "fullName", "phone", "password"],
  "forgot-password.tsx": ["email", "js"],
  "verify-reset-code.tsx": ["code"],
  "reset-password.tsx": ["password", "js"],
  "change-password.tsx": ["oldPassword", "newPassword"],
  "payment.tsx": ["orderSessionId", "methodId", "cardholderName", "cardNumber", "month", "year", "cvv"],
  "language.ts": ["lang", "redirectTo"],
  "view-invoice.tsx": ["orderNumber", "phone"],
  "_index.tsx": ["category", "color", "sort"],
};

const GENERIC_NAMES = ["page", "pageSize", "id", "q", "search", "status", "redirectTo", "lang", "__proto__", "constructor"];

function namesFor(route: FuzzRoute): string[] {
  return [...new Set([...route.names, ...(COMPANION_NAMES[route.file] ?? [])])];
}

function valueFor(name: string): fc.Arbitrary<Value> {
  // Own keys only: "__proto__" and "constructor" are generated names too.
  const specific = Object.hasOwn(FIELD_VALUES, name) ? FIELD_VALUES[name] : undefined;
  return specific ? fc.oneof({ weight: 4, arbitrary: specific }, { weight: 1, arbitrary: edgyValue }) : edgyValue;
}

/**
 * An object with the route's own fields: often all of those its schema takes (so that some bodies are valid and
 * reach the code behind the checks, with one or two odd values among them), else a random few, sometimes with extra ones.
 */
function shapedObject(route: FuzzRoute): fc.Arbitrary<Value> {
  const names = namesFor(route);
  const complete = COMPANION_NAMES[route.file] ?? names;
  const own = fc.oneof(fc.constant(complete), names.length > 0 ? fc.subarray(names) : fc.constant<string[]>([]));
  return fc
    .tuple(own, fc.subarray(GENERIC_NAMES, { maxLength: 2 }))
    .chain(([chosen, extra]) => {
      const keys = [...new Set([...chosen, ...extra])];
      return fc.tuple(...keys.map((key) => valueFor(key))).map((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]])) as Value);
    });
}

const CONTENT_TYPES = [
  null,
  "",
  "text/plain",
  "application/json",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=latin1",
  "multipart/form-data",
  "multipart/form-data; boundary=zzz",
  "application/xml",
  "*/*",
  "application/octet-stream",
  "application/json, text/plain",
];
const oddContentType = fc.constantFrom(...CONTENT_TYPES);

const validItem = fc.record({ _id: ref("productId"), quantity: fc.constantFrom<Value>(1, 2, 3), customTags: fc.constantFrom<Value>([], ["سارة"], ["Sara"]) });
const validProduct = fc.record({
  name: fc.record({ en: fc.constantFrom("Pink bow", "Navy ribbon"), ar: arabicText }),
  price: fc.constantFrom("1.500", "0.250", "12"),
  stockQuantity: fc.constantFrom("5", "0", "120"),
  categoryId: ref("categoryId"),
  imageUrl: fc.constant("/uploads/catalogue/seed-product-01-main.webp"),
  filterColor: fc.constantFrom("primaryPink", "white"),
  isAvailable: fc.boolean(),
  hasDiscount: fc.constant(false),
});

/** Bodies the route accepts as they are, for the routes whose input has too many parts to be hit by chance. */
const VALID_BODIES: Record<string, fc.Arbitrary<Record<string, Value>>> = {
  "api.orders.ts": fc.record({
    fullName: fc.constantFrom("Sara Ahmad", "سارة أحمد"),
    email: fc.constantFrom("sara@example.com", "shopper@example.com"),
    phone: fc.constantFrom("51234567", "61234567", "91234567"),
    buildingType: fc.constantFrom("Apartment", "Villa", "Office"),
    address: fc.record({ city: ref("city"), street: fc.constant("Gulf Road"), streetNumber: fc.constant("4"), block: fc.constant("1"), buildingNumber: fc.constant("9") }),
    items: fc.array(validItem, { minLength: 1, maxLength: 3 }),
  }),
  "api.orders.pay.ts": fc.record({ orderSessionId: ref("orderSessionId") }),
  "api.admin.orders.$id.status.ts": fc.record({ status: fc.constantFrom("pending", "processing", "outForDelivery", "delivered", "cancelled") }),
  "api.admin.orders.$id.refund.ts": fc.record({ amount: fc.constantFrom<Value>(0.5, 1, "1.000", 100) }),
  "api.admin.products._index.ts": validProduct,
  "api.admin.products.$id._index.ts": validProduct,
  "api.auth.login.ts": fc.record({ email: secret("customerEmail"), password: fc.oneof(secret("customerPassword"), fc.constant("wrong-password")) }),
  "api.admin.timsar.ts": fc.record({ email: secret("adminEmail"), password: fc.oneof(secret("adminPassword"), fc.constant("wrong-password")) }),
  "cart.tsx": fc.record({ intent: fc.constantFrom("add", "buy"), productId: ref("productId"), source: fc.constantFrom("card", "product"), tag: fc.constant("Sara") }),
};

/** A valid body, or a valid body with one field swapped for an odd value. */
function nearlyValid(route: FuzzRoute): fc.Arbitrary<Value> | null {
  const valid = VALID_BODIES[route.file];
  if (!valid) return null;
  return fc.tuple(valid, fc.option(fc.tuple(fc.nat(), edgyValue), { freq: 2 })).map(([body, mutation]) => {
    if (!mutation) return body;
    const keys = Object.keys(body);
    return { ...body, [keys[mutation[0] % keys.length]]: mutation[1] };
  });
}

function jsonBody(route: FuzzRoute): fc.Arbitrary<BodyPlan> {
  const valid = nearlyValid(route);
  return fc
    .tuple(
      fc.oneof(
        { weight: valid ? 6 : 0, arbitrary: (valid ?? fc.constant<Value>(null)).map((value) => ({ shaped: true, value })) },
        { weight: 6, arbitrary: shapedObject(route).map((value) => ({ shaped: true, value })) },
        { weight: 2, arbitrary: (fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Value>).map((value) => ({ shaped: false, value })) },
        { weight: 1, arbitrary: fc.array(shapedObject(route), { maxLength: 3 }).map((value) => ({ shaped: false, value: value as Value })) },
      ),
      fc.oneof({ weight: 8, arbitrary: fc.constant("application/json") }, { weight: 2, arbitrary: oddContentType }),
    )
    .map(([{ shaped, value }, contentType]) => ({ kind: "json" as const, shaped, value, contentType }));
}

const rawBody: fc.Arbitrary<BodyPlan> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        "{",
        '{"a":',
        "[1,2",
        "null",
        '"x"',
        "0",
        "undefined",
        '{"a":1}{"b":2}',
        "\uFEFF{}",
        '{"__proto__":{"isAdmin":true}}',
        '{"email":"a@b.c","email":"x"}',
        "a=1&b=2",
        "%zz=%",
        "=&&=",
        "--zzz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--zzz--",
      ),
      fc.string({ maxLength: 60 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.integer({ min: 50, max: 2000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
      fc.integer({ min: 50, max: 2000 }).map((depth) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)),
    ),
    oddContentType,
  )
  .map(([text, contentType]) => ({ kind: "raw" as const, text, contentType }));

function formEntries(route: FuzzRoute): fc.Arbitrary<[string, Value][]> {
  const names = namesFor(route);
  const name = fc.oneof({ weight: 5, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant("x") }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  return fc.array(name, { maxLength: 10 }).chain((keys) => fc.tuple(...keys.map((key) => valueFor(key))).map((values) => keys.map((key, index): [string, Value] => [key, values[index]])));
}

function formBody(route: FuzzRoute): fc.Arbitrary<BodyPlan> {
  const valid = nearlyValid(route);
  const entries = valid
    ? fc.oneof(formEntries(route), valid.map((body) => Object.entries(body as Record<string, Value>)))
    : formEntries(route);
  return fc
    .tuple(entries, fc.oneof({ weight: 8, arbitrary: fc.constant("application/x-www-form-urlencoded") }, { weight: 2, arbitrary: oddContentType }))
    .map(([entries, contentType]) => ({ kind: "form" as const, shaped: true, entries, contentType }));
}

const filePlan: fc.Arbitrary<FilePlan> = fc.record({
  field: fc.constantFrom("image", "iconImage", "imageFile", "file", "name"),
  content: fc.constantFrom("png" as const, "bytes" as const, "empty" as const, "text" as const),
  bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }),
  filename: fc.constantFrom("a.png", "../../evil.png", "ملف.webp", "", "x".repeat(300), "a.svg"),
  type: fc.constantFrom("image/png", "image/webp", "image/svg+xml", "text/html", "application/octet-stream", ""),
});

function multipartBody(route: FuzzRoute): fc.Arbitrary<BodyPlan> {
  return fc
    .record({
      entries: formEntries(route),
      file: fc.option(filePlan, { freq: 2 }),
      broken: fc.constantFrom("no" as const, "no" as const, "no" as const, "boundary" as const, "truncated" as const),
    })
    .map(({ entries, file, broken }) => ({ kind: "multipart" as const, shaped: true, entries, file, broken }));
}

function bodyFor(route: FuzzRoute, method: string): fc.Arbitrary<BodyPlan> {
  const none = fc.constant<BodyPlan>({ kind: "none" });
  if (method === "GET" || method === "HEAD") return fc.oneof({ weight: 9, arbitrary: none }, { weight: 1, arbitrary: rawBody });
  const json = { weight: route.isApi ? 6 : 2, arbitrary: jsonBody(route) };
  const form = { weight: route.isApi ? 2 : 6, arbitrary: formBody(route) };
  const multipart = { weight: route.isApi ? 2 : 2, arbitrary: multipartBody(route) };
  return fc.oneof(json, form, multipart, { weight: 2, arbitrary: rawBody }, { weight: 1, arbitrary: none });
}

const UNKNOWN_TOKEN = "A".repeat(43);

/** Node refuses to send a header with a control character (tab aside), so those are left out. */
function withoutControls(text: string): string {
  return [...text].filter((char) => char === "\t" || (char >= " " && char !== "\u007f")).join("");
}

const junkCookie = fc.oneof(
  fc.constantFrom(
    "__admin=abc",
    "__session=abc",
    "__admin=eyJ4Ijp0cnVlfQ%3D%3D.forged",
    "__session=InNlc3Npb24i.forged",
    "lang=zz",
    "lang=%E0%A4%A",
    "cart=%7B%22lines%22%3A1%7D",
    "cart=garbage.sig",
    "a=b; a=c; ;;; =x",
    "__admin=; __admin=x",
    `big=${"x".repeat(4000)}`,
    "checkout_guest=1",
  ),
  // Any printable text; control characters are left out because Node itself refuses to send them.
  fc.string({ unit: "binary-ascii", maxLength: 80 }).map((text) => withoutControls(text)),
);
const junkAuthorization = fc.constantFrom(
  "Bearer x",
  `Bearer ${UNKNOWN_TOKEN}`,
  "Basic Zm9vOmJhcg==",
  "Bearer",
  "bearer " + UNKNOWN_TOKEN,
  `Bearer ${"A".repeat(5000)}`,
  "Bearer \u00e9\u00e9",
  "Token abc",
);

/** Stands for the shop's own origin (APP_URL's), which tests/fuzz/send.ts writes in: a same-site write. */
export const SHOP_ORIGIN = "(the shop's origin)";

const headerLatin1 = (text: string) => withoutControls(Buffer.from(text, "utf8").toString("latin1"));

const singleOddHeaders: fc.Arbitrary<[string, string][]> = fc
  .record(
    {
      "Accept-Language": fc.oneof(fc.constantFrom("ar", "en-US,en;q=0.9", "ar-KW,ar;q=0.9,en;q=0.8", "*", "en;q=abc", "xx", ";;;", "a".repeat(3000)), fc.string({ maxLength: 40 }).map(headerLatin1)),
      Accept: fc.constantFrom("application/json", "text/html", "*/*", "image/webp", "text/html;q=junk", ""),
      Origin: fc.constantFrom("https://evil.example", "null", "http://127.0.0.1", SHOP_ORIGIN),
      "Sec-Fetch-Site": fc.constantFrom("same-origin", "cross-site", "none", "junk"),
      "X-Forwarded-Proto": fc.constantFrom("https", "http", "gopher", "", "https, http"),
      "X-Forwarded-Host": fc.constantFrom("shop.example", "evil.example:99999", "a b", "[::1]", "x".repeat(300), "ex%ample.com", "例え.jp"),
      "If-None-Match": fc.constantFrom("*", '"abc"', "W/junk"),
      Range: fc.constantFrom("bytes=0-1", "bytes=junk", "bytes=9999999-"),
      "User-Agent": fc.constantFrom("Googlebot/2.1", "curl/8", "", "Mozilla/5.0"),
      "X-HTTP-Method-Override": fc.constantFrom("DELETE", "PUT"),
      "Content-Encoding": fc.constantFrom("gzip", "br", "identity", "junk"),
    },
    { requiredKeys: [] },
  )
  // One or two odd headers at a time, so a finding names the header that caused it.
  .chain((record) => {
    // fast-check refuses a maxLength above the array's length: a record may hold no header or one.
    const entries = Object.entries(record);
    return fc.subarray(entries, { maxLength: Math.min(2, entries.length) });
  })
  .map((entries) => entries.map(([name, value]): [string, string] => [name, headerLatin1(value)]));

/** A same-site write that reached the shop through a proxy naming another host (Remix once answered those a 500). */
const proxiedSameSite: fc.Arbitrary<[string, string][]> = fc
  .constantFrom("shop.example", "evil.example:99999", "shop-internal:3000")
  .map((host) => [
    ["Origin", SHOP_ORIGIN],
    ["X-Forwarded-Host", host],
  ]);

const oddHeaders = fc.oneof({ weight: 4, arbitrary: singleOddHeaders }, { weight: 1, arbitrary: proxiedSameSite });

const forwardedFor = fc.oneof(
  { weight: 20, arbitrary: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`) },
  { weight: 1, arbitrary: fc.constantFrom("", "unknown", "::1", "1.2.3.4, 5.6.7.8", "not an address", "999.999.999.999", "[::1]:80", "fe80::1%eth0") },
);

const QUERY_NAMES = ["page", "pageSize", "search", "status", "dateFrom", "dateTo", "category", "categoryId", "orderId", "orderNumber", "orderSessionId", "phone", "sort", "color", "redirectTo", "lang", "from", "notice", "done", "sig", "expires", "index"];

function queryFor(route: FuzzRoute) {
  const names = [...new Set([...route.names, ...(COMPANION_NAMES[route.file] ?? []), ...QUERY_NAMES])];
  const pair = fc.constantFrom(...names).chain((name) => valueFor(name).map((value): [string, Value] => [name, value]));
  return fc.record({
    raw: fc.boolean(),
    pairs: fc.array(pair, { maxLength: 5 }),
    junk: fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("&", "%", "%zz", "a=%E0%A4%A", "=&=", "page=1&page=2", "_data=routes%2Froot", "index") }),
  });
}

function paramFor(name: string): fc.Arbitrary<Value> {
  const junk = fc.oneof(
    fc.string({ maxLength: 20 }),
    arabicText,
    fc.constantFrom("..", ".", "%2F", "%00", "%", "%E0%A4%A", "x".repeat(2000), "ORD-", "0", "-1", "1.5", "null", "__proto__"),
  );
  const real: Record<string, fc.Arbitrary<Value>> = {
    id: fc.oneof(ref("productId"), ref("categoryId"), ref("orderId"), ref("orderNumber")),
    orderId: fc.oneof(ref("orderId"), ref("orderNumber")),
    orderNumber: fc.oneof(ref("orderNumber"), ref("orderNumber").map((value) => ({ lower: value }) as Value)),
    phone: ref("phone"),
    slug: ref("categorySlug"),
    provider: fc.constantFrom("test", "myfatoorah", "tap", "knet"),
    file: ref("orderNumber"),
    "*": fc.constantFrom("nothing-here", "api/nothing", "admin/timsar/x", "build/../../etc/passwd"),
  };
  return fc.oneof({ weight: 3, arbitrary: (Object.hasOwn(real, name) ? real[name] : undefined) ?? junk }, { weight: 2, arbitrary: junk });
}

/** One generated request against one route. */
export function requestPlan(routes: FuzzRoute[], weightOf: (route: FuzzRoute) => number): fc.Arbitrary<RequestPlan> {
  const route = fc.oneof(...routes.map((entry) => ({ weight: weightOf(entry), arbitrary: fc.constant(entry) })));
  return route.chain((chosen) =>
    fc
      .oneof({ weight: 12, arbitrary: fc.constantFrom(...chosen.methods) }, { weight: 1, arbitrary: fc.constantFrom("HEAD", "OPTIONS", "PUT", "PATCH", "DELETE", "POST") })
      .chain((method) =>
        fc.record({
          route: fc.constant(chosen),
          method: fc.constant(method),
          params: fc.tuple(...chosen.params.map(paramFor)),
          query: queryFor(chosen),
          auth: fc.constantFrom<Auth>("admin", "admin", "admin", "customerBearer", "customerCookie", "anonymous", "anonymous", "junk"),
          junkAuth: fc.record({ cookie: fc.option(junkCookie, { freq: 2 }), authorization: fc.option(junkAuthorization, { freq: 2 }) }),
          headers: fc.option(oddHeaders, { freq: 1, nil: [] as [string, string][] }),
          forwardedFor,
          body: bodyFor(chosen, method),
        }),
      ),
  );
}

function pick<T>(list: T[], n: number, fallback: T): T {
  return list.length === 0 ? fallback : list[n % list.length];
}

function resolve(value: Value, pool: Pool): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(item, pool));
  if (value && typeof value === "object") {
    if ("$ref" in value && typeof value.$ref === "string" && typeof value.n === "number") {
      const lists: Record<RefKind, string[]> = {
        productId: pool.productIds,
        categoryId: pool.categoryIds,
        categorySlug: pool.categorySlugs,
        orderId: pool.orderIds,
        orderNumber: pool.orderNumbers,
        orderSessionId: pool.orderSessionIds,
        phone: pool.phones,
        city: pool.cities,
      };
      return pick(lists[value.$ref as RefKind], value.n, "missing");
    }
    if ("$secret" in value && typeof value.$secret === "string") return pool[value.$secret as Credential];
    if ("lower" in value && Object.keys(value).length === 1) return String(resolve(value.lower as Value, pool)).toLowerCase();
    // Own keys only, so a generated "__proto__" key stays a key of the body instead of a prototype.
    const record = value as { [key: string]: Value };
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(record)) Object.defineProperty(result, key, { value: resolve(record[key], pool), enumerable: true, writable: true, configurable: true });
    return result;
  }
  return value;
}

/** How a form or query carries a value: text as it is, anything else as JSON (the way the admin API reads nested fields). */
function asFieldText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value) ?? "";
}

/** The smallest valid PNG (1×1), so an upload can get as far as the image decoder. */
const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5c2b0c30000000049454e44ae426082",
  "hex",
);

function multipart(entries: [string, unknown][], file: FilePlan | null, broken: "no" | "boundary" | "truncated"): { body: Buffer; type: string } {
  const boundary = "----fuzz" + Math.abs(entries.length * 7919 + (file?.bytes.length ?? 0)).toString(16);
  const parts: Buffer[] = [];
  for (const [name, value] of entries) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${asFieldText(value)}\r\n`, "utf8"));
  }
  if (file) {
    const content = file.content === "png" ? TINY_PNG : file.content === "empty" ? Buffer.alloc(0) : file.content === "text" ? Buffer.from("<svg onload=alert(1)>") : Buffer.from(file.bytes);
    const typeLine = file.type ? `\r\nContent-Type: ${file.type}` : "";
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"${typeLine}\r\n\r\n`, "utf8"), content, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(parts);
  if (broken === "truncated") body = body.subarray(0, Math.floor(body.length / 2));
  const type = broken === "boundary" ? "multipart/form-data; boundary=not-the-one" : `multipart/form-data; boundary=${boundary}`;
  return { body, type };
}

function encodeQuery(plan: RequestPlan, pool: Pool): string {
  const parts = plan.query.pairs.map(([name, value]) => {
    const text = asFieldText(resolve(value, pool));
    return `${encodeURIComponent(name)}=${encodeURIComponent(text)}`;
  });
  if (plan.query.junk) parts.push(plan.query.junk);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

const RAW_SEGMENTS = new Set(["%2F", "%00", "%", "%E0%A4%A"]);

function encodeSegment(value: unknown): string {
  const text = asFieldText(value);
  if (RAW_SEGMENTS.has(text)) return text;
  return encodeURIComponent(text);
}

/** The request as bytes on the wire: references filled in, credentials added, the body encoded as planned. */
export function materialize(plan: RequestPlan, pool: Pool): MaterialRequest {
  let index = 0;
  const path = plan.route.pattern.replace(/:[A-Za-z_]+|\*/g, () => encodeSegment(resolve(plan.params[index++] ?? "x", pool)));
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  if (plan.auth === "admin") cookies.push(pool.adminCookie);
  if (plan.auth === "customerCookie") cookies.push(pool.customerCookie);
  if (plan.auth === "customerBearer") headers.Authorization = `Bearer ${pool.customerToken}`;
  if (plan.auth === "junk") {
    if (plan.junkAuth.cookie !== null) cookies.push(plan.junkAuth.cookie);
    if (plan.junkAuth.authorization !== null) headers.Authorization = plan.junkAuth.authorization;
  }
  if (cookies.length > 0) headers.Cookie = cookies.join("; ");
  for (const [name, value] of plan.headers) headers[name] = value;
  headers["X-Forwarded-For"] = plan.forwardedFor;

  let body: Buffer | undefined;
  let contentType: string | null = null;
  const shaped = "shaped" in plan.body && plan.body.shaped;
  switch (plan.body.kind) {
    case "none":
      break;
    case "json":
      body = Buffer.from(JSON.stringify(resolve(plan.body.value, pool)) ?? "null", "utf8");
      contentType = plan.body.contentType;
      break;
    case "raw":
      body = Buffer.from(plan.body.text, "utf8");
      contentType = plan.body.contentType;
      break;
    case "form": {
      const form = new URLSearchParams();
      for (const [name, value] of plan.body.entries) form.append(name, asFieldText(resolve(value, pool)));
      body = Buffer.from(form.toString(), "utf8");
      contentType = plan.body.contentType;
      break;
    }
    case "multipart": {
      const built = multipart(
        plan.body.entries.map(([name, value]) => [name, resolve(value, pool)]),
        plan.body.file,
        plan.body.broken,
      );
      body = built.body;
      contentType = built.type;
      break;
    }
  }
  if (contentType !== null) headers["Content-Type"] = contentType;
  const servesMethod = plan.route.hasAction && plan.route.methods.includes(plan.method) && plan.method !== "GET";
  const mayPass = !plan.route.isAdmin || plan.auth === "admin";
  const likelyWrite = servesMethod && mayPass && shaped;
  return {
    route: plan.route.file,
    method: plan.method,
    path: `${path}${encodeQuery(plan, pool)}`,
    headers,
    body,
    likelyWrite,
    auth: plan.auth,
    bodyKind: plan.body.kind,
  };
}
