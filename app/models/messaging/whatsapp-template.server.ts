import { prisma } from "~/db.server";
import type { WhatsAppTemplateEvent } from "~/messages/whatsapp.server";
import { logger } from "~/utils/logger.server";

/**
 * What Meta said last of each WhatsApp template (docs/decisions/0074-whatsapp-template-state.md). Kept in the database
 * so that every server and worker sends the same way: a template whose last event stops it, or that Meta moved to
 * MARKETING, is held, and its messages go by SMS or e-mail until Meta says it may be sent and UTILITY again.
 */

/** `heldFor`: Meta's last status event stops the template, or only its MARKETING category holds it. */
export type HeldTemplate = { name: string; language: string; status: string; category: string | null; reason: string | null; updatedAt: Date; heldFor: "status" | "marketing" };

type TemplateState = Omit<HeldTemplate, "heldFor">;

/**
 * The events of `message_template_status_update` after which a template is still sent, in the words of Meta's
 * webhook reference: APPROVED ("can now be sent in template messages"), REINSTATED ("no longer flagged or disabled
 * and can be sent in template messages again"), UNARCHIVED (restored from the archive), FLAGGED ("at risk of being
 * disabled", not disabled) and LOCKED ("cannot be edited", not stopped). Any other event holds it: PAUSED, DISABLED,
 * REJECTED, PENDING, IN_APPEAL, ARCHIVED, PENDING_DELETION, DELETED, and one Meta adds later until it is read here.
 */
const SENDABLE_TEMPLATE_EVENTS = ["APPROVED", "REINSTATED", "UNARCHIVED", "FLAGGED", "LOCKED"];

const HELD_WHERE = { OR: [{ status: { notIn: SENDABLE_TEMPLATE_EVENTS } }, { category: "MARKETING" }] };

function isHeld(state: { status: string; category: string | null }): boolean {
  return !SENDABLE_TEMPLATE_EVENTS.includes(state.status) || state.category === "MARKETING";
}

function describe(event: WhatsAppTemplateEvent): string {
  const template = `WhatsApp template ${event.name} (${event.language})`;
  if (event.kind === "status") return `${template}: Meta says ${event.status}${event.reason ? ` (${event.reason})` : ""}`;
  if (event.kind === "category") return `${template}: category ${event.previousCategory ?? "?"} -> ${event.newCategory}`;
  return `${template}: Meta will move it from ${event.currentCategory ?? "?"} to ${event.correctCategory}${event.at ? ` on ${event.at.toISOString()}` : ""}`;
}

/** Records the events of a verified webhook body, in order, and logs each; an announced category change is only logged. */
export async function recordWhatsAppTemplateEvents(events: WhatsAppTemplateEvent[]): Promise<void> {
  for (const event of events) {
    if (event.kind === "impendingCategory") {
      logger.info(describe(event));
      continue;
    }
    const key = { name: event.name, language: event.language };
    const data =
      event.kind === "status"
        ? { status: event.status, reason: event.reason, ...(event.category ? { category: event.category } : {}) }
        : { category: event.newCategory };
    const state = await prisma.whatsAppTemplateState.upsert({ where: { name_language: key }, create: { ...key, ...data }, update: data });
    const line = `${describe(event)}; ${isHeld(state) ? "its messages go by SMS or e-mail" : "WhatsApp sends it again"}`;
    if (isHeld(state)) logger.warn(line);
    else logger.info(line);
  }
}

function asHeld(state: TemplateState): HeldTemplate {
  return { ...state, heldFor: SENDABLE_TEMPLATE_EVENTS.includes(state.status) ? "marketing" : "status" };
}

/** The template in that language while it is held, or null when WhatsApp may send it. */
export async function heldWhatsAppTemplate(name: string, language: string): Promise<HeldTemplate | null> {
  const state = await prisma.whatsAppTemplateState.findFirst({ where: { name, language, ...HELD_WHERE } });
  return state && asHeld(state);
}

/** Every held template, for the owner's dashboard. */
export async function heldWhatsAppTemplates(): Promise<HeldTemplate[]> {
  const states = await prisma.whatsAppTemplateState.findMany({ where: HELD_WHERE, orderBy: [{ name: "asc" }, { language: "asc" }] });
  return states.map(asHeld);
}
