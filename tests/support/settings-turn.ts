import fs from "node:fs";
import { E2E_SETTINGS_TURN } from "../../playwright.config";

/**
 * A shop has one set of settings, and the journeys run in two workers (two processes): a journey that changes them
 * takes its turn first, so another one never saves the form it loaded over this one's values, nor puts back what it
 * kept while this one is still reading the footer. The turn is a directory, which only one process can create; the
 * global setup removes one a killed run left behind.
 */
export async function takeSettingsTurn(): Promise<() => void> {
  for (;;) {
    try {
      fs.mkdirSync(E2E_SETTINGS_TURN);
      return () => fs.rmSync(E2E_SETTINGS_TURN, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // The other worker holds it for one journey: look again shortly (the test's own timeout bounds the wait).
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
