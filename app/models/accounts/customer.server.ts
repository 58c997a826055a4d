import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import type { Language } from "~/shared/language";
import { alreadyRegisteredMail, passwordChangedMail, resetCodeMail, verificationCodeMail } from "~/mail/account-mail.server";
import type { account } from "~/i18n/locales/en/account";
import { sendMail, shopSender, type Mail } from "~/mail/send.server";
import { hashPassword, verifyPassword } from "./password.server";
import { revokeAllForCustomer } from "./session-store.server";
import { createProofToken, type Proof } from "./proof.server";
import { checkCode, CODE_LIFETIME_MINUTES, isVerifiedCodeLive, issueCode, spendVerifiedCode, type CodePurpose } from "./one-time-code.server";
import { deviceKey, hitDeviceLimit, hitGuessLimits, hitRateLimit, secondsRateLimited, lockoutKey, resetRateLimit, type GuessBudgets, type KnownDevice, getShopFace, shopNames } from "~/models/shop/index.server";
import { logFailure } from "~/utils/logger.server";

export type AccountMessage = keyof typeof account.account.messages;

/** What every account step answers: pages show `message` in their language, the API in both. */
export type Outcome<T extends object = object> =
  | ({ ok: true; message: AccountMessage } & T)
  | { ok: false; status: 401 | 403 | 409 | 400; message: AccountMessage }
  | { ok: false; status: 429; message: AccountMessage; retryAfterSeconds: number };

const fail = (status: 400 | 401 | 403 | 409, message: AccountMessage) => ({ ok: false as const, status, message });
/** Too many attempts: with the seconds until the counter that refused lets the client in again (`Retry-After`). */
const tooMany = (retryAfterSeconds: number) => ({ ok: false as const, status: 429 as const, message: "tooManyAttempts" as const, retryAfterSeconds });

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;
const budget = (limit: number, windowSeconds = FIFTEEN_MINUTES) => ({ limit, windowSeconds });

/**
 * Per client address first (before any lookup or hashing), then per e-mail and address together (the lockout),
 * then per e-mail alone with a far higher ceiling (docs/decisions/0016-login-limits-and-sessions.md).
 */
const LIMITS = {
  sendCode: { perAddress: budget(30), perEmailAddress: budget(5), perEmail: budget(20, ONE_HOUR) },
  verifyCode: { perAddress: budget(60), perEmailAddress: budget(10), perEmail: budget(100, ONE_HOUR) },
  login: { perAddress: budget(100), perEmailAddress: budget(10), perEmail: budget(200, ONE_HOUR) },
  changePassword: { perAddress: budget(100), perEmailAddress: budget(10), perEmail: budget(200, ONE_HOUR) },
} as const satisfies Record<string, GuessBudgets>;

/** Attempts from a browser with a device cookie for the login (it signed in there before): its own lockout. */
export const KNOWN_DEVICE_LOGIN_LIMIT = budget(10);

/** set-password needs a proof, so only the address is counted: it bounds probing with forged or stale proofs. */
export const SET_PASSWORD_LIMIT = budget(30);

/** Wrong codes per account and day, across codes: a new code every few minutes must not mean endless guesses. */
export const WRONG_CODES_PER_DAY = 30;
const ONE_DAY = 24 * ONE_HOUR;

async function withinLimits(action: keyof typeof LIMITS, email: string, address: string) {
  return hitGuessLimits(action, email, address, LIMITS[action]);
}

/**
 * Mail whose delivery must not change how long the answer takes (it would tell who has an account), from the shop's
 * name in the mail's language as every mail of the shop is.
 */
function sendInBackground(mail: Mail, language: Language) {
  getShopFace(language)
    .then((shop) => sendMail({ ...mail, sender: shopSender(shop) }))
    .catch((error: unknown) => {
      logFailure("account mail failed", error);
    });
}

/**
 * Checks a code within the account's daily cap of wrong codes. Every failure answers the same message, whether
 * the code was wrong, used up or never sent: an e-mail without an account has no code, and a different answer
 * after a few guesses would tell who has one.
 */
async function checkCodeForAccount(email: string, purpose: CodePurpose, code: string) {
  const key = `wrong-code:${email}`;
  const wait = await secondsRateLimited(key, WRONG_CODES_PER_DAY);
  if (wait > 0) return tooMany(wait);
  const check = await checkCode(email, purpose, code);
  if (check.ok) return check;
  await hitRateLimit(key, WRONG_CODES_PER_DAY, ONE_DAY);
  return fail(400, "invalidCode");
}

