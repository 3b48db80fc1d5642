import type { DispositionInput, SigningCodeInput } from "@core/api/signed-disposition";
import type { Disposition, SignedDisposition } from "@core/domain/disposition";
import { type HttpError, useCustomMutation, useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { RESOURCE } from "@/resources/names";
import { REPORT_QUERY_KEY } from "./report-queries";

const dispositionUrl = (id: string, tail = "") =>
  `${RESOURCE.labelReports}/${encodeURIComponent(id)}/disposition${tail}`;

/**
 * POST /label-reports/{id}/disposition. The server also wants the person's own sign-in
 * session, which the browser sends as its cookie; after a signature the report, the
 * list (its Disposition column) and the audit trail are refreshed.
 */
export function useSignDisposition(reportId: string) {
  const { mutate, mutation } = useCustomMutation<SignedDisposition, HttpError>();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const sign = (values: DispositionInput, handlers: { onSuccess: () => void; onError: (error: HttpError) => void }) =>
    mutate(
      {
        url: dispositionUrl(reportId),
        method: "post",
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, reportId] }),
            invalidate({ resource: RESOURCE.labelReports, invalidates: ["all"] }),
          ]);
          handlers.onSuccess();
        },
        onError: handlers.onError,
      },
    );
  /** A code that signs `disposition` of this report, and nothing else. */
  const emailCode = (
    disposition: Disposition,
    handlers: { onSuccess: () => void; onError: (error: HttpError) => void },
  ) =>
    mutate(
      {
        url: dispositionUrl(reportId, "/email-code"),
        method: "post",
        values: { disposition } satisfies SigningCodeInput,
        successNotification: false,
        errorNotification: false,
      },
      handlers,
    );
  return { sign, emailCode, pending: mutation.isPending };
}
