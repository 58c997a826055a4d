/**
 * Issue 28, point 6: registration ends signed in, and guest orders placed earlier with the e-mail the registration
 * verified become the account's: My Orders and GET /api/orders/my list them; orders of another e-mail, or of
 * another account, never.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { codeFromMail, startSmtpServer } from "../setup/smtp";
import { RouteClient } from "../setup/route-client";
import { uniqueEmail } from "../factories/unique";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { action as registerPage } from "~/routes/register";
import { loader as rootLoader } from "~/root";
import { loader as accountPage } from "~/routes/account";
import { loader as myOrdersPage } from "~/routes/my-orders";
import { action as registerEmail } from "~/routes/api.auth.register-email";
import { action as verifyCode } from "~/routes/api.auth.verify-code";
import { action as setPassword } from "~/routes/api.auth.set-password";
import { action as login } from "~/routes/api.auth.login";
import { loader as myOrdersApi } from "~/routes/api.orders.my";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  await smtp.close();
});

/** A paid guest order with this e-mail, one with another e-mail, and one of another account with this e-mail. */
async function ordersAround(email: string) {
  const other = await createCustomer(prisma, { email: uniqueEmail("someone-else") });
  const [mine, unpaid, otherEmail, otherAccount] = await Promise.all([
    createOrder(prisma, { email }),
    createOrder(prisma, { email, paymentStatus: "failed" }),
    createOrder(prisma, { email: uniqueEmail("stranger") }),
    createOrder(prisma, { email, customerId: other.id }),
  ]);
  return { mine, unpaid, otherEmail, otherAccount };
}

async function mailedCode(email: string, before: number) {
  return codeFromMail(await smtp.waitForMail(email, { after: before }));
}

function numbersOf(body: unknown): string[] {
  return ((body as { orders: { orderNumber: string }[] }).orders ?? []).map((order) => order.orderNumber);
}

describe("registration on the page", () => {
  it("signs the shopper in, says 'Account created' once, and My Orders shows their earlier guest orders only", async () => {
    const email = uniqueEmail("reg-page");
    const orders = await ordersAround(email);
    const shopper = new RouteClient("198.51.100.61", "en");

    const before = smtp.received.length;
    expect((await shopper.form(registerPage, "/register", { intent: "email", email })).status).toBe(302);
    const code = await mailedCode(email, before);
    expect((await shopper.form(registerPage, "/register", { intent: "code", verificationCode: code })).status).toBe(302);
    const done = await shopper.form(registerPage, "/register", { intent: "profile", fullName: "Noor Test", phone: "51234567", password: "first-password" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account");
    // SPEC: the saved progress is reset.
    expect(shopper.cookies.has("register_progress")).toBe(false);

    // The page it lands on says so once (the root shows the one flash, decision 0049), and the shopper is signed in.
    const landed = await shopper.call(rootLoader, "/account");
    expect(landed.status).toBe(200);
    expect(await landed.json()).toMatchObject({ isSignedIn: true, toast: { message: "Account created", kind: "success" } });
    expect(await (await shopper.call(rootLoader, "/account")).json()).toMatchObject({ isSignedIn: true, toast: null });
    expect(await (await shopper.call(accountPage, "/account")).json()).toMatchObject({ email });

    const page = (await (await shopper.call(myOrdersPage, "/my-orders")).json()) as { orders: { orderNumber: string }[] };
    expect(numbersOf(page)).toEqual([orders.mine.orderNumber]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orders.otherAccount.id } })).customerId).not.toBe(
      (await prisma.customer.findUniqueOrThrow({ where: { email } })).id,
    );
  });
});

describe("registration through the API", () => {
  it("lists the earlier guest orders of the verified e-mail in GET /api/orders/my, and no others", async () => {
    const email = uniqueEmail("reg-api");
    const orders = await ordersAround(email);
    const client = new RouteClient("198.51.100.62");
    const before = smtp.received.length;
    expect((await client.json(registerEmail, "/api/auth/register-email", { email })).status).toBe(200);
    const code = await mailedCode(email, before);
    expect((await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: code })).status).toBe(200);
    expect((await client.json(setPassword, "/api/auth/set-password", { email, password: "first-password", phone: "51234567", fullName: "Noor Test" })).status).toBe(
      200,
    );
    expect((await client.json(login, "/api/auth/login", { email, password: "first-password" })).status).toBe(200);
    const mine = await client.json(myOrdersApi, "/api/orders/my");
    expect(mine.status).toBe(200);
    expect(numbersOf(mine.body)).toEqual([orders.mine.orderNumber]);
    expect(numbersOf(mine.body)).not.toContain(orders.otherEmail.orderNumber);
    expect(numbersOf(mine.body)).not.toContain(orders.otherAccount.orderNumber);
  });
});
