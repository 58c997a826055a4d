import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { bilingual } from "~/i18n/bilingual.server";
import { parseWhatsAppStatuses, parseWhatsAppTemplateEvents, verificationChallenge, verifyWhatsAppSignature } from "~/messages/whatsapp.server";
import { recordWhatsAppStatuses, recordWhatsAppTemplateEvents } from "~/models/messaging/index.server";
import { jsonError } from "~/utils/api.server";

/** Meta's handshake when the webhook is set up: the challenge back as text, only for our verify token (CONTRACT.md). */
export function loader({ request }: LoaderFunctionArgs) {
  const whatsApp = getEnv().whatsApp;
  const challenge = whatsApp ? verificationChallenge(request.url, whatsApp.verifyToken) : null;
  if (challenge === null) return jsonError(403, bilingual("api.whatsApp.verificationRefused"));
  return new Response(challenge, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Status events (sent, delivered, read, failed) and template events (a template paused, disabled, approved, or moved
 * to another category), signed with the app secret over the raw bytes: a missing or wrong
 * signature changes nothing. Answered at once, since Meta retries a slow webhook; incoming messages are ignored.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const whatsApp = getEnv().whatsApp;
  const raw = Buffer.from(await request.arrayBuffer());
  if (!whatsApp || !verifyWhatsAppSignature(raw, request.headers.get("X-Hub-Signature-256"), whatsApp.appSecret)) {
    return jsonError(401, bilingual("api.whatsApp.invalidSignature"));
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return jsonError(400, bilingual("api.invalidJson"));
  }
  const statuses = parseWhatsAppStatuses(body);
  const templates = parseWhatsAppTemplateEvents(body);
  if (statuses.length > 0) await recordWhatsAppStatuses(statuses);
  if (templates.length > 0) await recordWhatsAppTemplateEvents(templates);
  return Response.json({ received: statuses.length + templates.length }, { headers: { "Cache-Control": "no-store" } });
}
