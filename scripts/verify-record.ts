import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { contentHashOf, type RecordVerdict, verifyRecord } from "../core/record/verify-record";
import { canonicalJson } from "../server/reports/export/content-hash";

/**
 * `npm run verify -- <file> [--server https://dashboard.example]`: checks a label report's
 * record document (JSON) or PDF as the /verify page does (docs/record-format.md).
 * Offline it prints the content hash and, for a record document, whether it is in the
 * canonical form (so its hash is the one the server computed); with --server it also asks
 * that server whether it issued the record and checks the server's signature.
 */

const sha256 = async (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function say(verdict: RecordVerdict): number {
  switch (verdict.kind) {
    case "issued": {
      const { record } = verdict;
      console.log(
        `Issued by the server on ${record.issuedAt} for label ${record.labelId} (report ${record.reportId}).`,
      );
      console.log(`Server signature: verified with its published key (signed ${verdict.signedAt.toISOString()}).`);
      console.log(record.current ? "It is the report's record now." : "The report's record has changed since.");
      if (verdict.file === "pdf")
        console.log("A PDF can be edited: check that it shows this label, or verify its record document.");
      return 0;
    }
    case "unknown":
      console.log("Not issued by this server: the file was changed after it was issued, or it comes from elsewhere.");
      return 1;
    case "badSignature":
      console.log("The server's signature of this hash does not verify with its published keys.");
      return 1;
    case "unreadable":
      console.log(verdict.reason);
      return 1;
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { server: { type: "string" } } });
  const path = positionals[0];
  if (!path) {
    console.error("Usage: npm run verify -- <record.json | report.pdf> [--server https://dashboard.example]");
    return 2;
  }
  const bytes = new Uint8Array(readFileSync(path));
  const found = await contentHashOf(bytes, sha256);
  if ("reason" in found) {
    console.log(found.reason);
    return 1;
  }
  console.log(`Content SHA-256: ${found.contentHash}`);
  if (found.file === "record") {
    const text = new TextDecoder().decode(bytes);
    const canonical = canonicalJson(JSON.parse(text));
    if (canonical !== text) {
      console.log(
        "The document is not in the canonical form: it was edited or re-saved, so its hash is not the record's.",
      );
      return 1;
    }
    console.log("The document is in the canonical form.");
  }
  if (!values.server) return 0;
  const server = values.server.replace(/\/+$/, "");
  const verdict = await verifyRecord(bytes, {
    sha256,
    getJson: async (route) => {
      const response = await fetch(`${server}${route}`, { headers: { accept: "application/json" } });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
  });
  return say(verdict);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
