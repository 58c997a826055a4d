import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { bilingual } from "~/i18n/bilingual.server";
import { verifyLogin, type Outcome } from "~/models/accounts/index.server";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { LoginSchema } from "~/shared/account-schemas";
import { getCustomerFromRequest } from "~/auth/session.server";
import { clientAddress } from "~/utils/client-address.server";
import { readDeviceCookie } from "~/auth/device-cookie.server";

export type SignedInCustomer = NonNullable<Awaited<ReturnType<typeof getCustomerFromRequest>>>;

export function outcomeError(outcome: Extract<Outcome, { ok: false }>) {
  const message = bilingual(`account.messages.${outcome.message}`);
  return outcome.status === 429 ? tooManyRequests(outcome.retryAfterSeconds, message) : jsonError(outcome.status, message);
}

/** A failed login, thrown out of the strategy so the page can show why. */
export class LoginFailure extends Error {
  constructor(readonly outcome: Extract<Outcome, { ok: false }>) {
    super(outcome.message);
  }
}

/**
 * remix-auth's form strategy for the login page. The authenticator only answers who signed in; the session
 * itself is ours (a revocable row, see session.server.ts). It is made per request because the rate limits
 * need the client's address, which only the load context knows.
 */
export function loginAuthenticator(context: AppLoadContext | undefined) {
  const authenticator = new Authenticator<{ id: string; email: string }>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = LoginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginFailure({ ok: false, status: 401, message: "invalidCredentials" });
      const device = await readDeviceCookie(request, "login");
      const outcome = await verifyLogin(parsed.data.email, parsed.data.password, { address: clientAddress(context), device });
      if (!outcome.ok) throw new LoginFailure(outcome);
      return outcome.customer;
    }),
    "form",
  );
  return authenticator;
}

/** Pages: the signed-in customer, or a redirect to /login. */
export async function requireCustomer(request: Request): Promise<SignedInCustomer> {
  const customer = await getCustomerFromRequest(request);
  if (!customer) throw redirect("/login");
  return customer;
}

/** API: the signed-in customer (cookie or bearer token), or a 401 JSON answer. */
export async function requireApiCustomer(request: Request): Promise<SignedInCustomer> {
  const customer = await getCustomerFromRequest(request);
  if (!customer) throw jsonError(401, bilingual("account.messages.notSignedIn"));
  return customer;
}

/** Where a signed-in shopper goes: back to checkout when they came from it, else their account. */
export function afterLoginPath(from: string | null | undefined): string {
  return from === "checkout" ? "/checkout" : "/account";
}
