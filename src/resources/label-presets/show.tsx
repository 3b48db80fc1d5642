import { ArrowLeftOutlined, EditOutlined } from "@ant-design/icons";
import { type HttpError, useOne } from "@refinedev/core";
import { Alert, Button, Flex, Skeleton, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { LazyNotFoundPage } from "@/components/error-page/lazy-error-page";
import { DateTimeText } from "@/components/list/date-time-text";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { LabelPreset } from "../types";
import { PresetActions } from "./components/preset-actions";
import { PresetEditForm } from "./components/preset-edit-form";
import { PresetSummary } from "./components/preset-summary";
import { PresetVersions } from "./components/preset-versions";
import { toFormValues } from "./preset-form";
import styles from "./show.module.css";
import { useTemperatureUnit } from "./use-temperature-unit";

/**
 * `/label-presets/{slug}`: a preset's settings, and for those who may update presets
 * (administrator, distributorAdmin, systemAdmin) the edit form and the archive and
 * delete actions. Others (a handler) read it only.
 */
export function LabelPresetShow() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const unit = useTemperatureUnit();
  const can = useAccess();
  const [editing, setEditing] = useState(false);
  const { query, result: preset } = useOne<LabelPreset, HttpError>({
    resource: RESOURCE.labelPresets,
    id: slug ?? "",
    queryOptions: { enabled: slug !== undefined },
    // The page says what went wrong; Refine's snackbar repeated it as the response's raw JSON.
    errorNotification: false,
  });
  const mayUpdate = can({ action: "update", subject: "labelPreset" });

  const back = (
    <Button type="text" aria-label="Back" icon={<ArrowLeftOutlined />} onClick={() => navigate("/label-presets")} />
  );
  if (query.error?.statusCode === 404) return <LazyNotFoundPage />;
  if (query.isError) {
    return (
      <Flex vertical gap="middle">
        <Flex align="center" gap="small">
          {back}
          <Typography.Title level={2}>Label preset</Typography.Title>
        </Flex>
        <Alert type="error" showIcon message="Could not load this preset" description={readableError(query.error)} />
      </Flex>
    );
  }
  if (query.isLoading || !preset) return <Skeleton active />;

  const used = preset.reportCount ?? 0;
  return (
    <Flex vertical gap="large" className={styles.page}>
      <Flex justify="space-between" align="flex-start" wrap gap="middle">
        <Flex align="flex-start" gap="small">
          {back}
          <div>
            <Flex align="center" gap="small">
              <Typography.Title level={2} className={styles.title}>
                {preset.name}
              </Typography.Title>
              {preset.isArchived ? <Tag>Archived</Tag> : null}
            </Flex>
            <Typography.Text type="secondary">
              {used === 1 ? "1 report uses it" : `${used} reports use it`} · created{" "}
              <DateTimeText value={preset.created} /> · updated <DateTimeText value={preset.updated} />
            </Typography.Text>
            {preset.description ? (
              <Typography.Paragraph className={styles.description}>{preset.description}</Typography.Paragraph>
            ) : null}
          </div>
        </Flex>
        {editing ? null : (
          <Flex gap="small" wrap>
            {mayUpdate ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            ) : null}
            <PresetActions preset={preset} onDeleted={() => navigate("/label-presets")} />
          </Flex>
        )}
      </Flex>
      {editing ? (
        <PresetEditForm preset={preset} unit={unit} onDone={() => setEditing(false)} />
      ) : (
        <PresetSummary preset={toFormValues(preset, "celsius")} unit={unit} withName={false} />
      )}
      <PresetVersions presetId={preset.id} version={preset.version} />
    </Flex>
  );
}
