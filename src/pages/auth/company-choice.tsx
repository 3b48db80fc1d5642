import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ErrorAnswer } from "@core/api/error-answer";
import type { InvitationConfirmAnswer, InvitationConfirmInput } from "@core/api/role-token";
import { useLogout } from "@refinedev/core";
import { Alert, Button, Card, Flex, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { apiUrl } from "@/providers/api-url";
import { toUserRoles, userOf } from "@/providers/auth/roles";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import styles from "./company-choice.module.css";
import { fetchInvitation, type Invitation, rolesInSentence, rolesText } from "./invitation";
import { useCompanySwitch } from "./use-company-switch";

/** What the company choice says, true to how many companies the person is in. */
export function companyChoiceText(companies: number): string {
  if (companies > 1) return `You work in ${companies} companies. Choose the one to open.`;
  if (companies === 1) return "You work in one company: open it to continue.";
  return "Your account is not in any company yet. Ask your company's administrator for an invitation.";
}

/** Shown when the user has roles in more than one company (or opens it by its URL): pick the one to work in. */
export function SelectCompanyPage() {
  const roles = useAuthSessionStore((s) => s.userRoles);
  const current = useAuthSessionStore((s) => s.currentUserRole);
  const { choosing, failure, choose } = useCompanySwitch();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from "Switch company": the way back to the company still open, where the person was
  // (the first page of a visit has no entry before it in the dashboard: its start page then).
  const back = () => (location.key === "default" ? navigate("/") : navigate(-1));
  return (
    <Flex vertical gap="large">
      {current ? (
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} className={styles.back}>
          Back to {current.company.name}
        </Button>
      ) : null}
      <Typography.Title level={2}>Select a company</Typography.Title>
      <Typography.Text type="secondary">{companyChoiceText(roles.length)}</Typography.Text>
      {failure && <Alert type="error" showIcon message={failure.message} />}
      <Flex vertical gap="small" role="list">
        {roles.map((role) => (
          <Card key={role.id} size="small" role="listitem">
            <Flex justify="space-between" align="center" gap="middle">
              <Flex vertical>
                <Typography.Text strong>{role.company.name}</Typography.Text>
                <Typography.Text type="secondary">{rolesText(role.type)}</Typography.Text>
              </Flex>
              <Button
                type={current?.id === role.id ? "default" : "primary"}
                loading={choosing === role.id}
                onClick={() => choose(role.id)}
                aria-label={`Open ${role.company.name}`}
              >
                {current?.id === role.id ? "Current" : "Open"}
              </Button>
            </Flex>
          </Card>
        ))}
      </Flex>
      <Button type="link" onClick={() => logout()}>
        Sign out
      </Button>
    </Flex>
  );
}

/** A signed-in user accepts an invitation into another company (/confirm-invite?token=…). */
export function ConfirmInvitePage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const setSession = useAuthSessionStore((s) => s.setSession);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [problem, setProblem] = useState<string | null>(
    token ? null : "This page needs the link from your invitation e-mail.",
  );
  const [accepting, setAccepting] = useState(false);

  useEffect(() => {
    if (!token) return;
    fetchInvitation(token)
      .then(setInvitation)
      .catch((error: Error) => setProblem(error.message));
  }, [token]);

  async function accept() {
    if (!token) return;
    setAccepting(true);
    try {
      const response = await fetch(`${apiUrl()}/userInvites/confirm`, {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json", "x-database": "postgres" },
        body: JSON.stringify({ inviteToken: token } satisfies InvitationConfirmInput),
      });
      const body = (await response.json().catch(() => null)) as Partial<InvitationConfirmAnswer & ErrorAnswer> | null;
      if (!response.ok || !body?.roles) throw new Error(body?.message ?? "Could not accept the invitation");
      const user = userOf(body.roles);
      if (user) setSession({ user, userRoles: toUserRoles(body.roles) });
      navigate("/select-company");
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "Could not accept the invitation");
    } finally {
      setAccepting(false);
    }
  }

  return (
    <Flex vertical gap="large">
      <Typography.Title level={2}>Confirm invitation</Typography.Title>
      {problem && <Alert type="error" showIcon message={problem} />}
      {!invitation && !problem && <Spin />}
      {invitation && (
        <>
          <Typography.Text>
            Join <strong>{invitation.company.name}</strong> as {rolesInSentence(invitation.roles)}?
          </Typography.Text>
          <Button type="primary" loading={accepting} onClick={accept}>
            Accept invitation
          </Button>
        </>
      )}
      <Link to="/">Not now</Link>
    </Flex>
  );
}
