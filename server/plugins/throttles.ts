import fp from "fastify-plugin";
import { type AuthThrottles, createThrottles } from "../auth/throttle";

/** `app.throttles`: per-process sign-in and code counters; tests pass smaller limits and their own clock. */
export const throttlesPlugin = fp<{ throttles?: AuthThrottles }>(
  async (app, options) => {
    app.decorate("throttles", options.throttles ?? createThrottles());
  },
  { name: "throttles", fastify: "5.x" },
);
