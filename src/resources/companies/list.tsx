import { PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { companyColumns } from "../sub-companies/columns";
import type { Company } from "../types";

/** The control center's company list: every company of the platform, with type and parent. */
export function ControlCenterCompanyList() {
  const navigate = useNavigate();
  const can = useAccess();
  return (
    <ResourceList<Company>
      resource={RESOURCE.controlCenterCompanies}
      columns={companyColumns}
      recordLink={(company) => `/control-center/companies/${encodeURIComponent(company.id)}`}
      searchPlaceholder="Search by name"
      actions={
        can({ resource: RESOURCE.controlCenterCompanies, action: "create" }) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/control-center/companies/create")}>
            Create company
          </Button>
        ) : null
      }
    />
  );
}
