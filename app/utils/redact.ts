/**
 * What the logs must never carry (issue 13): signed invoice links, phones, order session ids, e-mail addresses,
 * codes and tokens. Query parameters with these names lose their value; any other value, path segment or piece of
 * text that looks like an e-mail address or a phone number is replaced too.
 */
export const REDACTED = "[redacted]";

const SECRET_PARAMS = new Set(["sig", "phone", "ordersessionid", "email", "token", "code", "password", "verificationcode"]);

const EMAIL_IN_TEXT = /[^\s"'<>()[\]/?&=:;,@]+@[^\s"'<>()[\]/?&=:;,@]+\.[a-z]{2,}/gi;
// Kuwaiti phones (8 digits starting 5, 6 or 9), with or without +965 / 00965.
const PHONE_IN_TEXT = /(?<![\w-])(?:\+|00)?(?:965[\s-]?)?[569]\d{3}[\s-]?\d{4}(?![\w-])/g;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function looksPersonal(value: string): boolean {
  const decoded = decode(value).trim();
  EMAIL_IN_TEXT.lastIndex = 0;
  PHONE_IN_TEXT.lastIndex = 0;
  return decoded.includes("@") || EMAIL_IN_TEXT.test(decoded) || PHONE_IN_TEXT.test(decoded);
}

/** A request's path and query for the log, with personal data and secrets replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const hashless = url.split("#")[0];
  const queryAt = hashless.indexOf("?");
  const path = queryAt === -1 ? hashless : hashless.slice(0, queryAt);
  const query = queryAt === -1 ? null : hashless.slice(queryAt + 1);
  const safePath = path
    .split("/")
    .map((segment) => (segment && looksPersonal(segment) ? REDACTED : segment))
    .join("/");
  if (query === null) return safePath;
  const safeQuery = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? "" : pair.slice(equals + 1);
      if (SECRET_PARAMS.has(decode(name).toLowerCase()) || looksPersonal(name) || (value && looksPersonal(value))) {
        return `${looksPersonal(name) ? REDACTED : name}=${REDACTED}`;
      }
      return pair;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}

/** Free text for the log (an error message, say) with e-mail addresses and phone numbers replaced. */
export function redactText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, REDACTED).replace(PHONE_IN_TEXT, REDACTED);
}
