import type { ProductListItem } from "@core/api/product";
import { budgetHoursText, storageRangeText } from "@core/domain/stability-budget";
import type { ColumnSpec } from "@/components/list/columns";
import { useTemperatureUnit } from "@/hooks/use-display-preferences";

/** "2–8 °C", in the person's temperature unit. */
function StorageRange({ product }: { product: ProductListItem }) {
  return <>{storageRangeText(product, useTemperatureUnit())}</>;
}

/** The product list: name, code, storage range, budgets and how many shipments carry it. */
export const productColumns: ColumnSpec<ProductListItem>[] = [
  { key: "name", title: "Name", render: (product) => <strong>{product.name}</strong> },
  { key: "code", title: "Code", render: (product) => product.code },
  {
    key: "storageMin",
    title: "Storage range",
    render: (product) => <StorageRange product={product} />,
  },
  {
    key: "budgetAboveMinutes",
    title: "Budget above",
    render: (product) => budgetHoursText(product.budgetAboveMinutes),
  },
  {
    key: "budgetBelowMinutes",
    title: "Budget below",
    render: (product) => budgetHoursText(product.budgetBelowMinutes),
  },
  { key: "shipmentCount", title: "Shipments", render: (product) => product.shipmentCount },
];
