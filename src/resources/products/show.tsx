import { EditOutlined } from "@ant-design/icons";
import type { ProductDetail } from "@core/api/product";
import { budgetHoursText, storageRangeText } from "@core/domain/stability-budget";
import { type HttpError, useOne } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Skeleton, Table, Typography } from "antd";
import { useState } from "react";
import { useParams } from "react-router";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { LazyNotFoundPage } from "@/components/error-page/lazy-error-page";
import { TitledPage } from "@/components/record/record-page";
import { useAccess } from "@/hooks/use-access";
import { useTemperatureUnit } from "@/hooks/use-display-preferences";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import { BudgetBars } from "./budget-bars";
import { ProductFormDialog } from "./product-form";

type Batch = ProductDetail["batches"][number];

/**
 * `/products/{id}`: the product's range and budgets, and each batch of its shipments with
 * a bar of the budget it used per side (computed by the server from the readings).
 */
export function ProductShow() {
  const { id } = useParams();
  const can = useAccess();
  const [editing, setEditing] = useState(false);
  const temperatureUnit = useTemperatureUnit();
  const { query, result: product } = useOne<ProductDetail, HttpError>({
    resource: RESOURCE.products,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
    errorNotification: false,
  });
  if (query.isError && query.error.statusCode === 404) return <LazyNotFoundPage />;
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!product) return <Skeleton active />;

  return (
    <TitledPage
      title={`Product ${product.name}`}
      backTo="/products"
      actions={
        can({ action: "update", subject: "labelPreset" }) ? (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null
      }
    >
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Code">{product.code}</Descriptions.Item>
          <Descriptions.Item label="Storage range">{storageRangeText(product, temperatureUnit)}</Descriptions.Item>
          <Descriptions.Item label="Stability budget">
            {budgetHoursText(product.budgetAboveMinutes)} above, {budgetHoursText(product.budgetBelowMinutes)} below
          </Descriptions.Item>
          {product.companyName ? <Descriptions.Item label="Company">{product.companyName}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Card title={`Batches (${product.batches.length})`}>
        {product.batches.length === 0 ? (
          <Typography.Text type="secondary">No shipment with a batch carries this product yet.</Typography.Text>
        ) : (
          <Table<Batch>
            rowKey="batch"
            pagination={false}
            dataSource={product.batches}
            columns={[
              {
                key: "batch",
                title: "Batch",
                render: (_, batch) => (
                  <span data-testid={`batch-${batch.batch}`}>
                    <strong>{batch.batch}</strong>{" "}
                    {batch.exhausted ? <PlainTag color="error">Budget exhausted</PlainTag> : null}
                  </span>
                ),
              },
              { key: "shipments", title: "Shipments", render: (_, batch) => batch.shipmentCount },
              {
                key: "budget",
                title: "Budget used",
                width: "50%",
                render: (_, batch) => <BudgetBars budget={batch.budget} range={product} />,
              },
            ]}
          />
        )}
      </Card>
      <ProductFormDialog
        product={product}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </TitledPage>
  );
}
