import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { getEnv } from "~/env.server";

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226), as every authenticator app reads an `otpauth://totp/` key:
 * HMAC-SHA1, 6 digits, 30-second steps. The arithmetic is the `otpauth` package's (kept, typed, tested against the
 * RFC's vectors); this file only fixes the shop's parameters.
 */

const PARAMETERS = { algorithm: "SHA1", digits: 6, period: 30 } as const;

/**
 * The name the authenticator app shows beside the code: the shop's host name ("lulu-bows.com"), the owner's own value
 * (set at go-live, decision 0075). Not the name from the settings: an app keeps the issuer it scanned, so a name
 * changed later would leave the codes under the old one.
 */
function issuer(): string {
  return new URL(getEnv().appUrl).hostname.replace(/^www\./, "");
}

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpAt(secretBase32: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), timestamp: at, ...PARAMETERS });
}

/**
 * The step of `code` when it is the code of now or of the step before or after (a phone clock a little off), else
 * null. The caller keeps the last step used, so a code seen over a shoulder cannot be used again.
 */
export function matchTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), timestamp: now, window: 1, ...PARAMETERS });
  return delta === null ? null : TOTP.counter({ period: PARAMETERS.period, timestamp: now }) + delta;
}

/** The key as an `otpauth://` URI, which apps take from a QR code or a link. */
export function totpUri(secretBase32: string, account: string): string {
  return new TOTP({ issuer: issuer(), label: account, secret: Secret.fromBase32(secretBase32), ...PARAMETERS }).toString();
}

/**
 * The key's `otpauth://` URI as a QR code, an SVG drawn on the server (no canvas, no script) for the enrolment page
 * to inline beside the key; a phone's authenticator app scans it.
 */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
