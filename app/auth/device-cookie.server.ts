import crypto from "node:crypto";
import type { Cookie } from "@remix-run/node";
import type { KnownDevice } from "~/models/shop/index.server";
import { signedCookie } from "~/utils/cookies.server";

/**
 * OWASP's "device cookies": a browser that has signed in to a login before carries a signed cookie naming that
 * login and a random nonce. A sign-in presenting it is counted only against that device's own failures
 * (`hitDeviceLimit`), never against the per-address and per-account counters that strangers' guesses fill, so no one
 * else can lock the owner out of their own browser. One cookie per kind of login: the shop's and the owner's.
 */
export type DeviceScope = "login" | "admin-login";

const DEVICE_COOKIE_DAYS = 180;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const cookies = new Map<DeviceScope, Cookie>();

function deviceCookie(scope: DeviceScope): Cookie {
  let cookie = cookies.get(scope);
  if (!cookie) {
    cookie = signedCookie(scope === "admin-login" ? "__admin_device" : "__device", DEVICE_COOKIE_DAYS * 24 * 60 * 60);
    cookies.set(scope, cookie);
  }
  return cookie;
}

/** The device this request's cookie names, when its signature holds; which login it is for is the caller's check. */
export async function readDeviceCookie(request: Request, scope: DeviceScope): Promise<KnownDevice | null> {
  const value: unknown = await deviceCookie(scope).parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { login, nonce } = value as Record<string, unknown>;
  return typeof login === "string" && typeof nonce === "string" && NONCE.test(nonce) ? { login, nonce } : null;
}

/** The Set-Cookie header of a new device cookie for `login` (its normalized e-mail), after a successful sign-in. */
export function issueDeviceCookie(scope: DeviceScope, login: string): Promise<string> {
  const device: KnownDevice = { login, nonce: crypto.randomBytes(16).toString("base64url") };
  return deviceCookie(scope).serialize(device);
}
