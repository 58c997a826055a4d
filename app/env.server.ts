import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** CONTRACT.md's variables, read and checked once at start-up. */
const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number between 1 and 65535" })
    .int("must be a port number between 1 and 65535")
    .min(1, "must be a port number between 1 and 65535")
    .max(65535, "must be a port number between 1 and 65535")
    .default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)/, 'must start with "file:" (SQLite) or "postgresql://" (PostgreSQL)')
    .default("file:./data/shop.db"),
  SESSION_SECRET: z
    .string()
    .min(1)
    .refine((value) => value.split(",").every((secret) => secret.trim().length >= 16), {
      message: "each comma-separated secret must have at least 16 characters",
    })
    .optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").default("admin@localhost"),
  OWNER_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must have at least 8 characters").optional(),
  SMTP_URL: z
    .url("must be a URL such as smtp://user:pass@127.0.0.1:2525")
    .refine((value) => /^smtps?:\/\//.test(value), { message: "must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("shop@localhost"),
  APP_URL: z
    .url("must be an absolute URL such as https://shop.example.com")
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .optional(),
  PAYMENT_PROVIDER: z.enum(["test", "myfatoorah", "tap"], { error: 'must be "test", "myfatoorah" or "tap"' }).default("test"),
  ALLOW_TEST_PAYMENTS: z.enum(["0", "1"], { error: 'must be "1" (or unset)' }).optional(),
  MYFATOORAH_API_KEY: z.string().min(20, "must be the API token from the MyFatoorah portal").optional(),
  MYFATOORAH_BASE_URL: z
    .url("must be an absolute URL such as https://api.myfatoorah.com")
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .default("https://api.myfatoorah.com"),
  MYFATOORAH_WEBHOOK_SECRET: z.string().min(8, "must be the webhook secret key from the MyFatoorah portal").optional(),
  TAP_SECRET_KEY: z.string().regex(/^sk_\S{8,}$/, 'must be a Tap secret key starting with "sk_"').optional(),
  TAP_BASE_URL: z
    .url("must be an absolute URL such as https://api.tap.company")
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .default("https://api.tap.company"),
  WHATSAPP_TOKEN: z.string().min(20, "must be the system user's access token from Meta's Business settings").optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,20}$/, "must be the sending number's id (digits) from WhatsApp Manager").optional(),
  WHATSAPP_APP_SECRET: z.string().min(16, "must be the app secret from the Meta app's basic settings").optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters: Meta sends it back to prove the webhook is yours").optional(),
  WHATSAPP_BASE_URL: z
    .url("must be an absolute URL such as https://graph.facebook.com")
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .default("https://graph.facebook.com"),
  // v25.0 is available until 2028-07-29 (Meta's version list, https://developers.facebook.com/docs/graph-api/changelog/versions/,
  // read 2026-11-28): well over a year ahead, where v21.0 ends on 2027-01-21 and v22.0 on 2027-05-20.
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/, 'must be a Graph API version such as "v25.0"').default("v25.0"),
  KWTSMS_USERNAME: z.string().min(1).max(30, "must be the API username from the kwtSMS account's API page").optional(),
  KWTSMS_PASSWORD: z.string().min(1).max(60, "must be the API password from the kwtSMS account's API page").optional(),
  KWTSMS_SENDER: z.string().regex(/^[\w .&-]{1,11}$/, "must be the approved sender id, at most 11 letters, digits, spaces or . & - _").optional(),
  KWTSMS_BASE_URL: z
    .url("must be an absolute URL such as https://www.kwtsms.com")
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .default("https://www.kwtsms.com"),
  TRUST_PROXY: z.coerce
    .number({ error: "must be the number of proxies in front of the shop (0 to 10)" })
    .int("must be the number of proxies in front of the shop (0 to 10)")
    .min(0, "must be the number of proxies in front of the shop (0 to 10)")
    .max(10, "must be the number of proxies in front of the shop (0 to 10)")
    .default(0),
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be the number of worker processes (1 to 64)" })
    .int("must be the number of worker processes (1 to 64)")
    .min(1, "must be the number of worker processes (1 to 64)")
    .max(64, "must be the number of worker processes (1 to 64)")
    .optional(),
  UPLOADS_DIR: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters: it lets anyone who has it read /metrics").optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be how many daily backups to keep (1 to 365)" })
    .int("must be how many daily backups to keep (1 to 365)")
    .min(1, "must be how many daily backups to keep (1 to 365)")
    .max(365, "must be how many daily backups to keep (1 to 365)")
    .default(14),
  SEED_DEMO: z.enum(["0", "1"], { error: 'must be "0" (no demo catalogue) or "1"' }).default("1"),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be how many seconds in-flight requests get to finish on SIGTERM (1 to 600)" })
    .int("must be how many seconds in-flight requests get to finish on SIGTERM (1 to 600)")
    .min(1, "must be how many seconds in-flight requests get to finish on SIGTERM (1 to 600)")
    .max(600, "must be how many seconds in-flight requests get to finish on SIGTERM (1 to 600)")
    .default(25),
  PAYMENT_REMINDERS: z
    .string()
    .trim()
    .refine((value) => reminderDelaysOf(value) !== null, {
      message: 'must be delays after placing such as "1h,20h" (each a number with s, m or h, comma-separated, at most 5), or "off"',
    })
    .default("1h,20h"),
  REVIEW_INVITE_AFTER: z
    .string()
    .trim()
    .refine((value) => reviewInviteDelayOf(value) !== undefined, {
      message: 'must be a delay after delivery such as "72h" (a number with s, m or h, at most 60 days), or "off"',
    })
    .default("72h"),
  NODE_ENV: z.string().optional(),
});

