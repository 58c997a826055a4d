/**
 * A local stand-in for kwtSMS's REST/JSON API, for the SMS client's tests and for Playwright. Written from kwtSMS's
 * documentation, separately from app/messages/kwtsms.server.ts, so that a misreading in one shows up as a failure
 * against the other.
 *
 * Follows these pages of kwtSMS's documentation:
 * - https://www.kwtsms.com/api-documentation.html (REST/JSON v4.1): POST only, JSON in and out; /API/send/ with
 *   `username`, `password`, `sender`, `mobile` (digits with the country code, comma-separated, at most 200),
 *   `message`, `test`; `{"result":"OK","msg-id","numbers","points-charged","balance-after","unix-timestamp"}` (the
 *   timestamp in Kuwait time, GMT+3) or `{"result":"ERROR","code","description"}`; /API/status/ with `msgid`:
 *   `{"result":"OK","status":"sent","description"}`, ERR029 (no such id), ERR030 (stuck in the queue with an error)
 * - the error codes ERR001–ERR033 as that page and the official SDK (github.com/boxlinknet/kwtsms-js, src/errors.ts)
 *   list them: ERR001 API disabled, ERR002 missing parameter, ERR003 credentials, ERR004 no API access, ERR005
 *   account blocked, ERR006 no valid number, ERR007 over 200 numbers, ERR008 sender, ERR009 empty, ERR010/ERR011
 *   balance, ERR012 over 6 pages, ERR013 queue full, ERR024 IP not in the API whitelist, ERR025 invalid number, ERR026
 *   country not activated, ERR027 HTML, ERR028 15 seconds before the same number again, ERR031 bad language, ERR032
 *   spam, ERR033 no active coverage
 * - kwtSMS API documentation v3.7 (2024): `lang` 1 English, 2 Arabic (CP1256), 3 Arabic (UTF-8), 4 Unicode
 * - "emoji: silently stuck in the queue, credits wasted, no error returned" (the SDK's message cleaning notes): the
 *   fake accepts such a message and its status answers ERR030
 * - the same page's "Must-know information": "Sending speed and rate limits: Max 5 requests per second per IP. Exceed
 *   and your IP is blocked automatically. Recommended: 2 per second with a small delay." The fake counts the API
 *   requests of each client address: the 6th within one second blocks that address, and from then on it answers none
 *   of its requests until a test unblocks it (`unblock()`), as an IP stays blocked until kwtSMS's support lifts it
 *
 * Not documented, so chosen here: the HTTP status (200 for every answer, errors included), the description texts,
 * that only Kuwait (965) is activated, that a page is 160 GSM-7 / 70 Unicode characters (153 / 67 once split), that
 * a message leaves the queue at once (status `sent`), and that a blocked address gets no answer at all: the
 * connection is dropped, as a firewall would, rather than an error code.
 *
 * Run alone (`tsx tests/fakes/kwtsms.ts`) it reads PORT, KWTSMS_USERNAME, KWTSMS_PASSWORD and KWTSMS_SENDER, prints
 * `listening <url>`, and adds `POST /__control` and `GET /__state` for tests that drive it from another process.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export type FakeSms = { msgId: string; mobile: string; message: string; sender: string; lang?: string; test: boolean; points: number; stuck: boolean };

/** `at`: when the request came (ms since the epoch); `dropped`: the client's address was blocked for going too fast. */
export type FakeCall = { path: string; at: number; body: Record<string, unknown>; answer: Record<string, unknown> | { httpStatus: number } | { dropped: true } };

/**
 * How the next sends fail: an HTTP 5xx, or a kwtSMS error code answered as `{"result":"ERROR"}`. With `mobile`
 * (digits with the country code) only a send to that number takes the failure: a test's worker database may hold
 * other files' messages, which a drain sends first.
 */
export type Failure = ({ status: number } | { code: string }) & { mobile?: string };

export type FakeKwtSms = {
  url: string;
  close(): Promise<void>;
  failNext(count: number, failure: Failure): void;
  setBalance(points: number): void;
  /** The wait before the same number may get another SMS (ERR028); 15 s as documented, 0 to turn it off. */
  setRepeatWait(ms: number): void;
  setDelay(ms: number): void;
  /** Marks a sent message as stuck in the queue, so its status answers ERR030. */
  stick(msgId: string): void;
  messages: Map<string, FakeSms>;
  /** Requests in the order they came, the password masked. */
  calls: FakeCall[];
  balance(): number;
  /** Whether a client went past 5 requests in one second, so that its address is blocked. */
  blocked(): boolean;
  unblock(): void;
};

type StartOptions = {
  username: string;
  password: string;
  /** The account's approved sender ids (case sensitive). */
  senders: string[];
  balance?: number;
  repeatWaitMs?: number;
  port?: number;
  host?: string;
  controlRoutes?: boolean;
};