export async function findCustomerByEmail(email: string) {
  return prisma.customer.findUnique({ where: { email } });
}

type Context = { language: Language; address: string };

/**
 * Registration step 1. A browser that already holds a live proof for this e-mail moves straight on
 * ("already verified"). An e-mail with an account gets a notice instead of a code, with the same answer,
 * so registration does not reveal who has an account.
 */
export async function startRegistration(email: string, proof: Proof | null, { language, address }: Context): Promise<Outcome<{ alreadyVerified: boolean }>> {
  if (await isRegistrationVerified(email, proof)) return { ok: true, message: "alreadyVerified", alreadyVerified: true };
  const limit = await withinLimits("sendCode", email, address);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const [existing, shop] = await Promise.all([findCustomerByEmail(email), shopNames()]);
  if (existing?.passwordHash) {
    sendInBackground(alreadyRegisteredMail({ to: email, language, appUrl: getEnv().appUrl, shop }), language);
    return { ok: true, message: "codeSent", alreadyVerified: false };
  }
  const { code } = await issueCode(email, "register");
  // in the background like the notice above, so the answer's timing does not tell the two apart
  sendInBackground(verificationCodeMail({ to: email, code, language, minutes: CODE_LIFETIME_MINUTES, shop }), language);
  return { ok: true, message: "codeSent", alreadyVerified: false };
}

/** Step 2: a right code marks the e-mail verified and hands this client a proof for step 3. */
export async function verifyRegistrationCode(
  email: string,
  code: string,
  proof: Proof | null,
  { address }: Pick<Context, "address">,
): Promise<Outcome<{ alreadyVerified: boolean; proofToken?: string }>> {
  if (await isRegistrationVerified(email, proof)) return { ok: true, message: "alreadyVerified", alreadyVerified: true };
  const limit = await withinLimits("verifyCode", email, address);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const check = await checkCodeForAccount(email, "register", code);
  if (!check.ok) return check;
  const now = new Date();
  await prisma.customer.upsert({
    where: { email },
    create: { email, isVerified: true, verifiedAt: now },
    update: { isVerified: true, verifiedAt: now },
  });
  const proofToken = createProofToken({ email, purpose: "register", codeId: check.codeId });
  return { ok: true, message: "emailVerified", alreadyVerified: false, proofToken };
}

/** "Still verified" means: verified, no password yet, and this client holds the proof of it. */
export async function isRegistrationVerified(email: string, proof: Proof | null): Promise<boolean> {
  if (!proof || proof.email !== email) return false;
  const customer = await findCustomerByEmail(email);
  if (!customer?.isVerified || customer.passwordHash) return false;
  return isVerifiedCodeLive(proof.codeId, email, "register");
}

/**
 * Step 3: name, phone and password, only for the client that verified the code. The proof is checked before
 * anything about the e-mail is looked at, and every refusal is the same, so the answer does not tell whether
 * the e-mail has an account.
 */
export async function completeRegistration(
  input: { email: string; fullName: string; phone: string; password: string },
  proof: Proof | null,
  { address }: Pick<Context, "address">,
): Promise<Outcome<{ customer: { id: string; email: string } }>> {
  const limit = await hitRateLimit(`setPassword:ip:${address}`, SET_PASSWORD_LIMIT.limit, SET_PASSWORD_LIMIT.windowSeconds);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  if (!proof || !(await isRegistrationVerified(input.email, proof))) return fail(403, "verifyAgain");
  const passwordHash = await hashPassword(input.password);
  if (!(await spendVerifiedCode(proof.codeId))) return fail(403, "verifyAgain");
  const customer = await prisma.customer.update({
    where: { email: input.email },
    data: { fullName: input.fullName, phone: input.phone, passwordHash },
    select: { id: true, email: true, isVerified: true },
  });
  if (customer.isVerified) await claimGuestOrders(customer);
  return { ok: true, message: "registered", customer: { id: customer.id, email: customer.email } };
}

/**
 * Guest orders placed earlier with the account's e-mail become the account's (My Orders, GET /api/orders/my, their
 * invoices), once the registration has proved the address with a code (issue 28, point 6; docs/decisions/0043).
 * Orders keep the e-mail in lower case, as the account does; another account's orders are never taken.
 */
