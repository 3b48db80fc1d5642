import { describe, expect, test } from "vitest";
import { MAX_RESTART_DELAY_MS, RESTART_DELAY_MS, restartDelayMs } from "../../server/cluster";
import { isDatabaseUnavailable, untilDatabaseAnswers } from "../../server/db/unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("what counts as the database being away (a 503, not a 500)", () => {
  test.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a fast shutdown's FATAL 57P01", withCode("57P01", "terminating connection due to administrator command")],
    ["a database still starting up (57P03)", withCode("57P03", "the database system is starting up")],
    ["too many connections after a restart (53300)", withCode("53300")],
    ["pg's connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["pg's connect timeout", new Error("timeout exceeded when trying to connect")],
    [
      "a client whose connection failed earlier",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["every address of the host refused", new AggregateError([withCode("ECONNREFUSED")], "")],
  ])("%s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

test("a start waits while the database is away and goes on once it answers", async () => {
  let calls = 0;
  const lines: string[] = [];
  const result = await untilDatabaseAnswers(
    "Start",
    async () => {
      calls++;
      if (calls < 2) throw withCode("ECONNREFUSED");
      return "keys";
    },
    (line) => lines.push(line),
  );
  expect(result).toBe("keys");
  expect(lines).toHaveLength(1);
});

test("a start does not wait on an error that is not the database being away", async () => {
  await expect(untilDatabaseAnswers("Start", async () => Promise.reject(withCode("42P01")))).rejects.toThrow();
});

test("a dead worker is replaced after a delay that doubles while replacements die soon, up to a bound", () => {
  expect(restartDelayMs(0)).toBe(RESTART_DELAY_MS);
  expect(restartDelayMs(1)).toBe(2 * RESTART_DELAY_MS);
  expect(restartDelayMs(20)).toBe(MAX_RESTART_DELAY_MS);
});
