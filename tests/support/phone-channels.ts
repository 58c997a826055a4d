import { startFakeKwtSms } from "../fakes/kwtsms";
import { startFakeWhatsApp } from "../fakes/whatsapp";

/** The WhatsApp number id the fakes answer for. */
const PHONE_NUMBER_ID = "106540352242923";

/**
 * The fake WhatsApp Cloud API and kwtSMS of one test file, and the shop's WHATSAPP_* and KWTSMS_* variables pointed
 * at them. Call it at the top of the file, before the first getEnv() of its module graph: the shop reads its
 * variables once. `name` makes the file's credentials its own; `templates` is the fake's, as startFakeWhatsApp takes
 * it. Close both in the file's afterAll.
 */
export async function startFakePhoneChannels(name: string, templates?: Parameters<typeof startFakeWhatsApp>[0]["templates"]) {
  const whatsApp = await startFakeWhatsApp({ token: `EAAG-${name}-test-token`, phoneNumberId: PHONE_NUMBER_ID, appSecret: `${name}-app-secret`, ...(templates ? { templates } : {}) });
  const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
  Object.assign(process.env, {
    WHATSAPP_TOKEN: `EAAG-${name}-test-token`,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: `${name}-app-secret`,
    WHATSAPP_VERIFY_TOKEN: `${name}-verify`,
    WHATSAPP_BASE_URL: whatsApp.url,
    KWTSMS_USERNAME: "timsar",
    KWTSMS_PASSWORD: "sms-password",
    KWTSMS_SENDER: "TIMSAR",
    KWTSMS_BASE_URL: sms.url,
  });
  return { whatsApp, sms };
}
