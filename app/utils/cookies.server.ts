import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";

/**
 * Every cookie the shop sets is signed with the rotated SESSION_SECRET list, HttpOnly, SameSite=Lax and Secure in
 * production (CONTRACT.md): the policy lives here once. Without maxAge it lasts for the browser session.
 */
export function signedCookie(name: string, maxAgeSeconds?: number) {
  const env = getEnv();
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    path: "/",
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    secrets: env.sessionSecrets,
  });
}
