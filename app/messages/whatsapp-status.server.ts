import type { WhatsAppStatus } from "./whatsapp.server";

/**
 * SEAM for the outbox (issue 30): the webhook route hands over the verified status events, oldest first. The lead
 * wires this to the outbox rows: find the row by `providerId` (the wamid kept at send time), move it forward by
 * WHATSAPP_STATUS_RANK only (a `delivered` after `read` changes nothing), and on `failed` queue the SMS fallback
 * with `reason`. Until then the events are acknowledged and dropped; it must stay quick, Meta waits for the 200.
 */
export async function recordWhatsAppStatuses(statuses: WhatsAppStatus[]): Promise<void> {
  await Promise.resolve(statuses);
}
