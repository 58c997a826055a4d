import { describe, expect, it } from "vitest";
import { CAMPAIGN_VALUE_MAX, campaignOf, parseCampaign, serializeCampaign } from "./campaign";

const of = (query: string) => campaignOf(new URLSearchParams(query));

describe("the campaign of a page's address", () => {
  it("reads the three utm parameters, the source and medium in lower case", () => {
    expect(of("utm_source=Instagram&utm_medium=Paid_Social&utm_campaign=Eid-Sale")).toEqual({ utmSource: "instagram", utmMedium: "paid_social", utmCampaign: "Eid-Sale" });
    expect(of("utm_campaign=عيد الأضحى")).toEqual({ utmSource: null, utmMedium: null, utmCampaign: "عيد الأضحى" });
  });

  it("reads a click id as its network, keeps no click id, and lets utm_source win", () => {
    expect(of("fbclid=IwAR0abc")).toEqual({ utmSource: "facebook", utmMedium: null, utmCampaign: null });
    expect(of("gclid=x")?.utmSource).toBe("google");
    expect(of("ttclid=x")?.utmSource).toBe("tiktok");
    expect(of("snapclid=x")?.utmSource).toBe("snapchat");
    expect(of("fbclid=x&utm_source=newsletter")?.utmSource).toBe("newsletter");
    expect(JSON.stringify(of("fbclid=IwAR0abc&utm_campaign=eid"))).not.toContain("IwAR0abc");
  });

  it("names none for an address without one, or with empty values", () => {
    expect(of("page=2&sort=price")).toBeNull();
    expect(of("utm_source=&fbclid=")).toBeNull();
  });

  it("cuts a value over the limit and refuses one with characters no campaign builder writes", () => {
    expect(of(`utm_campaign=${"a".repeat(5000)}`)?.utmCampaign).toBe("a".repeat(CAMPAIGN_VALUE_MAX));
    expect(of("utm_source=<script>alert(1)</script>")).toBeNull();
    expect(of("utm_source=a;b&utm_campaign=ok")).toEqual({ utmSource: null, utmMedium: null, utmCampaign: "ok" });
    expect(of("utm_source=a%0Ab")).toBeNull();
    expect(of('utm_campaign="x",')).toBeNull();
  });
});

describe("the campaign cookie's value", () => {
  it("reads back what the shop wrote", () => {
    const campaign = { utmSource: "instagram", utmMedium: null, utmCampaign: "عيد" };
    expect(parseCampaign(serializeCampaign(campaign))).toEqual(campaign);
  });

  it("refuses a value the shop would not have written", () => {
    for (const forged of ["", "not json", "{}", "[1,2,3]", '["a","b"]', '[null,null,null]', '["<b>",null,null]', `["${"a".repeat(CAMPAIGN_VALUE_MAX + 1)}",null,null]`]) {
      expect(parseCampaign(forged), forged).toBeNull();
    }
  });
});
