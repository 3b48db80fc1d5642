import { UserSwitchOutlined } from "@ant-design/icons";
import { createColumnHelper } from "@tanstack/react-table";
import { Button } from "antd";
import { selectActiveRole, useAuthSessionStore } from "@/providers/stores/auth-session";
import type { User } from "../types";
import { userColumns } from "../users/columns";
import { useImpersonate } from "./use-impersonate";

const column = createColumnHelper<User>();

/** Nobody impersonates themselves: their own row has no button. */
function ImpersonateButton({ user, companyId }: { user: User; companyId: string }) {
  const selfId = useAuthSessionStore((s) => selectActiveRole(s)?.user.id);
  const { impersonate, pendingFor } = useImpersonate();
  if (user.id === selfId) return null;
  return (
    <Button
      icon={<UserSwitchOutlined />}
      loading={pendingFor === user.id}
      aria-label={`Impersonate ${user.email}`}
      onClick={() => void impersonate(user, companyId).catch(() => undefined)}
    >
      Impersonate
    </Button>
  );
}

/** A company's members in the control center: the users list's columns and an Impersonate button. */
export function memberColumns(companyId: string) {
  return [
    ...userColumns.map((spec) =>
      column.display({ id: spec.key, header: spec.title, cell: ({ row }) => spec.render(row.original) }),
    ),
    column.display({
      id: "impersonate",
      header: "",
      meta: { align: "right" },
      cell: ({ row }) => <ImpersonateButton user={row.original} companyId={companyId} />,
    }),
  ];
}
