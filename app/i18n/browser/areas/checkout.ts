import { checkout as ar } from "../../locales/ar/checkout";
import { checkout as en } from "../../locales/en/checkout";
import type { RouteMessages } from "../../route-messages";

/** The checkout, payment and tracking pages' texts in both languages, for their routes' `handle`. */
export const checkoutMessages: { messages: RouteMessages } = { messages: { ar, en } };
