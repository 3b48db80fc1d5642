import { BankOutlined } from "@ant-design/icons";
import { COMPANY_TYPES } from "@core/domain/resources";
import { useSelect } from "@refinedev/antd";
import { type HttpError, useCreate } from "@refinedev/core";
import { Button, Card, Flex, Form, Select } from "antd";
import { useNavigate } from "react-router";
import { FormRadioGroup } from "@/components/controls/form-groups/form-groups";
import { humanize } from "@/components/list/columns";
import { TitledPage } from "@/components/record/record-page";
import { RESOURCE } from "@/resources/names";
import { CompanyFields, showCompanyErrors } from "../people/company-fields";
import { type CompanyFormValues, companyPayload } from "../people/company-form";
import { FirstAdministratorField } from "../people/first-administrator-field";
import { failureText } from "../people/form-errors";
import styles from "../people/people.module.css";
import type { Company } from "../types";

/**
 * Companies are created through POST /companies; a system administrator picks type and parent,
 * and names the first administrator, invited in the same transaction (as for sub-companies).
 */
const COMPANIES_ENDPOINT = "companies";

export function ControlCenterCompanyCreate() {
  const navigate = useNavigate();
  const [form] = Form.useForm<CompanyFormValues>();
  const { mutateAsync, mutation } = useCreate<Company, HttpError>();
  const { selectProps } = useSelect<Company>({
    resource: RESOURCE.controlCenterCompanies,
    optionLabel: "name",
    optionValue: "id",
    pagination: { pageSize: 50 },
    onSearch: (value) => [{ field: "name", operator: "contains", value }],
  });
  return (
    <TitledPage title="Create company" backTo="/control-center/companies">
      <Card className={styles.formCard}>
        <Form<CompanyFormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ type: "customer" }}
          onFinish={async (values) => {
            try {
              const { data } = await mutateAsync({
                resource: COMPANIES_ENDPOINT,
                values: companyPayload(values),
                successNotification: {
                  type: "success",
                  message: "Company created",
                  description: `An invitation went to ${values.administratorEmail?.trim()}`,
                },
                errorNotification: (error) => ({
                  type: "error",
                  message: "Company not created",
                  description: failureText(error),
                }),
                invalidates: ["list"],
              });
              navigate(`/control-center/companies/${encodeURIComponent(String(data.id))}`);
            } catch (error) {
              showCompanyErrors(form, error);
            }
          }}
        >
          <Form.Item name="type" label="Type" rules={[{ required: true }]}>
            <FormRadioGroup
              optionType="button"
              buttonStyle="solid"
              options={COMPANY_TYPES.map((value) => ({ value, label: humanize(value) }))}
            />
          </Form.Item>
          <CompanyFields />
          <Form.Item name="parentId" label="Parent company" extra="A customer under a distributor is its sub-company.">
            <Select
              {...selectProps}
              allowClear
              showSearch
              placeholder="None"
              aria-label="Parent company"
              filterOption={false}
            />
          </Form.Item>
          <FirstAdministratorField companyNoun="company" />
          <Flex justify="end" gap="small">
            <Button onClick={() => navigate("/control-center/companies")}>Cancel</Button>
            <Button type="primary" htmlType="submit" icon={<BankOutlined />} loading={mutation.isPending}>
              Create company
            </Button>
          </Flex>
        </Form>
      </Card>
    </TitledPage>
  );
}
