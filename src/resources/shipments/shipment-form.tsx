import type { LabelReportListItem } from "@core/api/label-report";
import type { ProductListItem } from "@core/api/product";
import type { ShipmentChanges, ShipmentDetail, ShipmentInput } from "@core/api/shipment";
import { SHIPMENT_TRANSPORT_MODE_TEXT, SHIPMENT_TRANSPORT_MODES } from "@core/domain/shipments";
import { type HttpError, useCustomMutation, useInvalidate, useList } from "@refinedev/core";
import { Form, Input, Modal, Select } from "antd";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import { showFieldErrors } from "@/resources/settings/api";
import { DateTimeInput } from "./date-time-input";

interface FormValues {
  reference: string;
  origin?: string;
  destination?: string;
  carrier?: string;
  transportMode: ShipmentInput["transportMode"];
  plannedDeparture?: string;
  plannedArrival?: string;
  product?: string;
  productId?: string | null;
  batch?: string;
  reportIds: string[];
}

const MODE_OPTIONS = SHIPMENT_TRANSPORT_MODES.map((value) => ({ value, label: SHIPMENT_TRANSPORT_MODE_TEXT[value] }));

function initialValues(shipment: ShipmentDetail | null): Partial<FormValues> {
  if (!shipment) return { transportMode: "road", reportIds: [] };
  return {
    reference: shipment.reference,
    origin: shipment.origin,
    destination: shipment.destination,
    carrier: shipment.carrier,
    transportMode: shipment.transportMode,
    plannedDeparture: shipment.plannedDeparture ?? undefined,
    plannedArrival: shipment.plannedArrival ?? undefined,
    product: shipment.product,
    productId: shipment.productId,
    batch: shipment.batch,
    reportIds: shipment.reports.map((report) => report.id),
  };
}

/**
 * Creating a shipment, or editing one (`shipment` given), in a dialog: its fields and its
 * labels (the company's label reports, picked by label id). The server's per-field
 * messages show under their fields.
 */
export function ShipmentFormDialog({
  shipment,
  open,
  onClose,
  onSaved,
}: {
  shipment: ShipmentDetail | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: ShipmentDetail) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<ShipmentDetail>();
  const reports = useList<LabelReportListItem, HttpError>({
    resource: RESOURCE.labelReports,
    pagination: { currentPage: 1, pageSize: 200 },
    queryOptions: { enabled: open },
  });
  const products = useList<ProductListItem, HttpError>({
    resource: RESOURCE.products,
    pagination: { currentPage: 1, pageSize: 200 },
    queryOptions: { enabled: open },
  });
  const productOptions = (products.result?.data ?? []).map((product) => ({
    value: product.id,
    label: `${product.name} (${product.code})`,
  }));
  const reportOptions = (reports.result?.data ?? []).map((report) => ({
    value: report.id,
    label: report.reference ? `${report.labelId} (${report.reference})` : report.labelId,
  }));

  const save = (values: FormValues) => {
    const body = {
      reference: values.reference,
      origin: values.origin ?? "",
      destination: values.destination ?? "",
      carrier: values.carrier ?? "",
      transportMode: values.transportMode,
      plannedDeparture: values.plannedDeparture ?? null,
      plannedArrival: values.plannedArrival ?? null,
      product: values.product ?? "",
      productId: values.productId ?? null,
      batch: values.batch ?? "",
      reportIds: values.reportIds ?? [],
    } satisfies ShipmentInput & ShipmentChanges;
    mutate(
      {
        url: shipment ? `${RESOURCE.shipments}/${encodeURIComponent(shipment.id)}` : RESOURCE.shipments,
        method: shipment ? "patch" : "post",
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async ({ data }) => {
          await Promise.all([
            invalidate({ resource: RESOURCE.shipments, invalidates: ["all"] }),
            invalidate({ resource: RESOURCE.labelReports, invalidates: ["all"] }),
          ]);
          onSaved(data);
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) form.setFields([{ name: "reference", errors: [readableError(error)] }]);
        },
      },
    );
  };

  return (
    <Modal
      title={shipment ? `Edit shipment ${shipment.reference}` : "New shipment"}
      open={open}
      okText={shipment ? "Save" : "Create"}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={save}
        preserve={false}
        initialValues={initialValues(shipment)}
      >
        <Form.Item
          name="reference"
          label="Reference"
          rules={[{ required: true, whitespace: true, message: "Enter the shipment's reference" }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="origin" label="Origin">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="destination" label="Destination">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="carrier" label="Carrier">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="transportMode" label="Transport mode">
          <Select options={MODE_OPTIONS} aria-label="Transport mode" />
        </Form.Item>
        <Form.Item name="plannedDeparture" label="Planned departure">
          <DateTimeInput aria-label="Planned departure" />
        </Form.Item>
        <Form.Item name="plannedArrival" label="Planned arrival">
          <DateTimeInput aria-label="Planned arrival" />
        </Form.Item>
        <Form.Item
          name="productId"
          label="Product"
          extra="A product with a stability budget: the shipment's time out of its range uses its batch's budget."
        >
          <Select
            allowClear
            showSearch
            aria-label="Product"
            options={productOptions}
            loading={products.query.isLoading}
            optionFilterProp="label"
            placeholder="Pick a product"
          />
        </Form.Item>
        <Form.Item name="product" label="Product (text)" extra="For a product without a stability budget.">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="batch" label="Batch">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="reportIds" label="Labels" extra="The label reports this shipment groups.">
          <Select
            mode="multiple"
            aria-label="Labels"
            options={reportOptions}
            loading={reports.query.isLoading}
            optionFilterProp="label"
            placeholder="Pick labels by label id"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
