/**
 * The WhatsApp Cloud API client: template messages out, status webhooks in. Written from Meta's pages:
 * - https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages (POST /{phone-number-id}/messages,
 *   `messaging_product`, `recipient_type`, `to`, `type: "template"`, `template.name`, `template.language.code`,
 *   `template.components[].parameters[]`; the answer's `messages[0].id`, a `wamid.…`)
 * - https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes (the Graph error object and codes)
 * - https://developers.facebook.com/docs/graph-api/webhooks/getting-started (the GET handshake with `hub.mode`,
 *   `hub.verify_token`, `hub.challenge`; `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body, app secret>`)
 * - https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status
 *   (`entry[].changes[].value.statuses[]`: `id`, `status`, `timestamp` in seconds, `errors[]` when failed)
 */
import crypto from "node:crypto";
import type { Env } from "~/env.server";
import { isRecord, kuwaitMsisdn, postJson, withoutNumbers, type HttpOptions, type SendOutcome } from "./provider-http.server";

export const WHATSAPP_TEMPLATES = ["order_confirmed", "order_status", "refund_issued", "return_update", "owner_new_order", "payment_reminder", "review_invite"] as const;
export type WhatsAppTemplate = (typeof WHATSAPP_TEMPLATES)[number];

export type WhatsAppConfig = NonNullable<Env["whatsApp"]> & HttpOptions;

export type WhatsAppStatus = { providerId: string; status: "sent" | "delivered" | "read" | "failed"; at: Date; reason?: string };

/** How far along a message is: a later webhook with a lower rank (delivered after read) changes nothing. */
export const WHATSAPP_STATUS_RANK: Record<WhatsAppStatus["status"], number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/** All four variables turn WhatsApp on (CONTRACT.md); env.server.ts refuses a partial set. */
export function whatsAppConfigured(env: Pick<Env, "whatsApp">): boolean {
  return env.whatsApp !== null;
}

/**
 * Worth trying again later: Graph's unknown and service errors (1, 2), call-rate limits (4, 80007, 130429), "something
 * went wrong" and "service unavailable" (131000, 131016), and the per-recipient pair limit (131056). Every other code
 * says the message, the template or the number is wrong (131026 undeliverable, 131047, 131051, 100, 131008, 131009,
 * 132000–132016, …) or the account is (190, 10, 200, 368, 131031): trying again sends the same refusal, so the
 * sender falls back to SMS.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

function refusal(json: unknown, status: number): { retry: boolean; reason: string } {
  const error = isRecord(json) && isRecord(json.error) ? json.error : null;
  if (!error || typeof error.code !== "number") return { retry: false, reason: `WhatsApp refused the message (HTTP ${status})` };
  const details = isRecord(error.error_data) && typeof error.error_data.details === "string" ? `: ${error.error_data.details}` : "";
  const message = typeof error.message === "string" ? ` ${error.message}` : "";
  return { retry: RETRYABLE_CODES.has(error.code), reason: withoutNumbers(`WhatsApp ${error.code}${message}${details}`).slice(0, 500) };
}

export async function sendWhatsAppTemplate(
  config: WhatsAppConfig,
  message: { to: string; template: WhatsAppTemplate; language: "ar" | "en"; parameters: string[] },
): Promise<SendOutcome> {
  const to = kuwaitMsisdn(message.to);
  if (!to) return { ok: false, retry: false, reason: "Not a Kuwaiti phone number" };
  const url = `${config.baseUrl}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }],
    },
  };
  const answer = await postJson(url, { Authorization: `Bearer ${config.token}` }, body, config);
  if (answer.kind === "fault") return { ok: false, retry: true, reason: `WhatsApp: ${answer.reason}` };
  if (answer.status >= 200 && answer.status < 300) {
    const first = isRecord(answer.json) && Array.isArray(answer.json.messages) ? (answer.json.messages[0] as unknown) : undefined;
    if (isRecord(first) && typeof first.id === "string" && first.id) return { ok: true, providerId: first.id };
    // Accepted or not, we cannot tell: trying again may send it twice, but losing it silently is worse.
    return { ok: false, retry: true, reason: "WhatsApp answered without a message id" };
  }
  return { ok: false, ...refusal(answer.json, answer.status) };
}

/** `X-Hub-Signature-256` is `sha256=` and the hex HMAC-SHA256 of the exact bytes posted, keyed with the app secret. */
export function verifyWhatsAppSignature(rawBody: Buffer | string, header: string | null, appSecret: string): boolean {
  const match = header ? /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim()) : null;
  if (!match || !appSecret) return false;
  const expected = crypto.createHmac("sha256", appSecret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(match[1], "hex"));
}

/** Meta's GET handshake: the challenge to echo when the mode is `subscribe` and the token is ours, else null. */
export function verificationChallenge(url: string | URL, verifyToken: string): string | null {
  const params = new URL(url).searchParams;
  const challenge = params.get("hub.challenge");
  const token = params.get("hub.verify_token") ?? "";
  if (params.get("hub.mode") !== "subscribe" || !challenge || !verifyToken) return null;
  const given = crypto.createHash("sha256").update(token).digest();
  const ours = crypto.createHash("sha256").update(verifyToken).digest();
  return crypto.timingSafeEqual(given, ours) ? challenge : null;
}

