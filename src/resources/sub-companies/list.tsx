import { PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import type { Company } from "../types";
import { companyColumns } from "./columns";

export function SubCompanyList() {
  const navigate = useNavigate();
  const can = useAccess();
  return (
    <ResourceList<Company>
      resource={RESOURCE.subCompanies}
      columns={companyColumns}
      recordLink={(company) => `/sub-companies/${encodeURIComponent(company.id)}`}
      searchPlaceholder="Search by name"
      actions={
        can({ resource: RESOURCE.subCompanies, action: "create" }) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/sub-companies/create")}>
            Create sub-company
          </Button>
        ) : null
      }
    />
  );
}
