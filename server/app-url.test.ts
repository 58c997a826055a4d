import { describe, expect, it } from "vitest";
import { gatewayAppUrlProblem } from "./app-url";

/** Probe 3, item 7: a gateway with APP_URL unset was given http://localhost pages, which MyFatoorah refuses. */
describe("APP_URL with a payment gateway", () => {
  it("is an error in the log when it is a local address, APP_URL's default among them, and names the variable and the gateway", () => {
    for (const appUrl of ["http://localhost:3000", "http://127.0.0.1:4831", "http://[::1]:3000", "http://shop.localhost", "http://0.0.0.0:3000"]) {
      const problem = gatewayAppUrlProblem({ appUrl, paymentProvider: "myfatoorah" });
      expect(problem?.level, appUrl).toBe("error");
      expect(problem?.message, appUrl).toContain(`APP_URL is ${appUrl}`);
      expect(problem?.message, appUrl).toContain("MyFatoorah refuses it as the address to send the shopper back to, so every payment fails");
    }
    expect(gatewayAppUrlProblem({ appUrl: "http://localhost:3000", paymentProvider: "tap" })?.message).toContain("Tap cannot call its webhook there");
  });

  it("is a warning over plain http, and nothing over https or with the test provider", () => {
    expect(gatewayAppUrlProblem({ appUrl: "http://shop.example.com", paymentProvider: "tap" })).toMatchObject({ level: "warn", message: expect.stringContaining("https://") });
    expect(gatewayAppUrlProblem({ appUrl: "https://shop.example.com", paymentProvider: "myfatoorah" })).toBeNull();
    expect(gatewayAppUrlProblem({ appUrl: "http://localhost:3000", paymentProvider: "test" })).toBeNull();
  });
});
