import { DeleteOutlined, InboxOutlined, UndoOutlined } from "@ant-design/icons";
import { type HttpError, useDelete, useUpdate } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { LabelPreset } from "../../types";

const failed = (message: string) => (error?: HttpError) => ({
  type: "error" as const,
  message,
  description: readableError(error),
});

/**
 * Archive or unarchive, and delete for a preset no report uses (with a confirmation).
 * Shown only to roles that may update or delete presets; the server checks again.
 */
export function PresetActions({
  preset,
  compact = false,
  onDeleted,
}: {
  preset: LabelPreset;
  /** Icon buttons with tooltips (list rows). */
  compact?: boolean;
  onDeleted?(): void;
}) {
  const can = useAccess();
  const { mutate: update, mutation: updating } = useUpdate<LabelPreset, HttpError, { isArchived: boolean }>();
  const { mutate: remove, mutation: removing } = useDelete<LabelPreset, HttpError>();
  const mayUpdate = can({ action: "update", subject: "labelPreset" });
  const mayDelete = can({ action: "delete", subject: "labelPreset" });
  if (!mayUpdate && !mayDelete) return null;

  const used = preset.reportCount ?? 0;
  const archiveLabel = preset.isArchived ? "Unarchive" : "Archive";
  const archive = () =>
    update({
      resource: RESOURCE.labelPresets,
      id: preset.slug,
      values: { isArchived: !preset.isArchived },
      successNotification: {
        type: "success",
        message: preset.isArchived ? "Preset unarchived" : "Preset archived",
        description: preset.isArchived
          ? `“${preset.name}” can be chosen for new labels again.`
          : `“${preset.name}” is no longer offered for new labels; its reports keep it.`,
      },
      errorNotification: failed(`Could not ${archiveLabel.toLowerCase()} the preset`),
    });
  const del = () =>
    remove(
      {
        resource: RESOURCE.labelPresets,
        id: preset.slug,
        successNotification: { type: "success", message: "Preset deleted", description: `“${preset.name}” is gone.` },
        errorNotification: failed("Could not delete the preset"),
      },
      { onSuccess: () => onDeleted?.() },
    );

  const deleteBlocked = used > 0;
  const deleteHint = deleteBlocked
    ? `${used === 1 ? "1 label report uses" : `${used} label reports use`} this preset: archive it instead`
    : "Delete";
  const deleteButton = (
    <Button
      danger
      icon={<DeleteOutlined />}
      disabled={deleteBlocked}
      loading={removing.isPending}
      aria-label={`Delete ${preset.name}`}
    >
      {compact ? null : "Delete"}
    </Button>
  );

  return (
    <Space size="small">
      {mayUpdate ? (
        <Tooltip title={compact ? archiveLabel : undefined}>
          <Button
            icon={preset.isArchived ? <UndoOutlined /> : <InboxOutlined />}
            onClick={archive}
            loading={updating.isPending}
            aria-label={`${archiveLabel} ${preset.name}`}
          >
            {compact ? null : archiveLabel}
          </Button>
        </Tooltip>
      ) : null}
      {mayDelete ? (
        deleteBlocked ? (
          <Tooltip title={deleteHint}>
            {/* A disabled button fires no hover events; the span carries the tooltip. */}
            <span>{deleteButton}</span>
          </Tooltip>
        ) : (
          <Popconfirm
            title={`Delete “${preset.name}”?`}
            description="No report uses it. This cannot be undone."
            okText="Delete"
            okButtonProps={{ danger: true }}
            cancelText="Cancel"
            onConfirm={del}
          >
            <Tooltip title={compact ? deleteHint : undefined}>{deleteButton}</Tooltip>
          </Popconfirm>
        )
      ) : null}
    </Space>
  );
}
