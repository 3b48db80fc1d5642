import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { type HttpError, useDelete } from "@refinedev/core";
import { Button, Flex, Popconfirm } from "antd";
import { useNavigate } from "react-router";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { Company } from "../../types";

/**
 * Edit and Delete on a sub-company's page, each shown only to roles that may do it (the
 * server checks again). A refused deletion (label reports keep it) goes to `onRefused` with
 * the server's own sentence, for the page to keep in view.
 */
export function SubCompanyActions({
  company,
  onEdit,
  onRefused,
}: {
  company: Company;
  onEdit(): void;
  onRefused(message: string | null): void;
}) {
  const can = useAccess();
  const navigate = useNavigate();
  const { mutate, mutation } = useDelete<Company, HttpError>();
  const mayUpdate = can({ subject: "subCompany", action: "update" });
  const mayDelete = can({ subject: "subCompany", action: "delete" });
  if (!mayUpdate && !mayDelete) return null;

  const remove = () => {
    onRefused(null);
    mutate(
      {
        resource: RESOURCE.subCompanies,
        id: company.id,
        successNotification: {
          type: "success",
          message: "Sub-company deleted",
          description: `“${company.name}” is gone.`,
        },
        errorNotification: false,
      },
      {
        onSuccess: () => navigate("/sub-companies"),
        onError: (error) => onRefused(readableError(error)),
      },
    );
  };

  return (
    <Flex gap="small">
      {mayUpdate ? (
        <Button icon={<EditOutlined />} onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {mayDelete ? (
        <Popconfirm
          // Names the company: deleting the wrong one of a list of look-alikes cannot be undone.
          title={`Delete ${company.name}?`}
          description="This cannot be undone. A sub-company with label reports cannot be deleted."
          okText="Delete"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={remove}
        >
          <Button danger icon={<DeleteOutlined />} loading={mutation.isPending}>
            Delete
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
