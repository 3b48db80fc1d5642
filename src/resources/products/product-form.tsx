import type { ProductDetail, ProductInput } from "@core/api/product";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { Form, Input, InputNumber, Modal } from "antd";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import { showFieldErrors } from "@/resources/settings/api";

/** The budgets are typed in hours (as labels' datasheets give them) and stored in minutes. */
interface FormValues {
  name: string;
  code: string;
  storageMin: number;
  storageMax: number;
  budgetAboveHours: number;
  budgetBelowHours: number;
}

function initialValues(product: ProductDetail | null): Partial<FormValues> {
  if (!product) return { storageMin: 2, storageMax: 8 };
  return {
    name: product.name,
    code: product.code,
    storageMin: product.storageMin,
    storageMax: product.storageMax,
    budgetAboveHours: product.budgetAboveMinutes / 60,
    budgetBelowHours: product.budgetBelowMinutes / 60,
  };
}

/** The server names budgets in minutes; the form shows them in hours. */
const FIELD_OF_FORM: Record<string, string> = {
  budgetAboveMinutes: "budgetAboveHours",
  budgetBelowMinutes: "budgetBelowHours",
};

/** Creating a product, or editing one (`product` given), in a dialog; the server's per-field messages show under their fields. */
export function ProductFormDialog({
  product,
  open,
  onClose,
  onSaved,
}: {
  product: ProductDetail | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: ProductDetail) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<ProductDetail>();

  const save = (values: FormValues) => {
    const body = {
      name: values.name,
      code: values.code,
      storageMin: values.storageMin,
      storageMax: values.storageMax,
      budgetAboveMinutes: Math.round(values.budgetAboveHours * 60),
      budgetBelowMinutes: Math.round(values.budgetBelowHours * 60),
    } satisfies ProductInput;
    mutate(
      {
        url: product ? `${RESOURCE.products}/${encodeURIComponent(product.id)}` : RESOURCE.products,
        method: product ? "patch" : "post",
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async ({ data }) => {
          await invalidate({ resource: RESOURCE.products, invalidates: ["all"] });
          onSaved(data);
        },
        onError: (error) => {
          if (!showFieldErrors(form, error, FIELD_OF_FORM))
            form.setFields([{ name: "name", errors: [readableError(error)] }]);
        },
      },
    );
  };

  return (
    <Modal
      title={product ? `Edit product ${product.name}` : "New product"}
      open={open}
      okText={product ? "Save" : "Create"}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} preserve={false} initialValues={initialValues(product)}>
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Enter the name" }]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          name="code"
          label="Code"
          rules={[{ required: true, whitespace: true, message: "Enter the product's code" }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="storageMin" label="Lowest storage temperature (°C)" rules={[{ required: true }]}>
          <InputNumber step={0.5} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="storageMax" label="Highest storage temperature (°C)" rules={[{ required: true }]}>
          <InputNumber step={0.5} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="budgetAboveHours"
          label="Stability budget above the range (hours)"
          extra="How long the product may spend above its range over its life."
          rules={[{ required: true, message: "Enter the budget above the range" }]}
        >
          <InputNumber min={0} step={1} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="budgetBelowHours"
          label="Stability budget below the range (hours)"
          extra="How long the product may spend below its range over its life."
          rules={[{ required: true, message: "Enter the budget below the range" }]}
        >
          <InputNumber min={0} step={1} style={{ width: "100%" }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