const DURATION_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
/** More would be nagging, not reminding; a week is far past any payment session a shopper comes back to. */
const MOST_REMINDERS = 5;
const LONGEST_DELAY_MS = 7 * 24 * 3_600_000;

/** PAYMENT_REMINDERS as milliseconds after placing, ascending and each once; [] for "off"; null when unreadable. */
export function reminderDelaysOf(value: string): number[] | null {
  if (value.trim().toLowerCase() === "off") return [];
  const delays: number[] = [];
  for (const part of value.split(",")) {
    const match = /^(\d{1,6})([smh])$/.exec(part.trim());
    if (!match) return null;
    const ms = Number(match[1]) * DURATION_UNIT_MS[match[2] as keyof typeof DURATION_UNIT_MS];
    if (ms <= 0 || ms > LONGEST_DELAY_MS) return null;
    delays.push(ms);
  }
  const unique = [...new Set(delays)].sort((a, b) => a - b);
  return unique.length <= MOST_REMINDERS ? unique : null;
}

/** A review asked for two months after delivery is asked of someone who has forgotten the order. */
const LONGEST_INVITE_DELAY_MS = 60 * 24 * 3_600_000;

/** REVIEW_INVITE_AFTER in milliseconds after delivery; null for "off"; undefined when unreadable. */
export function reviewInviteDelayOf(value: string): number | null | undefined {
  if (value.trim().toLowerCase() === "off") return null;
  const match = /^(\d{1,7})([smh])$/.exec(value.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * DURATION_UNIT_MS[match[2] as keyof typeof DURATION_UNIT_MS];
  return ms > 0 && ms <= LONGEST_INVITE_DELAY_MS ? ms : undefined;
}

export type Env = {
  port: number;
  databaseUrl: string;
  sessionSecrets: string[];
  adminEmail: string;
  adminPassword: string | undefined;
  /** Where the owner's notices go (a paid order, the daily low-stock digest): OWNER_EMAIL, else ADMIN_EMAIL. */
  ownerEmail: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  paymentProvider: "test" | "myfatoorah" | "tap";
  /** The gateway's keys; never logged, never sent to the browser. */
  myfatoorah: { apiKey: string; baseUrl: string; webhookSecret: string } | null;
  tap: { secretKey: string; baseUrl: string } | null;
  /** WhatsApp Cloud API, on when all four WHATSAPP_* credentials are set; never logged. */
  whatsApp: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; baseUrl: string; apiVersion: string } | null;
  /** kwtSMS, on when its username, password and sender are set; never logged. */
  kwtSms: { username: string; password: string; sender: string; baseUrl: string } | null;
  trustProxy: number;
  /** Worker processes: WEB_CONCURRENCY, else one per core and at most 4 (docs/decisions/0011). */
  workers: number;
  isProduction: boolean;
  dataDir: string;
  /** Uploaded images: a folder every server of the shop reads, such as a shared volume (docs/decisions/0019). */
  uploadsDir: string;
  /** Daily backups go here when set (docs/backups.md), the newest `keep` of them kept. */
  backups: { dir: string; keep: number } | null;
  /** Lets a scraper read /metrics from another machine (Authorization: Bearer …); loopback needs none. */
  metricsToken: string | undefined;
  /** Whether the first start on an empty database adds the demo catalogue (delivery areas are added either way). */
  seedDemo: boolean;
  /** How long SIGTERM or SIGINT leaves in-flight requests to finish before they are cut (and logged). */
  shutdownTimeoutMs: number;
  /** PAYMENT_REMINDERS: when an unpaid order is reminded, in ms after placing, ascending; [] when off. */
  paymentReminderDelaysMs: number[];
  /** REVIEW_INVITE_AFTER: how long after delivery a shopper is asked for a review, in ms; null when off. */
  reviewInviteAfterMs: number | null;
};

export class EnvError extends Error {}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
}

