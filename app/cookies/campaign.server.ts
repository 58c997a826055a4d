import { campaignOf, mayNameCampaign, parseCampaign, serializeCampaign, type Campaign } from "~/shared/campaign";
import { plainCookie } from "~/utils/cookies.server";
import { rawCookies } from "~/utils/raw-cookies";

/** How long the first campaign is remembered (CONTRACT.md "Where the shopper came from"). */
export const CAMPAIGN_DAYS = 30;
const CAMPAIGN_COOKIE = "shop_campaign";

let campaignCookie: ReturnType<typeof plainCookie> | undefined;

/**
 * The first campaign a visitor came from, set by server/campaign.ts and read when an order is placed (decision
 * 0089). Plain, not signed: a shopper could as well forge a campaign link; every read checks the value again.
 */
function getCampaignCookie() {
  campaignCookie ??= plainCookie(CAMPAIGN_COOKIE, CAMPAIGN_DAYS * 24 * 60 * 60);
  return campaignCookie;
}

/** The campaign the request's cookie remembers, or null (none, expired, or a value the shop would not have written). */
export function readCampaign(request: Request): Campaign | null {
  return campaignOfCookies(request.headers.get("Cookie"));
}

function campaignOfCookies(cookieHeader: string | null | undefined): Campaign | null {
  const value = rawCookies(cookieHeader).get(CAMPAIGN_COOKIE);
  if (value === undefined) return null;
  try {
    return parseCampaign(decodeURIComponent(value));
  } catch {
    return null;
  }
}

/**
 * The Set-Cookie header that remembers the campaign of a page's address, or null: when the address names none, and
 * when the visitor already carries a valid campaign (first touch: a later link within 30 days changes nothing).
 */
export function campaignCookieHeader(search: string, cookieHeader: string | null | undefined): string | null {
  if (!mayNameCampaign(search)) return null;
  const campaign = campaignOf(new URLSearchParams(search));
  if (!campaign) return null;
  if (campaignOfCookies(cookieHeader)) return null;
  return getCampaignCookie().serialize(serializeCampaign(campaign));
}
