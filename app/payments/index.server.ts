import { getEnv } from "~/env.server";
import type { PaymentProvider } from "./provider.server";
import { testProvider } from "./test-provider.server";

const providers: Record<string, PaymentProvider> = { test: testProvider };

/** The provider that PAYMENT_PROVIDER names; a new gateway registers here and nothing else changes. */
export function getPaymentProvider(name: string = getEnv().paymentProvider): PaymentProvider {
  const provider = providers[name];
  if (!provider) throw new Error(`Unknown payment provider ${name}`);
  return provider;
}
