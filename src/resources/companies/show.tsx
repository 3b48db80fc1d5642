import { type HttpError, useOne } from "@refinedev/core";
import { Card, Flex } from "antd";
import { useMemo } from "react";
import { useParams } from "react-router";
import { RecordDetails } from "@/components/record/record-details";
import { TitledPage } from "@/components/record/record-page";
import { selectIsImpersonating, useAuthSessionStore } from "@/providers/stores/auth-session";
import { RESOURCE } from "@/resources/names";
import { companyFields } from "../sub-companies/columns";
import type { Company } from "../types";
import { memberColumns } from "./member-columns";
import { MembersTable } from "./members-table";

/** One company in the control center: its details and its members, each of whom can be impersonated. */
export function ControlCenterCompanyShow() {
  const { id } = useParams();
  return (
    <TitledPage title="Company" backTo="/control-center/companies">
      <Flex vertical gap="large">
        <Card>
          <RecordDetails<Company> resource={RESOURCE.controlCenterCompanies} id={id} fields={companyFields} />
        </Card>
        {id ? <CompanyMembers companyId={id} /> : null}
      </Flex>
    </TitledPage>
  );
}

function CompanyMembers({ companyId }: { companyId: string }) {
  // Once an impersonation starts, this page is on its way out and its token may not read
  // the control center: a refetch here would only be a 403.
  const impersonating = useAuthSessionStore(selectIsImpersonating);
  // The details card above asks the same query: its answer, not a second request.
  const { result: company } = useOne<Company, HttpError>({
    resource: RESOURCE.controlCenterCompanies,
    id: companyId,
    queryOptions: { enabled: !impersonating },
  });
  const companyName = company?.name ?? "this company";
  const columns = useMemo(() => memberColumns({ id: companyId, name: companyName }), [companyId, companyName]);
  return (
    <MembersTable
      resource={`${RESOURCE.controlCenterCompanies}/${encodeURIComponent(companyId)}/users`}
      columns={columns}
      enabled={!impersonating}
    />
  );
}
