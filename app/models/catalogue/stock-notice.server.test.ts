/**
 * Back in stock (issue 16), on SQLite and PostgreSQL: sign-ups that are one per address and product, mails read from
 * a real SMTP server on loopback, each sent once even when passes race, in the notice's language, and the
 * unsubscribe link taken from the mail.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { purgeExpired, startOutbox } from "~/models/jobs/index.server";
import { releaseJobLease, takeJobLease, shopNames } from "~/models/shop/index.server";
import { placeOrder, releaseReservation } from "~/models/orders/index.server";
import { applyCatalogueSheet, bulkSheetRows, planCatalogueSheet } from "~/models/catalogue/index.server";
import {
  confirmStockNoticeAddress,
  findStockNoticeAddress,
  findStockNoticeEmail,
  sendBackInStockNotices,
  signUpForStockNotice,
  unsubscribeStockNotices,
} from "./stock-notice.server";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { uniqueEmail, uniqueId } from "../../../tests/factories/unique";
import { startSmtpServer, type ReceivedMail } from "../../../tests/setup/smtp";

// getEnv() has not been read yet in this process (vitest runs each file in its own).
const smtp = await startSmtpServer();
Object.assign(process.env, { APP_URL: "http://shop.test", SMTP_URL: smtp.url });
// The outbox's sender, as a server runs it: the confirmation link goes after it is queued (decision 0054).
const stopOutbox = startOutbox({ intervalMs: 200 });
afterAll(async () => {
  await stopOutbox();
  await smtp.close();
});

// The servers other test files start on this run's database run the timed pass over every product; it would take
// this file's notices and mail them to another SMTP server. Holding the pass's lease, as a server running it would,
// keeps this file's passes its own.
const LEASE_HOLDER = "stock-notice.server.test";
beforeAll(async () => {
  await vi.waitFor(
    async () => {
      if (!(await takeJobLease("stock-notices", 30 * 60_000, LEASE_HOLDER))) throw new Error("a server is running the pass");
    },
    { timeout: 30_000, interval: 200 },
  );
});
afterAll(() => releaseJobLease("stock-notices", LEASE_HOLDER));

/** The back-in-stock mails an address got (each carries an unsubscribe link; the confirmation mail does not). */
function mailsTo(email: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(email) && mail.text.includes("/stock-notices/unsubscribe?token="));
}

function confirmationMailsTo(email: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(email) && mail.text.includes("/stock-notices/confirm?token="));
}

function confirmLink(mail: ReceivedMail): URL {
  const match = /http:\/\/shop\.test\/stock-notices\/confirm\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return new URL(match[0]);
}

function signUp(productId: string, email: string, language: "ar" | "en" = "ar", address = uniqueId("203.0.113")) {
  return signUpForStockNotice({ productId, email, language }, { address });
}

/** As the address's owner does: the link from the confirmation mail, then the page's button. */
async function confirmFromMail(email: string) {
  await expect.poll(() => confirmationMailsTo(email).length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await confirmStockNoticeAddress(confirmLink(confirmationMailsTo(email)[0]).searchParams.get("token"))).toBe(email);
}

/** A sign-up whose address then confirms through its mail. */
async function signUpConfirmed(productId: string, email: string, language: "ar" | "en" = "ar") {
  const result = await signUp(productId, email, language);
  await confirmFromMail(email);
  return result;
}

/** As the owner restocks: the seed's rule (checked over every row of the shared database) is that out of stock is unavailable. */
function setStock(productId: string, stockQuantity: number) {
  return prisma.product.update({ where: { id: productId }, data: { stockQuantity, isAvailable: stockQuantity > 0 } });
}

function unsubscribeLink(mail: ReceivedMail): URL {
  const match = /http:\/\/shop\.test\/stock-notices\/unsubscribe\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return new URL(match[0]);
}

