import { type HttpError, useOne } from "@refinedev/core";
import { Alert, Card, Flex, Skeleton } from "antd";
import { useState } from "react";
import { useParams } from "react-router";
import { RecordDescriptions } from "@/components/record/record-details";
import { TitledPage } from "@/components/record/record-page";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { Company } from "../types";
import { companyFields } from "./columns";
import { SubCompanyActions } from "./components/sub-company-actions";
import { SubCompanyEditForm } from "./components/sub-company-edit-form";
import { SubCompanyMembers } from "./components/sub-company-members";

/**
 * One sub-company of the distributor: its details, edited in place, its deletion (refused by
 * the server while it has label reports), and its members, whom the distributor may remove.
 */
export function SubCompanyShow() {
  const { id } = useParams();
  const [editing, setEditing] = useState(false);
  // The server's sentence when it refused to delete the company (it has label reports).
  const [refusal, setRefusal] = useState<string | null>(null);
  const { query, result: company } = useOne<Company, HttpError>({
    resource: RESOURCE.subCompanies,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
  });
  const actions =
    company && !editing ? (
      <SubCompanyActions company={company} onEdit={() => setEditing(true)} onRefused={setRefusal} />
    ) : null;
  return (
    <TitledPage title="Sub-company" backTo="/sub-companies" actions={actions}>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message="Could not load this sub-company"
          description={readableError(query.error)}
        />
      ) : !company ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="large">
          {refusal ? (
            <Alert
              type="error"
              showIcon
              closable
              onClose={() => setRefusal(null)}
              message="The sub-company was not deleted"
              description={refusal}
            />
          ) : null}
          <Card>
            {editing ? (
              <SubCompanyEditForm company={company} onDone={() => setEditing(false)} />
            ) : (
              <RecordDescriptions record={company} fields={companyFields} />
            )}
          </Card>
          <SubCompanyMembers company={company} />
        </Flex>
      )}
    </TitledPage>
  );
}