function failureReason(status: Record<string, unknown>): string | undefined {
  const first = Array.isArray(status.errors) ? (status.errors[0] as unknown) : undefined;
  if (!isRecord(first)) return undefined;
  const details = isRecord(first.error_data) && typeof first.error_data.details === "string" ? first.error_data.details : undefined;
  const title = typeof first.title === "string" ? first.title : typeof first.message === "string" ? first.message : "";
  const code = typeof first.code === "number" ? `${first.code} ` : "";
  return withoutNumbers(`${code}${title}${details ? `: ${details}` : ""}`.trim()).slice(0, 500) || undefined;
}

/**
 * The status events of a webhook body, oldest first (Meta may post them out of order, and one body may hold several
 * entries and changes). Incoming messages and anything unreadable are left out; the caller applies each by rank.
 */
export function parseWhatsAppStatuses(body: unknown): WhatsAppStatus[] {
  const found: WhatsAppStatus[] = [];
  const entries = isRecord(body) && Array.isArray(body.entry) ? (body.entry as unknown[]) : [];
  for (const entry of entries) {
    const changes = isRecord(entry) && Array.isArray(entry.changes) ? (entry.changes as unknown[]) : [];
    for (const change of changes) {
      const value = isRecord(change) && isRecord(change.value) ? change.value : null;
      const statuses = value && Array.isArray(value.statuses) ? (value.statuses as unknown[]) : [];
      for (const status of statuses) {
        if (!isRecord(status) || typeof status.id !== "string" || !status.id) continue;
        const name = status.status;
        if (name !== "sent" && name !== "delivered" && name !== "read" && name !== "failed") continue;
        const seconds = Number(status.timestamp);
        if (!Number.isFinite(seconds) || seconds <= 0) continue;
        const reason = name === "failed" ? failureReason(status) : undefined;
        found.push({ providerId: status.id, status: name, at: new Date(seconds * 1000), ...(reason ? { reason } : {}) });
      }
    }
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime() || WHATSAPP_STATUS_RANK[a.status] - WHATSAPP_STATUS_RANK[b.status]);
}

/**
 * What Meta says of a template (webhook fields `message_template_status_update` and `template_category_update`):
 * - a status event: `value.event` (APPROVED, PAUSED, DISABLED, REJECTED, FLAGGED, …), `message_template_id`,
 *   `message_template_name`, `message_template_language`, `reason`, `message_template_category` when sent;
 * - a category change done: `previous_category` and `new_category`;
 * - a category change announced (`correct_category` with `new_category` the current one and
 *   `category_update_timestamp`): nothing changes yet.
 */
export type WhatsAppTemplateEvent =
  | { kind: "status"; name: string; language: string; status: string; reason: string | null; category: string | null }
  | { kind: "category"; name: string; language: string; previousCategory: string | null; newCategory: string }
  | { kind: "impendingCategory"; name: string; language: string; currentCategory: string | null; correctCategory: string; at: Date | null };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

function templateEvent(field: unknown, value: Record<string, unknown>): WhatsAppTemplateEvent | null {
  const name = text(value.message_template_name);
  const language = text(value.message_template_language);
  if (!name || !language) return null;
  if (field === "message_template_status_update") {
    const status = text(value.event)?.toUpperCase();
    if (!status) return null;
    return { kind: "status", name, language, status, reason: text(value.reason), category: text(value.message_template_category)?.toUpperCase() ?? null };
  }
  if (field !== "template_category_update") return null;
  const correct = text(value.correct_category)?.toUpperCase();
  if (correct) {
    const seconds = Number(value.category_update_timestamp);
    return { kind: "impendingCategory", name, language, currentCategory: text(value.new_category)?.toUpperCase() ?? null, correctCategory: correct, at: seconds > 0 ? new Date(seconds * 1000) : null };
  }
  const newCategory = text(value.new_category)?.toUpperCase();
  if (!newCategory) return null;
  return { kind: "category", name, language, previousCategory: text(value.previous_category)?.toUpperCase() ?? null, newCategory };
}

/** The template events of a webhook body (entry[].changes[] whose `field` names one), in the order sent. */
export function parseWhatsAppTemplateEvents(body: unknown): WhatsAppTemplateEvent[] {
  const found: WhatsAppTemplateEvent[] = [];
  const entries = isRecord(body) && Array.isArray(body.entry) ? (body.entry as unknown[]) : [];
  for (const entry of entries) {
    const changes = isRecord(entry) && Array.isArray(entry.changes) ? (entry.changes as unknown[]) : [];
    for (const change of changes) {
      if (!isRecord(change) || !isRecord(change.value)) continue;
      const event = templateEvent(change.field, change.value);
      if (event) found.push(event);
    }
  }
  return found;
}
