/** Waits until the shop at `baseUrl` answers /healthz, as the bench and Lighthouse scripts do after starting it. */
export async function waitForServer(baseUrl: string, name = "the server") {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not start within 2 minutes`);
}
