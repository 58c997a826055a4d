/**
 * The campaign a visitor came from (CONTRACT.md "Where the shopper came from", decision 0089): read from the first
 * page's address, kept in a first-party cookie, stored on the order. Only the campaign's own words are kept, never a
 * click id (`fbclid` and the like name one click of one person; only the network they point to is kept).
 */
export type Campaign = { utmSource: string | null; utmMedium: string | null; utmCampaign: string | null };

/** A value longer than this is cut: enough for any campaign name a person types, small for the cookie and the row. */
export const CAMPAIGN_VALUE_MAX = 100;

/** Click ids the ad networks add to their links, and the source each stands for when no `utm_source` is given. */
export const CLICK_ID_SOURCES = { fbclid: "facebook", gclid: "google", ttclid: "tiktok", snapclid: "snapchat" } as const;

const UTM_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/**
 * Letters of any script (a campaign may be named in Arabic), their marks, digits, space and `_ . + -`: what campaign
 * builders produce. Anything else (quotes, angle brackets, control characters, `;`) refuses the value whole rather
 * than cleaning it into something the owner never wrote.
 */
const ALLOWED = /^[\p{L}\p{M}\p{N} _.+-]+$/u;

/** A parameter's value as kept: trimmed and cut to CAMPAIGN_VALUE_MAX characters, or null when absent or refused. */
export function campaignValue(raw: string | null | undefined): string | null {
  const value = [...(raw ?? "").trim()].slice(0, CAMPAIGN_VALUE_MAX).join("").trim();
  return value && ALLOWED.test(value) ? value : null;
}

/**
 * The campaign an address names, or null when it names none. `utm_source` wins over a click id; the source and
 * the medium are lower-cased, so `Facebook` and `facebook` are one line of the report.
 */
export function campaignOf(params: URLSearchParams): Campaign | null {
  const [source, medium, campaign] = UTM_PARAMETERS.map((name) => campaignValue(params.get(name)));
  const clicked = Object.entries(CLICK_ID_SOURCES).find(([name]) => (params.get(name) ?? "").trim() !== "")?.[1] ?? null;
  const utmSource = source?.toLowerCase() ?? clicked;
  if (!utmSource && !medium && !campaign) return null;
  return { utmSource, utmMedium: medium?.toLowerCase() ?? null, utmCampaign: campaign };
}

/** Whether an address carries any campaign parameter at all, checked before anything is parsed. */
export function mayNameCampaign(search: string): boolean {
  return /[?&](?:utm_source|utm_medium|utm_campaign|fbclid|gclid|ttclid|snapclid)=/.test(search);
}

/** The campaign as the cookie keeps it: its three values in a JSON array. */
export function serializeCampaign(campaign: Campaign): string {
  return JSON.stringify([campaign.utmSource, campaign.utmMedium, campaign.utmCampaign]);
}

/** The cookie's campaign, checked again as if it came from an address (a cookie is the visitor's to change); else null. */
export function parseCampaign(value: string | null | undefined): Campaign | null {
  if (!value || value.length > 4 * CAMPAIGN_VALUE_MAX * 3) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => part === null || typeof part === "string")) return null;
  const [source, medium, campaign] = (parsed as (string | null)[]).map((part) => (part === null ? null : campaignValue(part)));
  if ((parsed as (string | null)[]).some((part, index) => part !== null && [source, medium, campaign][index] !== part)) return null;
  if (!source && !medium && !campaign) return null;
  return { utmSource: source?.toLowerCase() ?? null, utmMedium: medium?.toLowerCase() ?? null, utmCampaign: campaign };
}

/**
 * The report's bucket for paid orders that came with no campaign (a typed address, a bookmark, a link without
 * parameters, or a campaign older than 30 days): one fixed value no `utm_source` can take, as `(` is refused.
 */
export const DIRECT_SOURCE = "(direct)";

/** An order's stored campaign as read (CONTRACT.md: `source`), null when it came with none. */
export function campaignOfOrder(order: Campaign): Campaign | null {
  const { utmSource, utmMedium, utmCampaign } = order;
  return utmSource || utmMedium || utmCampaign ? { utmSource, utmMedium, utmCampaign } : null;
}
