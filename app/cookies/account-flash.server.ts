import { plainCookie } from "~/utils/cookies.server";

/**
 * A one-shot "Account created" for the account page after registration signs the shopper in (issue 28, point 6):
 * set with the redirect, shown once, removed when read, with or without JavaScript.
 */
const accountFlashCookie = plainCookie("account_flash", 60);
const CREATED = "created";

export function accountCreatedHeader(): string {
  return accountFlashCookie.serialize(CREATED);
}

/** Whether the account was just created, and the header that removes the flash once read. */
export function readAccountCreated(request: Request): { created: boolean; headers: Record<string, string> } {
  const value = accountFlashCookie.read(request);
  if (value === null) return { created: false, headers: {} };
  return { created: value === CREATED, headers: { "Set-Cookie": accountFlashCookie.clear() } };
}
