import fp from "fastify-plugin";
import { type CounterStore, databaseCounters } from "../auth/counter-store";
import { type AuthThrottles, createThrottles } from "../auth/throttle";

/**
 * `app.counters`: counters in the database, shared by every server process and instance;
 * `app.throttles`: the sign-in and code counters over them. Tests pass smaller limits,
 * their own clock, or their own store.
 */
export const throttlesPlugin = fp<{ throttles?: AuthThrottles; counters?: CounterStore }>(
  async (app, options) => {
    const counters = options.counters ?? databaseCounters(app.db);
    app.decorate("counters", counters);
    app.decorate("throttles", options.throttles ?? createThrottles({ store: counters }));
  },
  { name: "throttles", fastify: "5.x" },
);
