/**
 * Waits until the server at `baseUrl` answers `path` (the shop's /healthz unless told otherwise; a baseline that has
 * no such route is asked for its page), as the bench and Lighthouse scripts do after starting it.
 */
export async function waitForServer(baseUrl: string, name = "the server", path = "/healthz") {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not start within 2 minutes`);
}
