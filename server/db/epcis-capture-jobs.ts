import type { EpcisCaptureError } from "../ingest/epcis";
import type { Db } from "./index";

/**
 * EPCIS capture jobs. Creating, finishing and reading a job are part of the capture
 * itself (server/ingest/epcis-capture.ts); this is the route's fallback when a job fails
 * outright.
 */

/** Marks a job finished without success, with the errors its caller may read. */
export async function failCaptureJob(db: Db, jobId: string, errors: EpcisCaptureError[]): Promise<void> {
  await db
    .updateTable("epcisCaptureJobs")
    .set({
      running: false,
      success: false,
      finishedAt: new Date(),
      errors: JSON.stringify(errors),
      errorCount: errors.length,
    })
    .where("id", "=", jobId)
    .execute();
}
