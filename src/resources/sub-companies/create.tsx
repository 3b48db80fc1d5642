import { ApartmentOutlined } from "@ant-design/icons";
import { type HttpError, useCreate } from "@refinedev/core";
import { Button, Card, Flex, Form } from "antd";
import { useNavigate } from "react-router";
import { TitledPage } from "@/components/record/record-page";
import { RESOURCE } from "@/resources/names";
import { CompanyFields, showCompanyErrors } from "../people/company-fields";
import { type CompanyFormValues, companyPayload } from "../people/company-form";
import { FirstAdministratorField } from "../people/first-administrator-field";
import { failureText } from "../people/form-errors";
import styles from "../people/people.module.css";
import type { Company } from "../types";

/** A new sub-company of the distributor, with the invitation of its first administrator. */
export function SubCompanyCreate() {
  const navigate = useNavigate();
  const [form] = Form.useForm<CompanyFormValues>();
  const { mutateAsync, mutation } = useCreate<Company, HttpError>();
  return (
    <TitledPage title="Create sub-company" backTo="/sub-companies">
      <Card className={styles.formCard}>
        <Form<CompanyFormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          onFinish={async (values) => {
            try {
              const { data } = await mutateAsync({
                resource: RESOURCE.subCompanies,
                values: companyPayload(values),
                successNotification: {
                  type: "success",
                  message: "Sub-company created",
                  description: `An invitation went to ${values.administratorEmail?.trim()}`,
                },
                errorNotification: (error) => ({
                  type: "error",
                  message: "Sub-company not created",
                  description: failureText(error),
                }),
              });
              navigate(`/sub-companies/${encodeURIComponent(String(data.id))}`);
            } catch (error) {
              showCompanyErrors(form, error);
            }
          }}
        >
          <CompanyFields />
          <FirstAdministratorField companyNoun="sub-company" />
          <Flex justify="end" gap="small">
            <Button onClick={() => navigate("/sub-companies")}>Cancel</Button>
            <Button type="primary" htmlType="submit" icon={<ApartmentOutlined />} loading={mutation.isPending}>
              Create sub-company
            </Button>
          </Flex>
        </Form>
      </Card>
    </TitledPage>
  );
}
