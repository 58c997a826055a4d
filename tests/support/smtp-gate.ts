import net from "node:net";

/**
 * A loopback TCP gate in front of the test SMTP server: open, it passes each connection through; held, it accepts
 * connections and says nothing, as a mail server that hangs does. A shop process sending through a held gate is stuck
 * in the SMTP call: after its commit, before the mail went.
 */
export async function startSmtpGate(target: string) {
  const { hostname, port } = new URL(target);
  let held = false;
  let stalled = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    if (held) {
      stalled += 1;
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    hold: () => void (held = true),
    open: () => void (held = false),
    /** Connections accepted while held and left hanging. */
    stalled: () => stalled,
    /** Sockets open through the gate now (each mail is a connection of its own): 0 when no send is under way. */
    openSockets: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