const DESCRIPTIONS: Record<string, string> = {
  ERR001: "API is disabled",
  ERR002: "A required parameter is missing",
  ERR003: "Authentication error, username or password are not correct",
  ERR004: "This account has no API access",
  ERR005: "This account is blocked",
  ERR006: "No valid numbers",
  ERR007: "Too many numbers, maximum 200",
  ERR008: "Sender ID is banned or not found",
  ERR009: "Message is empty",
  ERR010: "Your account balance is zero",
  ERR011: "Your account balance is not enough",
  ERR012: "Message is too long, over 6 pages",
  ERR013: "Send queue is full, try again later",
  ERR024: "Your IP is not in the API whitelist",
  ERR025: "Invalid number",
  ERR026: "This country is not activated",
  ERR027: "HTML tags are not allowed in the message",
  ERR028: "You must wait 15 seconds before sending to the same number again",
  ERR029: "Message ID does not exist or is wrong",
  ERR030: "Message is stuck in the send queue with an error",
  ERR031: "Message rejected: bad language detected",
  ERR032: "Message rejected: spam detected",
  ERR033: "No active coverage found",
};

/** "Max 5 requests per second per IP" (kwtSMS's API documentation). */
const REQUESTS_PER_SECOND = 5;

const GSM7 = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€";
const EMOJI = /\p{Extended_Pictographic}/u;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Pages: written separately from the client's count, from the same GSM figures. */
function pages(message: string): number {
  const units = [...message];
  const gsm = units.every((char) => GSM7.includes(char));
  const length = gsm ? units.reduce((sum, char) => sum + ("^{}\\[~]|€".includes(char) ? 2 : 1), 0) : message.length;
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / part);
}

