import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Checkbox, Form, Modal, Radio, Select } from "antd";
import { useState } from "react";
import { TimeZoneSelect } from "@/components/controls/time-zone-select/time-zone-select";
import { useCompanyTemperatureUnit } from "@/hooks/use-display-preferences";
import { readableError } from "@/providers/readable-error";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { fetchFile, saveBlob } from "./download-file";
import {
  DATA_TABLE_OPTIONS,
  dialogChoices,
  downloadFileName,
  exportPath,
  FILE_TYPE_OPTIONS,
  LOCALE_OPTIONS,
  PAGE_SIZE_OPTIONS,
  TEMPERATURE_UNIT_OPTIONS,
} from "./download-options";

export interface DownloadDialogProps {
  reportId: string;
  labelId: string;
  open: boolean;
  onClose(): void;
}

/**
 * The download dialog (loaded on first use): it opens on the screen's zone, locale and unit
 * where chosen (dialogChoices), and every choice made here is remembered in the preferences.
 */
export function DownloadDialog({ reportId, labelId, open, onClose }: DownloadDialogProps) {
  const downloadReport = usePreferencesStore((s) => s.downloadReport);
  const fahrenheit = usePreferencesStore((s) => s.fahrenheit);
  const downloadChosen = usePreferencesStore((s) => s.downloadChosen);
  const timeZone = usePreferencesStore((s) => s.timeZone);
  const locale = usePreferencesStore((s) => s.locale);
  const companyUnit = useCompanyTemperatureUnit(fahrenheit === null && !downloadChosen?.temperatureUnit);
  const prefs = dialogChoices({ downloadReport, fahrenheit, downloadChosen, timeZone, locale }, companyUnit);
  const setPrefs = usePreferencesStore((s) => s.setDownloadReport);
  const [busy, setBusy] = useState(false);
  // This download's choice only, off each time the dialog opens: a trail names people.
  const [includeAuditTrail, setIncludeAuditTrail] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { blob, contentDisposition } = await fetchFile(exportPath(reportId, prefs, undefined, includeAuditTrail));
      saveBlob(blob, downloadFileName(contentDisposition, labelId, prefs.fileType));
      onClose();
    } catch (e) {
      setError(readableError(e as Error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Download report"
      okText="Download"
      okButtonProps={{ icon: <DownloadOutlined />, loading: busy }}
      onOk={download}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label="File type">
          <Radio.Group
            optionType="button"
            options={[...FILE_TYPE_OPTIONS]}
            value={prefs.fileType}
            onChange={(e) => setPrefs({ fileType: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Page size">
          <Radio.Group
            optionType="button"
            options={[...PAGE_SIZE_OPTIONS]}
            value={prefs.pageSize}
            disabled={prefs.fileType !== "pdf"}
            onChange={(e) => setPrefs({ pageSize: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Time zone">
          <TimeZoneSelect
            aria-label="Time zone"
            value={prefs.timeZone}
            defaultChoice="utc"
            onChange={(timeZone) => setPrefs({ timeZone })}
          />
        </Form.Item>
        <Form.Item label="Locale">
          <Select
            aria-label="Locale"
            options={[...LOCALE_OPTIONS]}
            value={prefs.locale}
            onChange={(locale) => setPrefs({ locale })}
          />
        </Form.Item>
        <Form.Item label="Temperature unit">
          <Radio.Group
            optionType="button"
            options={[...TEMPERATURE_UNIT_OPTIONS]}
            value={prefs.temperatureUnit}
            onChange={(e) => setPrefs({ temperatureUnit: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Data table" extra={prefs.fileType === "csv" ? "A CSV file holds every reading." : undefined}>
          <Select
            aria-label="Data table"
            options={[...DATA_TABLE_OPTIONS]}
            // The choice shapes the PDF's table only: a CSV always has every reading.
            disabled={prefs.fileType !== "pdf"}
            value={prefs.includeDataTable}
            onChange={(includeDataTable) => setPrefs({ includeDataTable })}
          />
        </Form.Item>
        <Form.Item extra={prefs.fileType === "pdf" ? undefined : "The audit trail is appended to a PDF only."}>
          <Checkbox
            checked={includeAuditTrail && prefs.fileType === "pdf"}
            disabled={prefs.fileType !== "pdf"}
            onChange={(e) => setIncludeAuditTrail(e.target.checked)}
          >
            Include audit trail
          </Checkbox>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message="The download failed" description={error} /> : null}
    </Modal>
  );
}