describe("signing up for a back-in-stock mail", () => {
  it("keeps one notice per address and product: a second sign-up, even at the same moment, is the same one", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    const racing = await Promise.all([signUp(product.id, email), signUp(product.id, email), signUp(product.id, email, "en")]);
    expect(racing.map((result) => result.status)).toEqual([201, 201, 201]);
    expect(await signUp(product.id, email)).toEqual(racing[0]);
    expect(await prisma.stockNotice.count({ where: { productId: product.id } })).toBe(1);
  });

  it("answers the same whether the address is new, already waits, or has confirmed", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const other = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    const first = await signUp(product.id, email);
    expect(first).toEqual({ ok: true, status: 201, outcome: "received", email });
    expect(await signUp(product.id, email)).toEqual(first);
    await confirmFromMail(email);
    expect(await signUp(product.id, email)).toEqual(first);
    expect(await signUp(other.id, email)).toEqual(first);
  });

  it("refuses a product that is in stock (409), and one that is hidden or unknown (404)", async () => {
    const inStock = await createProduct(prisma, { stockQuantity: 2 });
    const hidden = await createProduct(prisma, { stockQuantity: 0, isVisible: false });
    expect(await signUp(inStock.id, uniqueEmail())).toMatchObject({ ok: false, status: 409, outcome: "inStock" });
    expect(await signUp(hidden.id, uniqueEmail())).toMatchObject({ ok: false, status: 404, outcome: "notFound" });
    expect(await signUp(uniqueId("missing"), uniqueEmail())).toMatchObject({ ok: false, status: 404, outcome: "notFound" });
    expect(await prisma.stockNotice.count({ where: { productId: { in: [inStock.id, hidden.id] } } })).toBe(0);
  });

  it("mails a stranger's address nothing but a confirmation, at most three a day, however often it is signed up", async () => {
    const victim = uniqueEmail("stranger");
    const product = await createProduct(prisma, { stockQuantity: 0 });
    for (let index = 0; index < 5; index += 1) {
      expect(await signUp(product.id, victim, "en", uniqueId("192.0.2"))).toMatchObject({ ok: true, status: 201 });
    }
    // Five sign-ups counted against the address's daily allowance, three of them mailed.
    await expect.poll(async () => (await prisma.rateLimit.findUnique({ where: { key: `stock-notice-confirm:${victim}` } }))?.count).toBe(5);
    await expect.poll(() => confirmationMailsTo(victim).length, { timeout: 10_000 }).toBe(3);
    const [mail] = confirmationMailsTo(victim);
    // The shop as the owner's settings name it (issue 43).
    const shop = await shopNames();
    // In the sign-up's language alone (English here): no Arabic in an English message (probe 4, item 7).
    expect(mail.subject).toBe(`Confirm back-in-stock e-mails from ${shop.en}`);
    expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    // One link per address: every confirmation mail names the same page.
    expect(new Set(confirmationMailsTo(victim).map((each) => confirmLink(each).href)).size).toBe(1);

    // Bought out and released again and again: the unconfirmed address gets no back-in-stock mail.
    for (let round = 0; round < 3; round += 1) {
      await setStock(product.id, 1);
      expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);
      await setStock(product.id, 0);
    }
    expect(mailsTo(victim)).toHaveLength(0);
    expect(await findStockNoticeAddress(confirmLink(mail).searchParams.get("token"))).toEqual({ email: victim, confirmed: false });
  });

  it("mails a confirmed address at once for a product already back, and at most once a week per product", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    await signUp(product.id, email, "en");
    await setStock(product.id, 2);
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);
    await confirmFromMail(email);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);

    // Sold out, signed up again, back again within the week: no second mail yet.
    await setStock(product.id, 0);
    await signUp(product.id, email, "en");
    await setStock(product.id, 1);
    const mailedAt = (await prisma.stockNotice.findFirstOrThrow({ where: { productId: product.id, email } })).lastMailedAt!;
    expect(await sendBackInStockNotices({ productIds: [product.id], now: new Date(mailedAt.getTime() + 6 * 24 * 3600_000) })).toBe(0);
    expect(await sendBackInStockNotices({ productIds: [product.id], now: new Date(mailedAt.getTime() + 7 * 24 * 3600_000 + 1000) })).toBe(1);
    await expect.poll(() => mailsTo(email).length).toBe(2);
  });

  it("limits sign-ups per client address", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const address = uniqueId("198.51.100");
    const results = [];
    const emails = Array.from({ length: 21 }, () => uniqueEmail());
    for (const email of emails) results.push(await signUp(product.id, email, "ar", address));
    expect(results.slice(0, 20).every((result) => result.ok)).toBe(true);
    expect(results[20]).toMatchObject({ ok: false, status: 429 });
    // The twenty taken each asked their address to confirm; the refused one did not.
    await expect.poll(() => emails.filter((email) => confirmationMailsTo(email).length > 0).length, { timeout: 20_000 }).toBe(20);
    expect(confirmationMailsTo(emails[20])).toHaveLength(0);
  });
});

