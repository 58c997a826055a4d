import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { fixedT } from "~/i18n/fixed-t.server";
import type { Language } from "~/shared/language";
import { formatKD } from "~/shared/money";
import { isReturnStatus, type ReturnStatus } from "~/shared/returns";
import { flashToast, SHOP_FLASHES, type PageToast, type ShopFlash, type ToastPlace } from "~/shared/toast-messages";
import { plainCookie } from "~/utils/cookies.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * The one flash cookie (decision 0049): a form that succeeded answers 303 to a page (Post/Redirect/Get) and leaves
 * its message here; the root loader reads it once, removes it and shows it as the page's toast. The value is a known
 * name (`PAGE_TOASTS` or the cart's) and a few checked values, never text from the request, so it cannot inject a message.
 * The name stays `shop_flash`: server/page-cache.ts never shares a page with a visitor who carries it.
 */
const flashCookie = plainCookie("shop_flash", 60);

/** SPEC section 9's timings of the pages' toasts. */
const TOAST_MS = {
  accountCreated: 4000,
  adminList: 4000,
  productList: 3500,
  productSaved: 2000,
  productSavedNext: 1200,
  categoryCreated: 1200,
  categoryUpdated: 4000,
  orderPage: 3500,
  returnDecision: 4000,
  returnRequested: 6000,
} as const;

type ToastLook = { key: string; kind: "success" | "error"; durationMs: number; nextAfterMs?: number };


/**
 * The messages a form's answer leaves for the page it redirects to, besides the cart's (app/shared/toast-messages.ts,
 * which the browser needs too for the fetchers' answers). Kept here, off the browser's bundles, because the root
 * loader words them. `nextAfterMs` is SPEC section 9's "then … after": the page moves on to the flash's `next`.
 */
const PAGE_TOASTS = {
  accountCreated: { key: "account.messages.accountCreated", kind: "success", durationMs: TOAST_MS.accountCreated },
  productCreated: { key: "admin.products.created", kind: "success", durationMs: TOAST_MS.productSaved, nextAfterMs: TOAST_MS.productSavedNext },
  productUpdated: { key: "admin.products.updated", kind: "success", durationMs: TOAST_MS.productSaved, nextAfterMs: TOAST_MS.productSavedNext },
  productToggled: { key: "admin.products.updated", kind: "success", durationMs: TOAST_MS.productList },
  catalogueImported: { key: "admin.sheet.done", kind: "success", durationMs: TOAST_MS.productList },
  productDeleted: { key: "admin.products.deleted", kind: "success", durationMs: TOAST_MS.productList },
  categoryCreated: { key: "admin.categories.created", kind: "success", durationMs: TOAST_MS.categoryCreated, nextAfterMs: TOAST_MS.categoryCreated },
  categoryUpdated: { key: "admin.categories.updated", kind: "success", durationMs: TOAST_MS.categoryUpdated, nextAfterMs: TOAST_MS.categoryUpdated },
  categoryToggled: { key: "admin.categories.updated", kind: "success", durationMs: TOAST_MS.adminList },
  categoryDeleted: { key: "admin.categories.deleted", kind: "success", durationMs: TOAST_MS.adminList },
  couponCreated: { key: "admin.coupons.created", kind: "success", durationMs: TOAST_MS.adminList },
  couponUpdated: { key: "admin.coupons.updated", kind: "success", durationMs: TOAST_MS.adminList },
  couponDeleted: { key: "admin.coupons.deleted", kind: "success", durationMs: TOAST_MS.adminList },
  deliveryAreaCreated: { key: "admin.deliveryAreas.created", kind: "success", durationMs: TOAST_MS.adminList },
  deliveryAreaUpdated: { key: "admin.deliveryAreas.updated", kind: "success", durationMs: TOAST_MS.adminList },
  deliveryAreaDeleted: { key: "admin.deliveryAreas.deleted", kind: "success", durationMs: TOAST_MS.adminList },
  deliveryAreaHidden: { key: "admin.deliveryAreas.hiddenInstead", kind: "success", durationMs: TOAST_MS.adminList },
  settingsSaved: { key: "admin.settings.saved", kind: "success", durationMs: TOAST_MS.adminList },
  deliverySlotsSaved: { key: "admin.deliverySlots.saved", kind: "success", durationMs: TOAST_MS.adminList },
  // The shopper's "stop the reminders" of an unpaid order (decision 0085), on the page that stays to say so.
  remindersStopped: { key: "payment.remindersStopped", kind: "success", durationMs: TOAST_MS.adminList },
  // Shown on the sign-in page the change or the reset ends on (they were its `notice` parameter once).
  passwordChanged: { key: "account.messages.passwordChanged", kind: "success", durationMs: TOAST_MS.accountCreated },
  passwordReset: { key: "account.messages.passwordResetDone", kind: "success", durationMs: TOAST_MS.accountCreated },
  // The admin order page's forms (SPEC section 8's status message, its 3.5 s); the refund's names its amount (`fils`).
  orderStatusUpdated: { key: "admin.orders.statusUpdated", kind: "success", durationMs: TOAST_MS.orderPage },
  refundRecorded: { key: "admin.refund.done", kind: "success", durationMs: TOAST_MS.orderPage },
  delayNoticeQueued: { key: "admin.delay.queued", kind: "success", durationMs: TOAST_MS.orderPage },
  messageResent: { key: "admin.messages.resent", kind: "success", durationMs: TOAST_MS.orderPage },
  // A return's decision names the status it moved to (`returnStatus`).
  returnDecided: { key: "admin.returns.saved", kind: "success", durationMs: TOAST_MS.returnDecision },
  // The shopper's return request, on its page, which shows the number it carries (`returnNumber`) and what comes next.
  returnRequested: { key: "returns.doneTitle", kind: "success", durationMs: TOAST_MS.returnRequested },
  // Reviews (issue 47): the shopper's, on the order's review page; the owner's decisions, on her list.
  reviewSent: { key: "reviews.sent", kind: "success", durationMs: TOAST_MS.orderPage },
  reviewsSaved: { key: "admin.reviews.saved", kind: "success", durationMs: TOAST_MS.adminList },
  // A late order cancelled by its shopper (issue 48), on the page the button was on.
  lateCancelled: { key: "api.lateCancel.done", kind: "success", durationMs: TOAST_MS.returnRequested },
  staffInvited: { key: "admin.staff.invited", kind: "success", durationMs: TOAST_MS.adminList },
  staffUpdated: { key: "admin.staff.updated", kind: "success", durationMs: TOAST_MS.adminList },
  staffTwoStepReset: { key: "admin.twoStep.resetDone", kind: "success", durationMs: TOAST_MS.adminList },
  staffPasswordLink: { key: "admin.staff.passwordLinkSent", kind: "success", durationMs: TOAST_MS.adminList },
  // Turning two-step off; turning it on answers on its page (its recovery codes are shown once, never in a cookie).
  twoStepDisabled: { key: "admin.twoStep.disabled", kind: "success", durationMs: TOAST_MS.adminList },
  // Shown on the admin sign-in page an invited member's password form ends on.
  staffPasswordSet: { key: "admin.setPassword.done", kind: "success", durationMs: TOAST_MS.accountCreated },
} as const satisfies Record<string, ToastLook>;
type PageToastName = keyof typeof PAGE_TOASTS;

/** Every name the flash cookie may carry: nothing else is read back, so the cookie can never carry text. */
type ToastName = ShopFlash | PageToastName;

function isToastName(value: string): value is ToastName {
  return (SHOP_FLASHES as readonly string[]).includes(value) || Object.hasOwn(PAGE_TOASTS, value);
}

/** The key, look, duration and timed next step of a flash. */
function toastLook(name: ToastName, place: ToastPlace = "product"): ReturnType<typeof flashToast> | (typeof PAGE_TOASTS)[PageToastName] {
  return (SHOP_FLASHES as readonly string[]).includes(name) ? flashToast(name as ShopFlash, place) : PAGE_TOASTS[name as PageToastName];
}

export type Flash = {
  name: ToastName;
  /** The cart's "Added to cart" stays longer on a product page than on a grid. */
  place?: ToastPlace;
  /** Where SPEC's timed step goes once the message has been read (a path of this shop). */
  next?: string;
  /** The one page (path) the message is for: the timed step's page, which says it again (issue 43). */
  on?: string;
  /** An amount the message names (the refund's), in fils: a number, never text. */
  fils?: number;
  /** The status a return moved to, one of the known ones. */
  returnStatus?: ReturnStatus;
  /** A return request's number: `RET-` and twelve digits, nothing else. */
  returnNumber?: string;
};

const RETURN_NUMBER = /^RET-\d{12}$/;

export function flashHeader(flash: Flash): string {
  const values = new URLSearchParams();
  if (flash.place) values.set("place", flash.place);
  if (flash.next) values.set("next", flash.next);
  if (flash.on) values.set("on", flash.on);
  if (flash.fils !== undefined) values.set("fils", String(flash.fils));
  if (flash.returnStatus) values.set("returnStatus", flash.returnStatus);
  if (flash.returnNumber && RETURN_NUMBER.test(flash.returnNumber)) values.set("returnNumber", flash.returnNumber);
  const query = values.toString();
  return flashCookie.serialize(query ? `${flash.name}?${query}` : flash.name);
}

/** Post/Redirect/Get with a message: a 303, so a refresh of the page it lands on never posts again. */
export function redirectWithToast(url: string, flash: Flash, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", flashHeader(flash));
  return redirect(url, { ...init, status: 303, headers });
}

function parseFlash(value: string): Flash | null {
  const [name, query = ""] = value.split("?", 2);
  if (!isToastName(name)) return null;
  const values = new URLSearchParams(query);
  const place = values.get("place");
  const next = values.get("next");
  const on = values.get("on");
  const fils = values.get("fils");
  const returnStatus = values.get("returnStatus");
  const returnNumber = values.get("returnNumber");
  return {
    name,
    place: place === "grid" ? "grid" : "product",
    next: next ? safeRedirectPath(next, "") || undefined : undefined,
    on: on ? safeRedirectPath(on, "") || undefined : undefined,
    fils: fils && /^\d{1,12}$/.test(fils) ? Number(fils) : undefined,
    returnStatus: isReturnStatus(returnStatus) ? returnStatus : undefined,
    returnNumber: returnNumber && RETURN_NUMBER.test(returnNumber) ? returnNumber : undefined,
  };
}

/** The flash as the root shows it, in the visitor's language, and the header that removes it once read. */
export function readToast(request: Request, language: Language): { toast: PageToast | null; headers: Record<string, string> } {
  const value = flashCookie.read(request);
  if (value === null) return { toast: null, headers: {} };
  const cleared = { "Set-Cookie": flashCookie.clear() };
  const flash = parseFlash(value);
  if (!flash || (flash.on && flash.on !== new URL(request.url).pathname)) return { toast: null, headers: cleared };
  const look = toastLook(flash.name, flash.place);
  const t = fixedT(language);
  const next = flash.next && "nextAfterMs" in look ? { to: flash.next, afterMs: look.nextAfterMs } : null;
  // The page it moves on to says it again (issue 43): "Product saved" shown for 1.2 s before the products list may
  // never be seen on a slow phone. The list reads this second flash by a full load without JavaScript, and by
  // PageToast's revalidation with it; elsewhere it is dropped.
  const headers = next ? { "Set-Cookie": flashHeader({ name: flash.name, place: flash.place, on: new URL(next.to, request.url).pathname }) } : cleared;
  return {
    toast: {
      // A fresh id each time, so the same message twice in a row shows twice.
      id: randomUUID(),
      message: t(look.key, {
        amount: flash.fils === undefined ? "" : formatKD(flash.fils, language),
        status: flash.returnStatus ? t(`returns.statuses.${flash.returnStatus}`) : "",
      }),
      kind: look.kind,
      durationMs: look.durationMs,
      next,
      ...(flash.returnNumber ? { returnNumber: flash.returnNumber } : {}),
    },
    headers,
  };
}

/** The page a form was posted from (path and query), for a 303 back to it. */
export function currentPage(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return pathname + search;
}
