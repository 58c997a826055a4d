/** CONTRACT.md "Reviews": a review waits (`pending`) until the owner publishes or hides it, unless auto-published. */
export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export function isReviewStatus(value: unknown): value is ReviewStatus {
  return typeof value === "string" && (REVIEW_STATUSES as readonly string[]).includes(value);
}

export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_REPLY_MAX = 2000;
/** Published reviews per page, on the product page and `GET /api/products/{id}/reviews`. */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * A link or a phone number in a review is held for the owner even with auto-publish (issue 47): it is how spam and
 * "message me" offers look. A web address (with or without a scheme), an e-mail, or 8 digits or more in a row
 * (spaces, dashes and Arabic-Indic digits too), which a Kuwaiti or international number needs.
 */
export function holdsLinkOrPhone(text: string): boolean {
  const western = text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
  if (/(https?:\/\/|www\.)\S/i.test(western)) return true;
  if (/\b[a-z0-9-]+\.(com|net|org|io|co|me|ly|shop|store|kw|link|app|info|biz)\b/i.test(western)) return true;
  if (/\S+@\S+\.\S+/.test(western)) return true;
  return /(?:\d[\s\-.]*){8,}/.test(western);
}

/**
 * The name a review shows: the first name and the initial of the next (CONTRACT.md), so no buyer's full name is
 * published. An Arabic family name's article ("ال") is passed over for the initial, as people write it.
 */
export function reviewAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const [first, next] = words;
  if (!next) return first;
  const letters = next.replace(/^(ال|al-)/i, "") || next;
  return `${first} ${letters.charAt(0).toUpperCase()}.`;
}