function error(code: string) {
  return { result: "ERROR", code, description: DESCRIPTIONS[code] ?? "Error" };
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const json = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    return isRecord(json) ? json : null;
  } catch {
    return null;
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startFakeKwtSms(options: StartOptions): Promise<FakeKwtSms> {
  const messages = new Map<string, FakeSms>();
  const calls: FakeCall[] = [];
  const lastSentTo = new Map<string, number>();
  let failures: Failure[] = [];
  let balance = options.balance ?? 1000;
  let repeatWaitMs = options.repeatWaitMs ?? 15_000;
  let delayMs = 0;
  const recentRequests = new Map<string, number[]>();
  const blockedClients = new Set<string>();

  /** Counts a request of the client at `at`; true when its address is blocked, now or already. */
  function blocks(client: string, at: number): boolean {
    if (blockedClients.has(client)) return true;
    const lastSecond = [...(recentRequests.get(client) ?? []).filter((time) => at - time < 1000), at];
    recentRequests.set(client, lastSecond);
    if (lastSecond.length > REQUESTS_PER_SECOND) blockedClients.add(client);
    return blockedClients.has(client);
  }

  const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

  function send(body: Record<string, unknown>): Record<string, unknown> {
    const [username, password, sender, mobile, message] = [body.username, body.password, body.sender, body.mobile, body.message].map(text);
    if (!username || !password || !sender || !mobile || message === "") return error(body.message === "" ? "ERR009" : "ERR002");
    if (username !== options.username || password !== options.password) return error("ERR003");
    if (!options.senders.includes(sender)) return error("ERR008");
    const numbers = mobile.split(",").map((number) => number.trim());
    if (numbers.length > 200) return error("ERR007");
    if (numbers.some((number) => !/^\d+$/.test(number))) return error(numbers.length === 1 ? "ERR025" : "ERR006");
    if (numbers.some((number) => !number.startsWith("965"))) return error("ERR026");
    if (numbers.some((number) => !/^965[569]\d{7}$/.test(number))) return error("ERR025");
    if (!message.trim()) return error("ERR009");
    if (/<[a-z/][^>]*>/i.test(message)) return error("ERR027");
    if (body.lang !== undefined && !["1", "2", "3", "4"].includes(text(body.lang))) return error("ERR002");
    const points = pages(message) * numbers.length;
    if (pages(message) > 6) return error("ERR012");
    if (balance <= 0) return error("ERR010");
    if (points > balance) return error("ERR011");
    const now = Date.now();
    if (numbers.some((number) => now - (lastSentTo.get(number) ?? -Infinity) < repeatWaitMs)) return error("ERR028");
    for (const number of numbers) lastSentTo.set(number, now);
    const test = text(body.test) === "1";
    const msgId = crypto.randomBytes(16).toString("hex");
    balance -= points;
    messages.set(msgId, { msgId, mobile, message, sender, ...(body.lang !== undefined ? { lang: text(body.lang) } : {}), test, points, stuck: test || EMOJI.test(message) });
    // Kuwait server time (GMT+3) as the documentation warns, not UTC.
    return { result: "OK", "msg-id": msgId, numbers: numbers.length, "points-charged": points, "balance-after": balance, "unix-timestamp": Math.floor(now / 1000) + 3 * 3600 };
  }

  function status(body: Record<string, unknown>): Record<string, unknown> {
    const [username, password, msgid] = [body.username, body.password, body.msgid].map(text);
    if (!username || !password || !msgid) return error("ERR002");
    if (username !== options.username || password !== options.password) return error("ERR003");
    const message = messages.get(msgid);
    if (!message) return error("ERR029");
    if (message.stuck) return error("ERR030");
    return { result: "OK", status: "sent", description: "Message successfully sent" };
  }

  /** The first failure waiting for this send: one for any number, or one for the number the body names. */
  function takeFailure(mobile: string): Failure | undefined {
    const at = failures.findIndex((failure) => failure.mobile === undefined || failure.mobile === mobile);
    return at === -1 ? undefined : failures.splice(at, 1)[0];
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const at = Date.now();
    const body = await readJson(req);
    const logged = { ...(body ?? {}), ...(body && "password" in body ? { password: "***" } : {}) };
    if (blocks(req.socket.remoteAddress ?? "unknown", at)) {
      calls.push({ path, at, body: logged, answer: { dropped: true } });
      req.socket.destroy();
      return;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const failure = path === "/API/send/" ? takeFailure(text(body?.mobile)) : undefined;
    if (failure && "status" in failure) {
      calls.push({ path, at, body: logged, answer: { httpStatus: failure.status } });
      return sendJson(res, failure.status, { result: "ERROR", code: "ERR000", description: "Service unavailable" });
    }
    let answer: Record<string, unknown>;
    if (failure) answer = error(failure.code);
    else if (!body || !String(req.headers["content-type"]).startsWith("application/json")) answer = error("ERR002");
    else answer = path === "/API/send/" ? send(body) : status(body);
    calls.push({ path, at, body: logged, answer });
    sendJson(res, 200, answer);
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse) {
    const control = (await readJson(req)) ?? {};
    if (isRecord(control.failNext)) {
      const count = Number(control.failNext.count ?? 1);
      api.failNext(count, typeof control.failNext.code === "string" ? { code: control.failNext.code } : { status: Number(control.failNext.status ?? 500) });
    }
    if (typeof control.balance === "number") balance = control.balance;
    if (typeof control.repeatWaitMs === "number") repeatWaitMs = Math.max(0, control.repeatWaitMs);
    if (typeof control.delayMs === "number") delayMs = Math.max(0, control.delayMs);
    if (typeof control.stick === "string") api.stick(control.stick);
    if (control.unblock === true) api.unblock();
    sendJson(res, 200, { ok: true });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake.invalid").pathname;
    let handling: Promise<unknown>;
    if (req.method === "POST" && (path === "/API/send/" || path === "/API/status/")) handling = handleApi(req, res, path);
    else if (options.controlRoutes && req.method === "POST" && path === "/__control") handling = handleControl(req, res);
    else if (options.controlRoutes && req.method === "GET" && path === "/__state") handling = Promise.resolve(sendJson(res, 200, { messages: [...messages.values()], calls, balance, blocked: blockedClients.size > 0 }));
    else handling = Promise.resolve(sendJson(res, 404, { result: "ERROR", code: "ERR002", description: "Unknown command; POST to /API/send/ or /API/status/" }));
    handling.catch((failure: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 500, { result: "ERROR", code: "ERR000", description: failure instanceof Error ? failure.message : "Internal error" });
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;

  const api: FakeKwtSms = {
    url: `http://${address.address}:${address.port}`,
    messages,
    calls,
    balance: () => balance,
    blocked: () => blockedClients.size > 0,
    unblock() {
      blockedClients.clear();
      recentRequests.clear();
    },
    failNext(count, failure) {
      failures = [...failures, ...Array.from({ length: Math.max(0, count) }, () => failure)];
    },
    setBalance(points) {
      balance = points;
    },
    setRepeatWait(ms) {
      repeatWaitMs = Math.max(0, ms);
    },
    setDelay(ms) {
      delayMs = Math.max(0, ms);
    },
    stick(msgId) {
      const message = messages.get(msgId);
      if (message) message.stuck = true;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((failure) => (failure ? reject(failure) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return api;
}

async function main() {
  const { KWTSMS_USERNAME: username, KWTSMS_PASSWORD: password, KWTSMS_SENDER: sender } = process.env;
  if (!username || !password || !sender) throw new Error("KWTSMS_USERNAME, KWTSMS_PASSWORD and KWTSMS_SENDER are required");
  const port = Number(process.env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0) throw new Error("PORT must be a port number");
  const fake = await startFakeKwtSms({ username, password, senders: [sender], port, controlRoutes: true });
  process.stdout.write(`listening ${fake.url}\n`);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((failure: unknown) => {
    process.stderr.write(`${failure instanceof Error ? failure.message : String(failure)}\n`);
    process.exit(1);
  });
}