describe("the back-in-stock mail", () => {
  it("goes once to each waiting address, in its language, with the product and unsubscribe links, even when three passes race", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0, nameEn: "Velvet Bow", nameAr: "فيونكة مخملية" });
    const arabic = uniqueEmail();
    const english = uniqueEmail();
    await signUpConfirmed(product.id, arabic, "ar");
    await signUpConfirmed(product.id, english, "en");
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);

    await setStock(product.id, 3);
    const passes = await Promise.all([1, 2, 3].map(() => sendBackInStockNotices({ productIds: [product.id] })));
    expect(passes.reduce((sum, sent) => sum + sent, 0)).toBe(2);
    await expect.poll(() => mailsTo(arabic).length + mailsTo(english).length).toBe(2);

    const [ar] = mailsTo(arabic);
    expect(ar.subject).toBe("فيونكة مخملية متوفر من جديد");
    // The confirmation before it was in Arabic alone too, as the sign-up's page.
    const [confirmation] = confirmationMailsTo(arabic);
    expect(confirmation.subject).toBe(`تأكيد رسائل توفر المنتجات من ${(await shopNames()).ar}`);
    expect(confirmation.text.replace(/http:\S+/g, "")).not.toMatch(/[A-Za-z]/);
    expect(confirmation.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain(`http://shop.test/product/${product.id}`);
    expect(ar.text).not.toContain("back in stock");
    expect(ar.html).toContain('dir="rtl"');
    const [en] = mailsTo(english);
    expect(en.subject).toBe("Velvet Bow is back in stock");
    expect(en.text).toContain(`http://shop.test/product/${product.id}`);
    expect(en.text).not.toMatch(/[\u0600-\u06FF]/);
    expect(unsubscribeLink(en).searchParams.get("token")).not.toBe(unsubscribeLink(ar).searchParams.get("token"));

    // Sold out and back again: the notices were used, nobody is mailed twice.
    await setStock(product.id, 0);
    await setStock(product.id, 5);
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);
    expect(mailsTo(arabic)).toHaveLength(1);
  });

  it("waits while the product is not for sale: stock above zero but switched off as unavailable", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    await signUpConfirmed(product.id, email);
    await prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 4, isAvailable: false } });
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);
    await prisma.product.update({ where: { id: product.id }, data: { isAvailable: true } });
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(1);
  });

  it("goes out when a released hold puts the last units back on sale, without waiting for the timed pass", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 1 });
    const order = await placeOrder({
      details: checkoutDetails(city),
      lines: [{ productId: product.id, quantity: 1, customTags: [] }],
      customerId: null,
      language: "ar",
    });
    const email = uniqueEmail();
    expect(await signUpConfirmed(product.id, email, "en")).toMatchObject({ status: 201 });
    expect(await releaseReservation(order.id)).toBe(true);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(email)[0].text).toContain(`http://shop.test/product/${product.id}`);
  });

  it("after its mail, a new sign-up for the same product waits again, for a restock a week or more later", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    await signUpConfirmed(product.id, email);
    await setStock(product.id, 1);
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(1);
    await setStock(product.id, 0);
    expect(await signUp(product.id, email)).toMatchObject({ ok: true, status: 201, outcome: "received" });
    await setStock(product.id, 1);
    expect(await sendBackInStockNotices({ productIds: [product.id], now: new Date(Date.now() + 8 * 24 * 3600_000) })).toBe(1);
    await expect.poll(() => mailsTo(email).length).toBe(2);
  });
});