async function claimGuestOrders(customer: { id: string; email: string }): Promise<number> {
  const claimed = await prisma.order.updateMany({
    where: { customerId: null, email: customer.email.toLowerCase() },
    data: { customerId: customer.id },
  });
  return claimed.count;
}

// A real hash to compare against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * The check behind remix-auth's form strategy and the JSON login. `device` is the browser's device cookie: when it
 * names this e-mail, only that device's own attempts count (KNOWN_DEVICE_LOGIN_LIMIT), so strangers' guesses, which
 * fill the per-address and per-account counters, never lock out a browser that has signed in here before.
 */
export async function verifyLogin(
  email: string,
  password: string,
  { address, device }: Pick<Context, "address"> & { device?: KnownDevice | null },
): Promise<Outcome<{ customer: { id: string; email: string } }>> {
  const knownDevice = device?.login === email ? device.nonce : null;
  const limit = knownDevice ? await hitDeviceLimit("login", knownDevice, KNOWN_DEVICE_LOGIN_LIMIT) : await withinLimits("login", email, address);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const customer = await findCustomerByEmail(email);
  if (!customer?.passwordHash) {
    decoyHash ??= hashPassword("decoy-password-for-timing");
    await verifyPassword(await decoyHash, password);
    return fail(401, "invalidCredentials");
  }
  if (!(await verifyPassword(customer.passwordHash, password))) return fail(401, "invalidCredentials");
  await resetRateLimit(knownDevice ? deviceKey("login", knownDevice) : lockoutKey("login", email, address));
  return { ok: true, message: "signedIn", customer: { id: customer.id, email: customer.email } };
}

/** Forgot password: the same answer, and about the same time, whether or not the e-mail has an account. */
export async function startPasswordReset(email: string, { language, address }: Context): Promise<Outcome> {
  const limit = await withinLimits("sendCode", email, address);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const customer = await findCustomerByEmail(email);
  if (customer?.passwordHash) {
    const { code } = await issueCode(email, "reset");
    sendInBackground(resetCodeMail({ to: email, code, language, minutes: CODE_LIFETIME_MINUTES, shop: await shopNames() }), language);
  }
  return { ok: true, message: "resetSent" };
}

export async function verifyResetCode(email: string, code: string, { address }: Pick<Context, "address">): Promise<Outcome<{ proofToken: string }>> {
  const limit = await withinLimits("verifyCode", email, address);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const check = await checkCodeForAccount(email, "reset", code);
  if (!check.ok) return check;
  return { ok: true, message: "resetCodeVerified", proofToken: createProofToken({ email, purpose: "reset", codeId: check.codeId }) };
}

/** Sets the new password for the client holding the reset proof, once, and signs out every device. */
export async function resetPassword(email: string, password: string, proof: Proof | null, language: Language): Promise<Outcome> {
  if (!proof || proof.email !== email || !(await isVerifiedCodeLive(proof.codeId, email, "reset"))) return fail(403, "resetNotVerified");
  const customer = await findCustomerByEmail(email);
  if (!customer?.passwordHash) return fail(403, "resetNotVerified");
  const passwordHash = await hashPassword(password);
  if (!(await spendVerifiedCode(proof.codeId))) return fail(403, "resetNotVerified");
  await prisma.customer.update({ where: { id: customer.id }, data: { passwordHash } });
  await revokeAllForCustomer(customer.id);
  sendInBackground(passwordChangedMail({ to: email, language, shop: await shopNames() }), language);
  return { ok: true, message: "passwordReset" };
}

/** Change password when signed in: the old one must be right; every session ends afterwards. */
export async function changePassword(
  customer: { id: string; email: string },
  oldPassword: string,
  newPassword: string,
  { language, address }: Context,
): Promise<Outcome> {
  const limit = await withinLimits("changePassword", customer.email, address);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const row = await prisma.customer.findUnique({ where: { id: customer.id } });
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, oldPassword))) return fail(400, "wrongOldPassword");
  await prisma.customer.update({ where: { id: row.id }, data: { passwordHash: await hashPassword(newPassword) } });
  await revokeAllForCustomer(row.id);
  sendInBackground(passwordChangedMail({ to: row.email, language, shop: await shopNames() }), language);
  return { ok: true, message: "passwordChanged" };
}
