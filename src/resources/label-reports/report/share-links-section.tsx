import { CopyOutlined, LinkOutlined } from "@ant-design/icons";
import type { CreatedShareLinkRecord, ShareLinkRecord } from "@core/api/share-link";
import { useDataProvider } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Empty, Flex, InputNumber, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { DateTimeText } from "@/components/list/date-time-text";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import { REPORT_QUERY_KEY } from "./report-queries";
import { Section } from "./report-sections";

/**
 * Share links of a report: read-only pages for partners without an
 * account. Shown to those who may manage them (labelReport approve, as on the server).
 * A new link's address is shown once, right after it is made: the server keeps only a
 * hash of its token.
 */

const STATE_COLORS = { active: "green", expired: "default", revoked: "red" } as const;
const STATE_TEXT = { active: "Active", expired: "Expired", revoked: "Revoked" } as const;

const linksUrl = (id: string, tail = "") => `${RESOURCE.labelReports}/${encodeURIComponent(id)}/share-links${tail}`;

function useShareLinks(reportId: string) {
  const provider = useDataProvider()();
  const queryClient = useQueryClient();
  const call = async <T,>(url: string, method: "get" | "post" | "delete", payload?: object) => {
    if (!provider.custom) throw new Error("The data provider has no custom method");
    return (await provider.custom({ url, method, ...(payload ? { payload } : {}) })).data as T;
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, reportId, "share-links"] }),
      // Creating and revoking are entries of the audit trail.
      queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, reportId, "audit"] }),
    ]);
  const list = useQuery({
    queryKey: [REPORT_QUERY_KEY, reportId, "share-links"],
    queryFn: () => call<ShareLinkRecord[]>(linksUrl(reportId), "get"),
  });
  const create = useMutation({
    mutationFn: (expiresInDays: number) => call<CreatedShareLinkRecord>(linksUrl(reportId), "post", { expiresInDays }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => call<null>(linksUrl(reportId, `/${encodeURIComponent(linkId)}`), "delete"),
    onSuccess: refresh,
  });
  return { list, create, revoke };
}

function NewLink({ link }: { link: CreatedShareLinkRecord }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      showSnackbar({ type: "success", title: "Link copied" });
    } catch {
      showSnackbar({ type: "error", title: "Could not copy: select the link and copy it" });
    }
  };
  return (
    <Alert
      type="success"
      showIcon
      message="Share this link with your partner. It is shown only now."
      description={
        <Flex gap="small" align="center" wrap>
          <Typography.Text code data-testid="share-link-url" style={{ wordBreak: "break-all" }}>
            {link.url}
          </Typography.Text>
          <Button size="small" icon={<CopyOutlined />} onClick={copy}>
            Copy
          </Button>
        </Flex>
      }
    />
  );
}

export function ShareLinksSection({ reportId }: { reportId: string }) {
  const can = useAccess();
  if (!can({ action: "approve", subject: "labelReport" })) return null;
  return <ShareLinks reportId={reportId} />;
}

function ShareLinks({ reportId }: { reportId: string }) {
  const { list, create, revoke } = useShareLinks(reportId);
  const [days, setDays] = useState<number | null>(30);
  const [created, setCreated] = useState<CreatedShareLinkRecord | null>(null);
  const submit = () =>
    create.mutate(days ?? 30, {
      onSuccess: (link) => setCreated(link),
      onError: (error) => showSnackbar({ type: "error", title: readableError(error) }),
    });
  const extra = (
    <Space>
      <InputNumber
        aria-label="Expires in days"
        min={1}
        max={90}
        precision={0}
        value={days}
        onChange={setDays}
        addonAfter="days"
        style={{ width: 130 }}
      />
      <Button icon={<LinkOutlined />} loading={create.isPending} onClick={submit}>
        Create share link
      </Button>
    </Space>
  );
  return (
    <Section title="Share links" extra={extra}>
      <Space direction="vertical" style={{ width: "100%" }}>
        {created ? <NewLink link={created} /> : null}
        {list.error ? <Alert type="error" showIcon message={readableError(list.error)} /> : null}
        <Table<ShareLinkRecord>
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          // Its own sideways scroll on a phone: the overlay keeps the screen's width.
          scroll={{ x: "max-content" }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No links: partners see nothing of this report" />
            ),
          }}
          columns={[
            {
              title: "Status",
              dataIndex: "state",
              render: (state: ShareLinkRecord["state"]) => <Tag color={STATE_COLORS[state]}>{STATE_TEXT[state]}</Tag>,
            },
            { title: "Created by", render: (_: unknown, row) => row.createdBy.name },
            { title: "Created", dataIndex: "createdAt", render: (value: string) => <DateTimeText value={value} /> },
            { title: "Expires", dataIndex: "expiresAt", render: (value: string) => <DateTimeText value={value} /> },
            { title: "Opens", dataIndex: "opens" },
            {
              title: "Last opened",
              dataIndex: "lastOpenedAt",
              render: (value: string | null) => (value ? <DateTimeText value={value} /> : "—"),
            },
            {
              title: "",
              render: (_: unknown, row) =>
                row.state === "active" ? (
                  <Popconfirm
                    title="Revoke this link?"
                    description="The partner's page then says the link has expired or was revoked."
                    okText="Revoke"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      revoke.mutate(row.id, {
                        onSuccess: () => showSnackbar({ type: "success", title: "Link revoked" }),
                        onError: (error) => showSnackbar({ type: "error", title: readableError(error) }),
                      })
                    }
                  >
                    <Button size="small" danger>
                      Revoke
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Space>
    </Section>
  );
}
