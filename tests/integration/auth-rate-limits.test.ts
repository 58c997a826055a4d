import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { RouteClient } from "../setup/route-client";
import { codeFromMail, startSmtpServer } from "../setup/smtp";
import { action as forgotPassword } from "~/routes/api.auth.forgot-password";
import { action as login } from "~/routes/api.auth.login";
import { action as loginPage } from "~/routes/login";
import { action as registerEmail } from "~/routes/api.auth.register-email";
import { action as verifyCode } from "~/routes/api.auth.verify-code";
import { action as verifyResetCode } from "~/routes/api.auth.verify-reset-code";
import { bilingual } from "~/i18n/bilingual.server";
import { createCustomer } from "../factories/customer";
import { uniqueEmail } from "../factories/unique";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  // the codes go out in the background: let the last ones arrive before the server goes away
  const deadline = Date.now() + 5000;
  while (smtp.received.length < 30 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await smtp.close();
});

describe("rate limits, kept in the database", () => {
  it("answer 429 with a bilingual message", () => {
    expect(bilingual("account.messages.tooManyAttempts")).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it("lock password guessing out per e-mail and address, so the owner still signs in from elsewhere", async () => {
    const email = uniqueEmail("guess");
    await createCustomer(prisma, { email, password: "the-real-password" });
    const attacker = new RouteClient("203.0.113.10");
    for (let i = 0; i < 10; i++) {
      expect((await attacker.json(login, "/api/auth/login", { email, password: `wrong-${i}` })).status).toBe(401);
    }
    const blocked = await attacker.json(login, "/api/auth/login", { email, password: "the-real-password" });
    expect(blocked).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });
    expect((await new RouteClient("198.51.100.10").json(login, "/api/auth/login", { email, password: "the-real-password" })).status).toBe(200);
  });

  it("never lock a shopper's own browser out, however many wrong passwords others send", { timeout: 240_000 }, async () => {
    const email = uniqueEmail("besieged");
    await createCustomer(prisma, { email, password: "the-real-password" });
    const shopper = new RouteClient("198.51.100.20");
    expect((await shopper.json(login, "/api/auth/login", { email, password: "the-real-password" })).status).toBe(200);
    expect(shopper.cookies.has("__device")).toBe(true);
    for (let round = 0; round < 21; round++) {
      for (let index = 0; index < 10 && round * 10 + index < 205; index++) {
        await new RouteClient(`203.0.113.${50 + index}`).json(login, "/api/auth/login", { email, password: `guess-${round}` });
      }
    }
    const stranger = await new RouteClient("192.0.2.201").json(login, "/api/auth/login", { email, password: "the-real-password" });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await shopper.json(login, "/api/auth/login", { email, password: "the-real-password" })).status).toBe(200);
    const page = await shopper.form(loginPage, "/login?index", { email, password: "the-real-password" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/account");
  });

  it("stop one address trying many e-mails at login", async () => {
    const client = new RouteClient();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      statuses.push((await client.json(login, "/api/auth/login", { email: uniqueEmail(`spray${i}`), password: "whatever-pass" })).status);
    }
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  }, 60_000);

  it("stop code guessing per address across e-mails", async () => {
    const client = new RouteClient();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const email = uniqueEmail(`codes${i}`);
      statuses.push((await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: "123456" })).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("lock reset-code guessing out per e-mail and address, not for the owner elsewhere", async () => {
    const email = uniqueEmail("reset-guess");
    await createCustomer(prisma, { email, password: "reset-guess-pass" });
    const attacker = new RouteClient("203.0.113.20");
    for (let i = 0; i < 10; i++) {
      expect((await attacker.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: "123456" })).status).toBe(400);
    }
    expect((await attacker.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: "123456" })).status).toBe(429);

    const owner = new RouteClient("198.51.100.20");
    const before = smtp.received.length;
    expect((await owner.json(forgotPassword, "/api/auth/forgot-password", { email })).status).toBe(200);
    const code = codeFromMail(await smtp.waitForMail(email, { after: before }));
    expect((await owner.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code })).status).toBe(200);
  });

  it("stop code sending per e-mail and address, and per e-mail alone at a far higher ceiling", async () => {
    const email = uniqueEmail("flood");
    const attacker = new RouteClient("203.0.113.30");
    for (let i = 0; i < 5; i++) {
      expect((await attacker.json(forgotPassword, "/api/auth/forgot-password", { email })).status).toBe(200);
    }
    const blocked = await attacker.json(forgotPassword, "/api/auth/forgot-password", { email });
    expect(blocked).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });
    expect((await new RouteClient("198.51.100.30").json(forgotPassword, "/api/auth/forgot-password", { email })).status).toBe(200);

    // spread over many addresses, the e-mail is still asked for at most 20 codes an hour (the refused one counted)
    for (let i = 0; i < 13; i++) {
      expect((await new RouteClient().json(forgotPassword, "/api/auth/forgot-password", { email })).status).toBe(200);
    }
    expect((await new RouteClient().json(forgotPassword, "/api/auth/forgot-password", { email })).status).toBe(429);
  });

  it("cap wrong codes per account and day, across codes and addresses", async () => {
    const email = uniqueEmail("daily-cap");
    await createCustomer(prisma, { email, password: "daily-cap-pass" });
    for (let round = 0; round < 3; round++) {
      const client = new RouteClient();
      for (let i = 0; i < 10; i++) await client.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: "000000" });
      // a quarter of an hour later: the 15-minute and hourly counters start again, the daily one does not
      await prisma.rateLimit.updateMany({ where: { key: { startsWith: "verifyCode:" } }, data: { resetsAt: new Date(Date.now() - 1000) } });
    }
    const owner = new RouteClient();
    const before = smtp.received.length;
    await owner.json(forgotPassword, "/api/auth/forgot-password", { email });
    const code = codeFromMail(await smtp.waitForMail(email, { after: before }));
    const capped = await owner.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code });
    expect(capped).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });
  });

  it("answer the same message for a wrong, used-up or never-sent code, in both flows", async () => {
    const registered = uniqueEmail("has-account");
    await createCustomer(prisma, { email: registered, password: "has-account-pass" });
    const stranger = uniqueEmail("no-account");
    const answers = async (email: string, flow: "register" | "reset") => {
      const client = new RouteClient();
      if (flow === "register") await client.json(registerEmail, "/api/auth/register-email", { email });
      else await client.json(forgotPassword, "/api/auth/forgot-password", { email });
      const seen: unknown[] = [];
      for (let i = 0; i < 7; i++) {
        const answer =
          flow === "register"
            ? await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: "000000" })
            : await client.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: "000000" });
        seen.push([answer.status, answer.body]);
      }
      return seen;
    };
    // register: an e-mail with an account gets no code, a new one does; reset: the other way round
    const fresh = uniqueEmail("fresh");
    expect(await answers(registered, "register")).toEqual(await answers(fresh, "register"));
    expect(await answers(registered, "reset")).toEqual(await answers(stranger, "reset"));
    expect((await answers(uniqueEmail("any"), "reset"))[6]).toEqual([400, { message: bilingual("account.messages.invalidCode") }]);
  });

  it("stop one address sending codes to many e-mails", async () => {
    const client = new RouteClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await client.json(registerEmail, "/api/auth/register-email", { email: uniqueEmail(`send${i}`) })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
