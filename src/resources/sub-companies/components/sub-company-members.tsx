import { DeleteOutlined } from "@ant-design/icons";
import { userName } from "@core/domain/audit-actor";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { Button, Popconfirm } from "antd";
import { useMemo } from "react";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { MembersTable } from "../../companies/members-table";
import { failureText } from "../../people/form-errors";
import type { Company, User } from "../../types";
import { userColumns } from "../../users/columns";

const column = createColumnHelper<User>();

/** The members list of one sub-company (GET /sub-companies/{id}/users). */
const membersOf = (companyId: string) => `${RESOURCE.subCompanies}/${encodeURIComponent(companyId)}/users`;

/**
 * Removes a member from the sub-company (DELETE /users/{id}?companyId=): the account stays
 * for its other companies. Asked once, naming whom and where.
 */
function RemoveButton({ user, company }: { user: User; company: Company }) {
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation();
  const remove = () =>
    mutate(
      {
        url: `users/${encodeURIComponent(user.id)}?companyId=${encodeURIComponent(company.id)}`,
        method: "delete",
        values: {},
        successNotification: { type: "success", message: "Member removed", description: user.email },
        errorNotification: (error) => ({ type: "error", message: "Not removed", description: failureText(error) }),
      },
      {
        onSuccess: () => {
          void invalidate({ resource: membersOf(company.id), invalidates: ["list"] });
          // The page's member count.
          void invalidate({ resource: RESOURCE.subCompanies, id: company.id, invalidates: ["detail"] });
        },
      },
    );
  return (
    <Popconfirm
      title={`Remove ${userName(user)} from ${company.name}?`}
      description="Their account stays for their other companies."
      okText="Remove"
      okButtonProps={{ danger: true }}
      onConfirm={remove}
    >
      <Button danger icon={<DeleteOutlined />} loading={mutation.isPending} aria-label={`Remove ${user.email}`}>
        Remove
      </Button>
    </Popconfirm>
  );
}

/** A sub-company's members as its distributor sees them; those who may remove members get a Remove button. */
export function SubCompanyMembers({ company }: { company: Company }) {
  const can = useAccess();
  const mayRemove = can({ subject: "user", action: "delete" });
  const columns = useMemo<ColumnDef<User>[]>(
    () => [
      ...userColumns.map((spec) =>
        column.display({ id: spec.key, header: spec.title, cell: ({ row }) => spec.render(row.original) }),
      ),
      ...(mayRemove
        ? [
            column.display({
              id: "remove",
              header: "",
              meta: { align: "right" },
              cell: ({ row }) => <RemoveButton user={row.original} company={company} />,
            }),
          ]
        : []),
    ],
    [company, mayRemove],
  );
  return <MembersTable resource={membersOf(company.id)} columns={columns} />;
}
