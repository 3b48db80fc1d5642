import { Alert, Button, Card, List, Tag, Typography } from "antd";
import { rolesText } from "@/pages/auth/invitation";
import { useCompanySwitch } from "@/pages/auth/use-company-switch";
import { useAuthSessionStore } from "@/providers/stores/auth-session";

/** Settings > profile > companies: where the user holds roles; switching reuses the company choice flow. */
export function ProfileCompanies() {
  const roles = useAuthSessionStore((s) => s.userRoles);
  const current = useAuthSessionStore((s) => s.currentUserRole);
  const { choosing, failure, choose } = useCompanySwitch();
  return (
    <Card>
      {failure && <Alert type="error" showIcon message={failure.message} style={{ marginBottom: 16 }} />}
      <List
        dataSource={roles}
        locale={{ emptyText: "You hold no roles." }}
        renderItem={(role) => {
          const isCurrent = current?.company.id === role.company.id;
          return (
            <List.Item
              actions={[
                isCurrent ? (
                  <Tag key="current" color="green">
                    Current company
                  </Tag>
                ) : (
                  <Button
                    key="switch"
                    loading={choosing === role.id}
                    aria-label={`Switch to ${role.company.name}`}
                    onClick={() => choose(role.id)}
                  >
                    Switch
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={<Typography.Text strong>{role.company.name}</Typography.Text>}
                description={rolesText(role.type)}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