describe("back in stock per variant (issue 31)", () => {
  const COLOUR = { nameEn: "Colour", values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
  const clip = () =>
    createProductWithOptions(prisma, [COLOUR], [{ optionValues: [COLOUR.values[0]], stockQuantity: 0 }, { optionValues: [COLOUR.values[1]], stockQuantity: 3 }], {
      nameEn: "Hair Clip",
      nameAr: "مشبك شعر",
    });
  const signUpFor = (productId: string, variantId: string | null, email: string, language: "ar" | "en" = "en") =>
    signUpForStockNotice({ productId, variantId, email, language }, { address: uniqueId("203.0.113") });

  it("takes a sold-out variant of a product with options, refuses none or another product's (400), and one in stock (409)", async () => {
    const { product, variants } = await clip();
    const other = await clip();
    const [red, blue] = variants;
    const email = uniqueEmail();
    const variantRequired = { ok: false, status: 400, outcome: "variantRequired", productName: { en: "Hair Clip", ar: "مشبك شعر" } };
    expect(await signUpFor(product.id, null, email)).toEqual(variantRequired);
    expect(await signUpFor(product.id, other.variants[0].id, email)).toEqual(variantRequired);
    expect(await signUpFor(product.id, blue.id, email)).toMatchObject({ status: 409, outcome: "inStock" });
    const racing = await Promise.all([signUpFor(product.id, red.id, email), signUpFor(product.id, red.id, email, "ar")]);
    expect(racing.map((result) => result.status)).toEqual([201, 201]);
    expect(await prisma.stockNotice.findMany({ where: { productId: product.id }, select: { variantId: true } })).toEqual([{ variantId: red.id }]);
  });

  it("ignores a variantId for a product without options: the notice waits for its one variant", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    expect(await signUpFor(product.id, "anything", email)).toMatchObject({ status: 201 });
    expect(await signUpFor(product.id, null, email)).toMatchObject({ status: 201 });
    expect(await prisma.stockNotice.findMany({ where: { productId: product.id }, select: { variantId: true } })).toEqual([{ variantId: product.id }]);
  });

  it("mails when that variant is back, not when another one of the product is, naming its values and linking to it", async () => {
    const { product, variants } = await clip();
    const [red, blue] = variants;
    const email = uniqueEmail();
    await signUpFor(product.id, red.id, email, "en");
    await confirmFromMail(email);
    // The product is for sale (Blue), Red is not: nothing goes.
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);
    await prisma.productVariant.update({ where: { id: blue.id }, data: { stockQuantity: 9 } });
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(0);
    await prisma.productVariant.update({ where: { id: red.id }, data: { stockQuantity: 2 } });
    expect(await sendBackInStockNotices({ productIds: [product.id] })).toBe(1);
    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0].subject).toBe("Hair Clip (Red) is back in stock");
    expect(mailsTo(email)[0].text).toContain(`http://shop.test/product/${product.id}?variant=${red.id}`);
  });

  it("goes out when a released hold puts a variant's last unit back on sale", async () => {
    const city = await createDeliveryArea(prisma);
    const { product, variants } = await createProductWithOptions(prisma, [COLOUR], [{ optionValues: [COLOUR.values[0]], stockQuantity: 1 }]);
    const order = await placeOrder({
      details: checkoutDetails(city),
      lines: [{ productId: product.id, variantId: variants[0].id, quantity: 1, customTags: [] }],
      customerId: null,
      language: "ar",
    });
    const email = uniqueEmail();
    expect(await signUpFor(product.id, variants[0].id, email)).toMatchObject({ status: 201 });
    await confirmFromMail(email);
    expect(await releaseReservation(order.id)).toBe(true);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(email)[0].text).toContain(`?variant=${variants[0].id}`);
  });

  it("goes out when the spreadsheet or a bulk change restocks a sold-out product or variant, after the one write", async () => {
    const actor = { id: "stock-notice-test", email: "owner@example.com", role: "owner" };
    // Sold out and marked unavailable, as the demo catalogue leaves what sold out; and one the owner switched off.
    const simple = await createProduct(prisma, { stockQuantity: 0, isAvailable: false });
    const switchedOff = await createProduct(prisma, { stockQuantity: 2, isAvailable: false });
    const { product, variants } = await clip();
    const [red] = variants;
    const [forSimple, forRed] = [uniqueEmail(), uniqueEmail()];
    expect(await signUp(simple.id, forSimple, "en")).toMatchObject({ status: 201 });
    await confirmFromMail(forSimple);
    expect(await signUpFor(product.id, red.id, forRed, "en")).toMatchObject({ status: 201 });
    await confirmFromMail(forRed);
    // Four units more for the simple product and for Red, as the products list's bulk change writes them.
    const rows = await bulkSheetRows({ productIds: [simple.id, switchedOff.id], variantIds: [red.id] }, { field: "stock", mode: "amount", value: "4" });
    const plan = await planCatalogueSheet(rows!.map((cells, index) => ({ row: index + 2, cells })));
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(await applyCatalogueSheet(plan.plan, { actor, fileName: "restock.csv" })).toMatchObject({ ok: true, updated: 3 });
    // The file has no column for the "available" switch: the restocked product is on sale again, the other keeps its switch.
    expect(await prisma.product.findUniqueOrThrow({ where: { id: simple.id } })).toMatchObject({ stockQuantity: 4, isAvailable: true });
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: simple.id } })).toMatchObject({ stockQuantity: 4, isAvailable: true });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: switchedOff.id } })).toMatchObject({ stockQuantity: 6, isAvailable: false });
    await expect.poll(() => [mailsTo(forSimple).length, mailsTo(forRed).length], { timeout: 10_000 }).toEqual([1, 1]);
    expect(mailsTo(forRed)[0].text).toContain(`?variant=${red.id}`);
    expect(await prisma.stockNotice.count({ where: { email: { in: [forSimple, forRed] }, notifiedAt: null } })).toBe(0);
  });
});

