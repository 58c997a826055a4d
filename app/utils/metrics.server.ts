import client from "prom-client";

/**
 * The shop's Prometheus metrics (GET /metrics, docs/operations.md), on prom-client's one registry per process.
 * server.ts's code and the Remix build each load this file (one through tsx, one bundled), so a metric is made by the
 * first and found by the second: two `new Counter` of one name would throw.
 */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): client.Counter<L> {
  return (client.register.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter({ name, help, labelNames });
}

export const ordersPlaced = counter("shop_orders_placed_total", "Orders placed (checkout and POST /api/orders), paid or not yet");
export const ordersPaid = counter("shop_orders_paid_total", "Orders whose payment was confirmed");
export const paymentFailures = counter("shop_payment_failures_total", "Payment attempts declined, cancelled, refused by the gateway or paid with a wrong amount", ["provider", "reason"]);
export const mailFailures = counter("shop_mail_failures_total", "E-mails the SMTP server did not take");
export const messagesSent = counter("shop_messages_total", "Outbox messages by channel and the outcome of each try: sent, retry (failed, tried again later) or failed (given up)", ["channel", "outcome"]);
export const pageCacheLookups = counter("shop_page_cache_lookups_total", "Shared catalogue pages asked for, answered from the page cache (hit) or rendered (miss)", ["result"]);

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * PostgreSQL's connection pool, read at each scrape: queries waiting for a connection (a queue that grows means the
 * pool, `?connection_limit=`, is too small for the load) and connections busy or idle. SQLite has no pool: its one
 * writer waits inside SQLite (busy_timeout), which the request durations show.
 */
export function watchDatabasePool(pool: PoolCounts) {
  if (client.register.getSingleMetric("shop_db_pool_waiting_queries")) return;
  new client.Gauge({
    name: "shop_db_pool_waiting_queries",
    help: "Queries waiting for a PostgreSQL connection from this process's pool",
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new client.Gauge({
    name: "shop_db_pool_connections",
    help: "PostgreSQL connections of this process's pool, busy or idle",
    labelNames: ["state"],
    collect() {
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
    },
  });
}
