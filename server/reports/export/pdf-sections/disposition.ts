import { DISPOSITION_LABELS } from "../../../../core/domain/disposition";
import type { PdfContext } from "./context";

/** The signed QA disposition, or that none is signed. */
export function renderDisposition({ w, content, at }: PdfContext): void {
  w.heading("QA disposition");
  const signed = content.disposition;
  w.keyValues(
    signed
      ? [
          ["Disposition", DISPOSITION_LABELS[signed.value]],
          ["Meaning of the signature", signed.meaning],
          [
            "Signed by",
            signed.signedBy.email ? `${signed.signedBy.name} (${signed.signedBy.email})` : signed.signedBy.name,
          ],
          ["Signed at", `${at(signed.signedAt)} (${signed.signedAt} UTC)`],
          ["Comment", signed.comment || "-"],
          [
            "Signature",
            "Electronic signature (21 CFR Part 11 §11.50): signed with the signer's password or e-mailed code; it cannot be changed, only superseded.",
          ],
        ]
      : [["Disposition", "None signed"]],
  );
}
