import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.server";

const of = (address: string) => clientAddress({ cspNonce: "", clientAddress: address });

describe("the address per-client limits count", () => {
  it("groups IPv6 clients by their /64 network, however the address is written", () => {
    const network = of("2001:db8:aa:bb:1111:2222:3333:4444");
    expect(of("2001:db8:aa:bb::1")).toBe(network);
    expect(of("2001:0DB8:00aa:00BB:ffff:ffff:ffff:ffff")).toBe(network);
    expect(of("2001:db8:aa:bb::1%eth0")).toBe(network);
    expect(of("2001:db8:aa:bc::1")).not.toBe(network);
    expect(of("::1")).toBe(of("::2"));
    expect(of("2001:db8::")).toBe(of("2001:db8:0:0:5::1"));
  });

  it("keeps IPv4 addresses whole, also when written as IPv6", () => {
    expect(of("203.0.113.7")).toBe("203.0.113.7");
    expect(of("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(of("203.0.113.8")).not.toBe(of("203.0.113.7"));
    expect(clientAddress(undefined)).toBe("unknown");
  });
});
