import { getEnv, type Env } from "~/env.server";
import { createMyFatoorahProvider } from "./myfatoorah.server";
import type { PaymentProvider } from "./provider.server";
import { createTapProvider } from "./tap.server";
import { testProvider } from "./test-provider.server";

const providers = new Map<string, PaymentProvider>();

function build(name: string, env: Env): PaymentProvider | null {
  if (name === testProvider.name) return testProvider;
  if (name === "myfatoorah" && env.myfatoorah) return createMyFatoorahProvider(env.myfatoorah);
  if (name === "tap" && env.tap) return createTapProvider(env.tap);
  return null;
}

/**
 * The provider that PAYMENT_PROVIDER names, or another configured one by name (a payment made before the shop
 * switched gateways is still checked and refunded through the gateway that took it). A new gateway registers here.
 */
export function getPaymentProvider(name: string = getEnv().paymentProvider): PaymentProvider {
  let provider = providers.get(name);
  if (!provider) {
    const built = build(name, getEnv());
    if (!built) throw new Error(`Unknown or unconfigured payment provider ${name}`);
    provider = built;
    providers.set(name, provider);
  }
  return provider;
}

/** The gateways this server can ask: the jobs leave other providers' payments alone instead of failing on them. */
export function configuredProviderNames(env: Env = getEnv()): string[] {
  return ["test", "myfatoorah", "tap"].filter((name) => build(name, env) !== null);
}
