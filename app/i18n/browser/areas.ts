import { account as arAccount } from "../locales/ar/account";
import { admin as arAdmin } from "../locales/ar/admin";
import { checkout as arCheckout } from "../locales/ar/checkout";
import { account as enAccount } from "../locales/en/account";
import { admin as enAdmin } from "../locales/en/admin";
import { checkout as enCheckout } from "../locales/en/checkout";
import type { RouteMessages } from "../route-messages";

/**
 * The texts of an area of the shop, in both languages, for its routes' `handle` (app/i18n/route-messages.tsx): they
 * travel in the routes' own JavaScript, so a catalogue page does not carry them.
 */
export const accountAndCheckoutMessages: { messages: RouteMessages } = {
  messages: { ar: { ...arAccount, ...arCheckout }, en: { ...enAccount, ...enCheckout } },
};

export const adminMessages: { messages: RouteMessages } = { messages: { ar: arAdmin, en: enAdmin } };
