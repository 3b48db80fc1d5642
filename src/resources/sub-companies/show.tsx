import { useParams } from "react-router";
import { RecordPage, TitledPage } from "@/components/record/record-page";
import { RESOURCE } from "@/providers/resources";
import type { Company } from "../types";
import { companyFields } from "./columns";

export function SubCompanyShow() {
  const { id } = useParams();
  return (
    <RecordPage<Company>
      title="Sub-company"
      backTo="/sub-companies"
      resource={RESOURCE.subCompanies}
      id={id}
      fields={companyFields}
    />
  );
}

export function SubCompanyCreate() {
  return <TitledPage title="Create sub-company" backTo="/sub-companies" />;
}
