/**
 * Back in stock through its three doors: `POST /api/products/{id}/notify` (shapes and errors), the product page's
 * form posted without JavaScript, and the confirmation and unsubscribe pages with the tokens from the real mails
 * (loopback SMTP).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { sendBackInStockNotices } from "~/models/catalogue/index.server";
import { createProduct, createProductWithOptions } from "../../tests/factories/product";
import { uniqueEmail, uniqueId } from "../../tests/factories/unique";
import { startOutbox } from "~/models/jobs/index.server";
import { startSmtpServer } from "../../tests/setup/smtp";
import { action as notifyApi, loader as notifyApiGet } from "./api.products.$id_.notify";
import { action as productAction } from "./product.$id";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "./stock-notices.unsubscribe";
import { action as confirmAction, loader as confirmLoader } from "./stock-notices.confirm";
import { expectConformsToOpenApi } from "../../tests/support/openapi-conformance";

// getEnv() has not been read yet in this process (vitest runs each file in its own).
const smtp = await startSmtpServer();
Object.assign(process.env, { APP_URL: "http://shop.test", SMTP_URL: smtp.url });
// The outbox's sender, as a server runs it: the confirmation link goes after it is queued (decision 0054).
const stopOutbox = startOutbox({ intervalMs: 200 });
afterAll(async () => {
  await stopOutbox();
  await smtp.close();
});

type Handler = (args: ActionFunctionArgs) => unknown;

/** Runs a route's loader or action as Remix would, and reads its answer whatever form it takes (Response, data(), object). */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}, address = uniqueId("10.9")) {
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", clientAddress: address } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) await expectConformsToOpenApi(request.method, request.url, result);
  if (result instanceof Response) return { status: result.status, body: (await result.json()) as Record<string, unknown> };
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: Record<string, unknown>; init?: ResponseInit };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

function postJson(id: string, body: unknown, language: "ar" | "en" = "en", address?: string) {
  const request = new Request(`http://shop.test/api/products/${id}/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: `lang=${language}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return call(notifyApi, request, { id }, address);
}

function postForm(id: string, fields: Record<string, string>, language: "ar" | "en") {
  const request = new Request(`http://shop.test/product/${id}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `lang=${language}` },
    body: new URLSearchParams(fields),
  });
  return call(productAction, request, { id });
}

/** The confirmation link from the real mail an address got. */
async function confirmLinkFor(email: string): Promise<string> {
  const mail = await smtp.waitForMail(email);
  const match = /http:\/\/shop\.test\/stock-notices\/confirm\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[0];
}

const postToken = (link: string, language: "ar" | "en") =>
  new Request(link, {
    method: "POST",
    headers: { Cookie: `lang=${language}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: new URL(link).searchParams.get("token")! }),
  });

describe("POST /api/products/{id}/notify", () => {
  it("answers 201 { message, email } the same for a new address and for one already waiting, in any capitals", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    const first = await postJson(product.id, { email: `  ${email.toUpperCase()} ` });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ email, message: expect.stringMatching(/^Thank you\. We will e-mail .+ confirmation link .+ \/ شكرًا لك/) });
    expect(await postJson(product.id, { email })).toEqual(first);
    expect(await prisma.stockNotice.findMany({ where: { productId: product.id }, select: { email: true, language: true } })).toEqual([{ email, language: "en" }]);
  });

  it("answers a bad e-mail 400 with a bilingual message and field errors, and a body that is not JSON 400", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const bad = await postJson(product.id, { email: "someone@example" });
    expect(bad).toEqual({
      status: 400,
      body: {
        message: "Please enter a valid email address. / يرجى إدخال بريد إلكتروني صحيح.",
        fieldErrors: { email: ["Please enter a valid email address. / يرجى إدخال بريد إلكتروني صحيح."] },
      },
    });
    expect((await postJson(product.id, {})).status).toBe(400);
    expect((await postJson(product.id, "{not json")).status).toBe(400);
    expect(await prisma.stockNotice.count({ where: { productId: product.id } })).toBe(0);
  });

  it("answers 404 for an unknown or hidden product, 409 for one in stock, 405 for GET", async () => {
    const hidden = await createProduct(prisma, { stockQuantity: 0, isVisible: false });
    const inStock = await createProduct(prisma, { stockQuantity: 3 });
    const missing = await postJson(uniqueId("missing"), { email: uniqueEmail() });
    expect(missing).toEqual({ status: 404, body: { message: "This product does not exist or is no longer on sale. / هذا المنتج غير موجود أو لم يعد معروضًا للبيع." } });
    expect((await postJson(hidden.id, { email: uniqueEmail() })).status).toBe(404);
    const conflict = await postJson(inStock.id, { email: uniqueEmail() });
    expect(conflict).toEqual({ status: 409, body: { message: "This product is in stock now: you can order it right away. / هذا المنتج متوفر الآن: يمكنك طلبه مباشرة." } });
    const get = await call(notifyApiGet as Handler, new Request(`http://shop.test/api/products/${inStock.id}/notify`), { id: inStock.id });
    expect(get.status).toBe(405);
    expect(typeof get.body.message).toBe("string");
  });

  it("answers 429 with a bilingual message past the sign-ups of one client address", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const address = uniqueId("10.8");
    const emails = Array.from({ length: 20 }, () => uniqueEmail());
    for (const email of emails) expect((await postJson(product.id, { email }, "en", address)).status).toBe(201);
    const limited = await postJson(product.id, { email: uniqueEmail() }, "en", address);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. .+ \/ محاولات/);
    // Each address taken was asked to confirm (in the background): all twenty mails arrive.
    for (const email of emails) await smtp.waitForMail(email);
  });
});

