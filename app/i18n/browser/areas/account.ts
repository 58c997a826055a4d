import { account as ar } from "../../locales/ar/account";
import { account as en } from "../../locales/en/account";
import type { RouteMessages } from "../../route-messages";

/** The account pages' texts in both languages, for their routes' `handle` (app/i18n/route-messages.tsx). */
export const accountMessages: { messages: RouteMessages } = { messages: { ar, en } };