describe("unsubscribing from the mail's link", () => {
  it("removes every notice of that address, once; an unknown or malformed token is answered null", async () => {
    const back = await createProduct(prisma, { stockQuantity: 0 });
    const stillOut = await createProduct(prisma, { stockQuantity: 0 });
    const email = uniqueEmail();
    await signUpConfirmed(back.id, email);
    await signUp(stillOut.id, email);
    await setStock(back.id, 1);
    await sendBackInStockNotices({ productIds: [back.id] });
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const token = unsubscribeLink(mailsTo(email)[0]).searchParams.get("token");

    expect(await findStockNoticeEmail(token)).toBe(email);
    expect(await unsubscribeStockNotices(token)).toBe(email);
    expect(await prisma.stockNotice.count({ where: { email } })).toBe(0);
    // Its confirmation went too: a later sign-up of this address, by anyone, mails nothing until it confirms again.
    expect(await prisma.stockNoticeAddress.count({ where: { email } })).toBe(0);
    expect(await unsubscribeStockNotices(token)).toBeNull();
    expect(await findStockNoticeEmail("x".repeat(32))).toBeNull();
    expect(await findStockNoticeEmail("'; DROP TABLE")).toBeNull();
    expect(await findStockNoticeEmail(null)).toBeNull();
  });
});

describe("housekeeping", () => {
  it("forgets a notice a month after its mail, and keeps the ones still waiting", async () => {
    const product = await createProduct(prisma, { stockQuantity: 0 });
    const mailed = uniqueEmail();
    const waiting = uniqueEmail();
    await signUp(product.id, mailed);
    await signUp(product.id, waiting);
    await prisma.stockNotice.updateMany({ where: { email: mailed }, data: { notifiedAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
    await purgeExpired();
    expect((await prisma.stockNotice.findMany({ where: { productId: product.id }, select: { email: true } })).map((row) => row.email)).toEqual([waiting]);
  });
});