describe("back in stock per variant (issue 31)", () => {
  const COLOUR = { nameEn: "Colour", values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
  const clip = () =>
    createProductWithOptions(prisma, [COLOUR], [{ optionValues: [COLOUR.values[0]], stockQuantity: 0 }, { optionValues: [COLOUR.values[1]], stockQuantity: 2 }], {
      nameEn: "Hair Clip",
      nameAr: "مشبك شعر",
    });

  it("the API takes the variantId of a sold-out variant, and answers 400 naming the product without one", async () => {
    const { product, variants } = await clip();
    const email = uniqueEmail();
    const missing = { status: 400, body: { message: "Please choose the options of Hair Clip. / يرجى اختيار خيارات المنتج مشبك شعر." } };
    expect(await postJson(product.id, { email })).toEqual(missing);
    expect(await postJson(product.id, { email, variantId: 7 })).toEqual(missing);
    expect((await postJson(product.id, { email, variantId: variants[1].id })).status).toBe(409);
    expect((await postJson(product.id, { email, variantId: variants[0].id })).status).toBe(201);
    const plain = await createProduct(prisma, { stockQuantity: 0 });
    expect((await postJson(plain.id, { email, variantId: variants[0].id })).status).toBe(201);
    const notices = await prisma.stockNotice.findMany({ where: { email }, select: { productId: true, variantId: true }, orderBy: { createdAt: "asc" } });
    expect(notices).toEqual([
      { productId: product.id, variantId: variants[0].id },
      { productId: plain.id, variantId: plain.id },
    ]);
  });

  it("the page's form sends the variant shown, and names the product when none is", async () => {
    const { product, variants } = await clip();
    const email = uniqueEmail();
    expect(await postForm(product.id, { email }, "ar")).toEqual({ status: 400, body: { ok: false, field: false, message: "يرجى اختيار خيارات المنتج مشبك شعر." } });
    expect((await postForm(product.id, { email, variantId: variants[0].id }, "en")).status).toBe(201);
    expect(await prisma.stockNotice.findMany({ where: { email }, select: { variantId: true } })).toEqual([{ variantId: variants[0].id }]);
  });
});

describe("the product page's Notify me form, posted without JavaScript", () => {
  it("answers in the page's language only: received, a bad e-mail as the field's error, in stock", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    const received = { status: 201, body: { ok: true, field: false, message: expect.stringMatching(new RegExp(`^شكرًا لك. سنرسل رسالة واحدة إلى ${email.replace(/[.+]/g, "\\$&")} `)) as unknown } };
    expect(await postForm(product.id, { email }, "ar")).toEqual(received);
    expect(await postForm(product.id, { email }, "ar")).toEqual(received);
    expect(await postForm(product.id, { email: "not-an-address" }, "en")).toEqual({ status: 400, body: { ok: false, field: true, message: "Please enter a valid email address.", typed: "not-an-address" } });
    expect(await postForm(product.id, {}, "ar")).toEqual({ status: 400, body: { ok: false, field: true, message: "يرجى إدخال بريد إلكتروني صحيح.", typed: "" } });
    const inStock = await createProduct(prisma, { stockQuantity: 1 });
    expect(await postForm(inStock.id, { email }, "en")).toMatchObject({ status: 409, body: { ok: false, message: "This product is in stock now: you can order it right away." } });
    expect(await prisma.stockNotice.findFirst({ where: { productId: product.id }, select: { language: true } })).toEqual({ language: "ar" });
  });
});

