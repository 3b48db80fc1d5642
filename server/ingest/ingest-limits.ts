/**
 * How much a gateway or person may send through the ingest routes (POST /api/readings,
 * POST /api/label-reports).
 */

/**
 * A full batch with every value and a time with an offset is about 110 bytes a reading:
 * 10,000 of them need more than the server's usual 1 MB.
 */
export const READINGS_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Labels one key (or person) may register a minute. A registration is how a leaked
 * ingest key reaches people (every label can raise alerts), so it is not free; a
 * gateway registering a shipment's labels stays well under it.
 */
export const REGISTRATIONS_PER_KEY_PER_MINUTE = 30;