/** The secret is made once and kept beside the database, so sessions survive restarts without a committed secret. */
function generatedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 16) return existing;
  } catch {
    // no secret yet: make one below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What the chosen provider needs (CONTRACT.md, "Hosted payment gateways"), named variable by variable. */
function providerProblems(values: z.output<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  const required = (name: keyof typeof values, what: string) => {
    if (!values[name]) problems.push(`${name}: is required with PAYMENT_PROVIDER=${values.PAYMENT_PROVIDER} (${what})`);
  };
  if (values.PAYMENT_PROVIDER === "myfatoorah") {
    required("MYFATOORAH_API_KEY", "the API token from the MyFatoorah portal");
    required("MYFATOORAH_WEBHOOK_SECRET", "the Webhook V2 secret key from the MyFatoorah portal");
  }
  if (values.PAYMENT_PROVIDER === "tap") required("TAP_SECRET_KEY", "the secret key sk_... from the Tap dashboard");
  if (values.PAYMENT_PROVIDER === "test" && isProduction && values.ALLOW_TEST_PAYMENTS !== "1") {
    problems.push(
      "ALLOW_TEST_PAYMENTS: must be 1 to run the test payment provider with NODE_ENV=production (anyone could pay with a test card); set PAYMENT_PROVIDER to myfatoorah or tap",
    );
  }
  return problems;
}

const WHATSAPP_VARIABLES = ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;
const KWTSMS_VARIABLES = ["KWTSMS_USERNAME", "KWTSMS_PASSWORD", "KWTSMS_SENDER"] as const;

/** A channel is on with all its variables and off with none; a partial set is a typo, named before it costs a message. */
function channelProblems(values: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  for (const [names, what] of [
    [WHATSAPP_VARIABLES, "all four turn WhatsApp messages on"],
    [KWTSMS_VARIABLES, "all three turn SMS on"],
  ] as const) {
    const missing = names.filter((name) => !values[name]);
    if (missing.length > 0 && missing.length < names.length) problems.push(`${missing.join(", ")}: must be set too (${what}; set none to leave them off)`);
  }
  return problems;
}

export function parseEnv(source: Record<string, string | undefined> = process.env, dataDir = path.resolve("data")): Env {
  const result = EnvSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment variable ${lines.join("; ")}`);
  }
  const values = result.data;
  const isProduction = (source.SHOP_DEPLOY_ENV ?? values.NODE_ENV) === "production";
  const problems = [...providerProblems(values, isProduction), ...channelProblems(values)];
  if (/^postgres/.test(values.DATABASE_URL) && !values.SESSION_SECRET) {
    problems.push("SESSION_SECRET: is required with a PostgreSQL DATABASE_URL, so that every server of the shop signs cookies alike");
  }
  if (problems.length > 0) throw new EnvError(`Invalid environment variable ${problems.join("; ")}`);
  return {
    port: values.PORT,
    databaseUrl: values.DATABASE_URL,
    sessionSecrets: (values.SESSION_SECRET ?? generatedSessionSecret(dataDir)).split(",").map((s) => s.trim()),
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    ownerEmail: (values.OWNER_EMAIL ?? values.ADMIN_EMAIL).toLowerCase(),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    paymentProvider: values.PAYMENT_PROVIDER,
    myfatoorah:
      values.MYFATOORAH_API_KEY && values.MYFATOORAH_WEBHOOK_SECRET
        ? {
            apiKey: values.MYFATOORAH_API_KEY,
            baseUrl: values.MYFATOORAH_BASE_URL.replace(/\/+$/, ""),
            webhookSecret: values.MYFATOORAH_WEBHOOK_SECRET,
          }
        : null,
    tap: values.TAP_SECRET_KEY ? { secretKey: values.TAP_SECRET_KEY, baseUrl: values.TAP_BASE_URL.replace(/\/+$/, "") } : null,
    whatsApp:
      values.WHATSAPP_TOKEN && values.WHATSAPP_PHONE_NUMBER_ID && values.WHATSAPP_APP_SECRET && values.WHATSAPP_VERIFY_TOKEN
        ? {
            token: values.WHATSAPP_TOKEN,
            phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: values.WHATSAPP_APP_SECRET,
            verifyToken: values.WHATSAPP_VERIFY_TOKEN,
            baseUrl: values.WHATSAPP_BASE_URL.replace(/\/+$/, ""),
            apiVersion: values.WHATSAPP_API_VERSION,
          }
        : null,
    kwtSms:
      values.KWTSMS_USERNAME && values.KWTSMS_PASSWORD && values.KWTSMS_SENDER
        ? { username: values.KWTSMS_USERNAME, password: values.KWTSMS_PASSWORD, sender: values.KWTSMS_SENDER, baseUrl: values.KWTSMS_BASE_URL.replace(/\/+$/, "") }
        : null,
    trustProxy: values.TRUST_PROXY,
    workers: values.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4),
    isProduction,
    dataDir,
    uploadsDir: path.resolve(values.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    backups: values.BACKUP_DIR ? { dir: path.resolve(values.BACKUP_DIR), keep: values.BACKUP_KEEP } : null,
    metricsToken: values.METRICS_TOKEN,
    seedDemo: values.SEED_DEMO === "1",
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    paymentReminderDelaysMs: reminderDelaysOf(values.PAYMENT_REMINDERS) ?? [],
    reviewInviteAfterMs: reviewInviteDelayOf(values.REVIEW_INVITE_AFTER) ?? null,
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