describe("GET and POST /stock-notices/confirm", () => {
  it("asks first (a GET, as a mail scanner makes, confirms nothing), then confirms, and the mail of a product back goes out", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    expect((await postJson(product.id, { email }, "en")).status).toBe(201);
    const link = await confirmLinkFor(email);
    await prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 2, isAvailable: true } });

    const asked = await call(confirmLoader as Handler, new Request(link, { headers: { Cookie: "lang=en" } }));
    expect(asked).toMatchObject({ status: 200, body: { token: new URL(link).searchParams.get("token"), message: `Send back-in-stock e-mails to ${email}? Someone asked for them on our shop; we send nothing until this address confirms.` } });
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);

    const before = smtp.received.length;
    const done = await call(confirmAction as Handler, postToken(link, "ar"));
    expect(done).toEqual({ status: 200, body: { done: true, message: expect.stringContaining(`تم التأكيد: ستصل إلى ${email}`) as unknown } });
    // Confirming sends what was already due, without waiting for the timed pass.
    const mail = await smtp.waitForMail(email, { after: before });
    expect(mail.subject).toContain("is back in stock");

    // The link again: it says so, with no button; an unknown token is a friendly 404.
    expect(await call(confirmLoader as Handler, new Request(link, { headers: { Cookie: "lang=en" } }))).toMatchObject({ status: 200, body: { token: null, message: expect.stringMatching(/^Confirmed: /) as unknown } });
    const unknown = await call(confirmLoader as Handler, new Request("http://shop.test/stock-notices/confirm?token=nothing", { headers: { Cookie: "lang=ar" } }));
    expect(unknown).toMatchObject({ status: 404, body: { token: null, message: expect.stringMatching(/^رابط التأكيد هذا غير صالح/) as unknown } });
  });
});

describe("GET and POST /stock-notices/unsubscribe", () => {
  it("asks first (a GET changes nothing), then removes the address's notices; the link from the mail works once", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    expect((await postJson(product.id, { email }, "ar")).status).toBe(201);
    await call(confirmAction as Handler, postToken(await confirmLinkFor(email), "ar"));
    const confirmed = smtp.received.length;
    await prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 2, isAvailable: true } });
    await sendBackInStockNotices({ productIds: [product.id] });
    const mail = await smtp.waitForMail(email, { after: confirmed });
    const link = /http:\/\/shop\.test\/stock-notices\/unsubscribe\?token=[\w-]+/.exec(mail.text)![0];

    const page = (language: "ar" | "en") => new Request(link, { headers: { Cookie: `lang=${language}` } });
    const asked = await call(unsubscribeLoader as Handler, page("en"));
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(`Stop back-in-stock e-mails to ${email}? Every product this address is waiting for is removed from the list.`);
    expect(await prisma.stockNotice.count({ where: { email } })).toBe(1);

    const token = new URL(link).searchParams.get("token")!;
    const post = (language: "ar" | "en") =>
      new Request(link, { method: "POST", headers: { Cookie: `lang=${language}`, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
    const done = await call(unsubscribeAction as Handler, post("ar"));
    expect(done).toEqual({ status: 200, body: { done: true, message: expect.stringContaining(`حُذف ${email} من القائمة`) } });
    expect(await prisma.stockNotice.count({ where: { email } })).toBe(0);

    expect(await call(unsubscribeAction as Handler, post("en"))).toMatchObject({ status: 404, body: { done: false, message: expect.stringMatching(/^This link is not valid any more/) } });
    const unknown = await call(unsubscribeLoader as Handler, new Request("http://shop.test/stock-notices/unsubscribe", { headers: { Cookie: "lang=ar" } }));
    expect(unknown).toMatchObject({ status: 404, body: { token: null, message: expect.stringMatching(/^هذا الرابط لم يعد صالحًا/) } });
  });
});
