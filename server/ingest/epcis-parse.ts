import type { FieldError } from "../../core/api/error-answer";
import { UNSTORABLE_MESSAGES, unstorable } from "../http/reject-nul";
import { forbiddenKeyPath } from "../http/reject-prototype-keys";
import { type EpcisMapping, eventsOfDocument, mapEpcisEvents } from "./epcis";

/** What a capture's body gives: a 400 to answer, or the mapping to store. */
export type ParsedCapture =
  | { kind: "refused"; message: string; problems: FieldError[] }
  | {
      kind: "mapped";
      eventCount: number;
      mapping: EpcisMapping;
      /** The eventID of each event in a batch (errors of a refused label name them). */
      eventIds: [number, string][];
    };

/**
 * A capture's body from its text to its mapping, with the checks every JSON body gets
 * (server/http: no NUL character, no prototype keys). Pure and synchronous: it runs on
 * the EPCIS worker thread (epcis-parser-pool.ts), because parsing and walking a document
 * of several MB takes hundreds of milliseconds that no other request should wait for.
 */
export function parseEpcisDocument(text: string, now: number): ParsedCapture {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      kind: "refused",
      message: "Body is not valid JSON",
      problems: [{ id: "body", error: "is not valid JSON" }],
    };
  }
  const bad = unstorable(body, "");
  if (bad !== null) {
    const { message, error } = UNSTORABLE_MESSAGES[bad.problem];
    return { kind: "refused", message, problems: [{ id: bad.path || "body", error }] };
  }
  const forbidden = forbiddenKeyPath(body, "");
  if (forbidden !== null)
    return {
      kind: "refused",
      message: `${forbidden}: is not an allowed key`,
      problems: [{ id: forbidden, error: "is not an allowed key" }],
    };
  const { events, problems } = eventsOfDocument(body);
  if (problems.length)
    return { kind: "refused", message: "This is not an EPCIS 2.0 document; nothing was captured", problems };
  const mapping = mapEpcisEvents(events, now);
  const eventIds: [number, string][] = [];
  const inBatches = new Set(mapping.batches.flatMap((b) => b.events));
  for (const index of inBatches) {
    const id = events[index]?.eventID;
    if (typeof id === "string") eventIds.push([index, id]);
  }
  return { kind: "mapped", eventCount: events.length, mapping, eventIds };
}
