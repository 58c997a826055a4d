import { admin as ar } from "../../locales/ar/admin";
import { admin as en } from "../../locales/en/admin";
import type { RouteMessages } from "../../route-messages";

/** The administration texts in both languages, for the admin layout's `handle`. */
export const adminMessages: { messages: RouteMessages } = { messages: { ar, en } };
