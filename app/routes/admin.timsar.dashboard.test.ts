/**
 * The owner's dashboard lists the WhatsApp templates on hold, from Meta's template events as the WhatsApp fake
 * (tests/fakes/whatsapp.ts) words them: a paused template and one moved to MARKETING are there, in the owner's words;
 * one Meta only flagged, locked or reinstated is still sent, so it is not.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { parseWhatsAppTemplateEvents } from "~/messages/whatsapp.server";
import { recordWhatsAppTemplateEvents } from "~/models/messaging/index.server";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { templateStatusBody } from "../../tests/fakes/whatsapp";
import { loader as dashboardPage } from "./admin.timsar.dashboard";

const context = { cspNonce: "", clientAddress: "10.9.9.8" };
// Names of this run's own, so that template states other files leave behind do not count.
const run = `${process.pid}_${Date.now()}`;
const names = { paused: `paused_${run}`, marketing: `marketing_${run}`, flagged: `flagged_${run}`, locked: `locked_${run}`, reinstated: `reinstated_${run}` };
afterAll(() => prisma.whatsAppTemplateState.deleteMany({ where: { name: { in: Object.values(names) } } }));

const record = (template: Parameters<typeof templateStatusBody>[0]) => recordWhatsAppTemplateEvents(parseWhatsAppTemplateEvents(JSON.parse(templateStatusBody(template))));

describe("the dashboard's WhatsApp templates on hold", () => {
  it("names a paused template and one moved to MARKETING, and none that Meta flagged, locked or reinstated", async () => {
    await record({ name: names.paused, language: "en", event: "PAUSED", reason: "LOW_QUALITY" });
    await record({ name: names.marketing, language: "ar", event: "FLAGGED", category: "MARKETING" });
    await record({ name: names.flagged, language: "en", event: "FLAGGED" });
    await record({ name: names.locked, language: "en", event: "LOCKED" });
    await record({ name: names.reinstated, language: "ar", event: "DISABLED" });
    await record({ name: names.reinstated, language: "ar", event: "REINSTATED" });

    const { cookie } = await adminCookie("owner");
    const data = (await dashboardPage({ request: request("/admin/timsar/dashboard", { cookie, headers: { "Accept-Language": "en" } }), params: {}, context })) as { templateNotices: string[] };
    expect(data.templateNotices.filter((notice) => notice.includes(run))).toEqual([
      `WhatsApp template ${names.marketing} (Arabic) is moved to the Marketing category: its messages go by SMS or e-mail.`,
      `WhatsApp template ${names.paused} (English) is paused: its messages go by SMS or e-mail.`,
    ]);
  });
});
