import { UserSwitchOutlined } from "@ant-design/icons";
import { userName } from "@core/domain/audit-actor";
import { createColumnHelper } from "@tanstack/react-table";
import { Button, Popconfirm } from "antd";
import { type CompanyRef, selectActiveRole, useAuthSessionStore } from "@/providers/stores/auth-session";
import type { User } from "../types";
import { userColumns } from "../users/columns";
import { useImpersonate } from "./use-impersonate";

const column = createColumnHelper<User>();

/** Nobody impersonates themselves: their own row has no button. */
function ImpersonateButton({ user, company }: { user: User; company: CompanyRef }) {
  const selfId = useAuthSessionStore((s) => selectActiveRole(s)?.user.id);
  const { impersonate, pendingFor } = useImpersonate();
  if (user.id === selfId) return null;
  return (
    <Popconfirm
      // Acting as someone else is recorded in their company's trail: asked once, naming whom and where.
      title={`Impersonate ${userName(user)} in ${company.name}?`}
      description="You see and act as they do until you stop. Their audit trail records ColdChain support on their behalf."
      okText="Impersonate"
      onConfirm={() => void impersonate(user, company.id).catch(() => undefined)}
    >
      <Button icon={<UserSwitchOutlined />} loading={pendingFor === user.id} aria-label={`Impersonate ${user.email}`}>
        Impersonate
      </Button>
    </Popconfirm>
  );
}

/** A company's members in the control center: the users list's columns and an Impersonate button. */
export function memberColumns(company: CompanyRef) {
  return [
    ...userColumns.map((spec) =>
      column.display({ id: spec.key, header: spec.title, cell: ({ row }) => spec.render(row.original) }),
    ),
    column.display({
      id: "impersonate",
      header: "",
      meta: { align: "right" },
      cell: ({ row }) => <ImpersonateButton user={row.original} company={company} />,
    }),
  ];
}
